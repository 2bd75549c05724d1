import { request } from '@/api/request';
import { type DailyPeakReport, endpointPath } from '@/contract';

/** `date` is `YYYY-MM-DD`; without it the server answers for the latest complete market day. */
export function fetchDailyPeak(
  iso: string,
  date?: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<DailyPeakReport> {
  return request<DailyPeakReport>(endpointPath('dailyPeak', { iso }), {
    params: { date },
    signal,
    wire: 'dailyPeak',
  });
}
