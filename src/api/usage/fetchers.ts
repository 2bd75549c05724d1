import { request, type RequestOptions } from '@/api/request';
import { normalizeUsage, type Usage } from '@/api/usage/normalizeUsage';
import { type AnyApiUsage, endpointPath } from '@/contract';

/** The caller's usage, in one shape whichever server (seed or hosted shapes) answered. */
export async function fetchApiUsage({
  signal,
  connection,
}: Pick<RequestOptions, 'signal' | 'connection'> = {}): Promise<Usage> {
  const body = await request<AnyApiUsage>(endpointPath('apiUsage'), { signal, connection, wire: 'apiUsage' });
  return normalizeUsage(body);
}
