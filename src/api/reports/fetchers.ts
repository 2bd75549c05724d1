import { request } from '@/api/request';
import type { DailyPeakReport } from '@/contract';

/** `date` is `YYYY-MM-DD`; without it the server answers for the latest complete market day. */
export function fetchDailyPeak(
  iso: string,
  date?: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<DailyPeakReport> {
  return request<DailyPeakReport>(`/v1/reports/daily_peak/${encodeURIComponent(iso)}`, {
    params: { date },
    signal,
    wire: 'dailyPeak',
  });
}
