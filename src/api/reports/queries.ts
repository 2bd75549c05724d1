import { queryOptions } from '@tanstack/react-query';
import { fetchDailyPeak } from '@/api/reports/fetchers';
import { reportKeys } from '@/api/reports/keys';

export function dailyPeakOptions(iso: string, date?: string) {
  return queryOptions({
    queryKey: reportKeys.dailyPeak(iso, date),
    queryFn: ({ signal }) => fetchDailyPeak(iso, date, { signal }),
  });
}
