import { request, type RequestOptions } from '@/api/request';
import type { HealthResponse } from '@/contract';

export function fetchHealth({
  signal,
  connection,
}: Pick<RequestOptions, 'signal' | 'connection'> = {}): Promise<HealthResponse> {
  return request<HealthResponse>('/health', { signal, connection, wire: 'health' });
}
