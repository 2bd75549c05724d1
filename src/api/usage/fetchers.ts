import { request, type RequestOptions } from '@/api/request';
import { type ApiUsage, endpointPath } from '@/contract';

export function fetchApiUsage({
  signal,
  connection,
}: Pick<RequestOptions, 'signal' | 'connection'> = {}): Promise<ApiUsage> {
  return request<ApiUsage>(endpointPath('apiUsage'), { signal, connection, wire: 'apiUsage' });
}
