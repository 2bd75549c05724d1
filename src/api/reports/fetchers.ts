import { request } from '@/api/request';
import { type DailyPeak, normalizeDailyPeak } from '@/api/reports/normalizeDailyPeak';
import { type AnyDailyPeakReport, endpointPath } from '@/contract';

/**
 * `date` is `YYYY-MM-DD`. Without it a server in the seed's shapes answers for the latest complete
 * market day, one in the hosted shapes for the current day so far.
 */
export async function fetchDailyPeak(
  iso: string,
  date?: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<DailyPeak> {
  const body = await request<AnyDailyPeakReport>(endpointPath('dailyPeak', { iso }), {
    params: { date },
    signal,
    wire: 'dailyPeak',
  });
  return normalizeDailyPeak(body);
}
