import { request, type RequestOptions } from '@/api/request';
import type { Usage } from '@/api/usage/normalizeUsage';
import { type AnyApiUsage, endpointPath } from '@/contract';

/**
 * The caller's usage, in one shape whichever server (seed or hosted shapes) answered. The reader
 * of the two shapes loads with the first answer: four lazy pages share this fetcher, so a static
 * import would put it in the first screen's shared chunk.
 */
export async function fetchApiUsage({
  signal,
  connection,
}: Pick<RequestOptions, 'signal' | 'connection'> = {}): Promise<Usage> {
  const body = await request<AnyApiUsage>(endpointPath('apiUsage'), { signal, connection, wire: 'apiUsage' });
  const { normalizeUsage } = await import('@/api/usage/normalizeUsage');
  return normalizeUsage(body);
}
