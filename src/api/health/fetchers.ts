import { request, type RequestOptions } from '@/api/request';
import { endpointPath, type HealthResponse } from '@/contract';

export function fetchHealth({
  signal,
  connection,
}: Pick<RequestOptions, 'signal' | 'connection'> = {}): Promise<HealthResponse> {
  return request<HealthResponse>(endpointPath('health'), { signal, connection, wire: 'health' });
}
