import { request } from '@/api/request';
import { ApiError } from '@/api/ApiError';
import { type DailyPeak, isKnownDailyPeakShape, normalizeDailyPeak } from '@/api/reports/normalizeDailyPeak';
import { endpointPath } from '@/contract';

/**
 * `date` is `YYYY-MM-DD`. Without it a server in the seed's shapes answers for the latest complete
 * market day, one in the hosted shapes for the current day so far.
 */
export async function fetchDailyPeak(
  iso: string,
  date?: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<DailyPeak> {
  const path = endpointPath('dailyPeak', { iso });
  const body = await request<unknown>(path, { params: { date }, signal, wire: 'dailyPeak' });
  if (!isKnownDailyPeakShape(body)) {
    throw new ApiError({
      status: 200,
      detail:
        'The peak report is in neither known shape (the seed API’s or the hosted API’s). Check the base URL.',
      path,
    });
  }
  return normalizeDailyPeak(body);
}
