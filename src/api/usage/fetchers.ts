import { request, type RequestOptions } from '@/api/request';
import type { Usage } from '@/api/usage/normalizeUsage';
import { ApiError } from '@/api/ApiError';
import { endpointPath } from '@/contract';

const UNKNOWN_SHAPE =
  'The usage answer is in neither known shape (the seed API’s or the hosted API’s). Check the base URL.';

/**
 * The caller's usage, in one shape whichever server (seed or hosted shapes) answered. The reader
 * of the two shapes loads with the first answer: four lazy pages share this fetcher, so a static
 * import would put it in the first screen's shared chunk.
 */
export async function fetchApiUsage({
  signal,
  connection,
}: Pick<RequestOptions, 'signal' | 'connection'> = {}): Promise<Usage> {
  const path = endpointPath('apiUsage');
  const body = await request<unknown>(path, { signal, connection, wire: 'apiUsage' });
  const { isKnownUsageShape, normalizeUsage } = await import('@/api/usage/normalizeUsage');
  if (!isKnownUsageShape(body)) throw new ApiError({ status: 200, detail: UNKNOWN_SHAPE, path });
  return normalizeUsage(body);
}
