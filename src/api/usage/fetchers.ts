import { request, type RequestOptions } from '@/api/request';
import type { ApiUsage } from '@/contract';

export function fetchApiUsage({
  signal,
  connection,
}: Pick<RequestOptions, 'signal' | 'connection'> = {}): Promise<ApiUsage> {
  return request<ApiUsage>('/v1/api_usage', { signal, connection, wire: 'apiUsage' });
}
