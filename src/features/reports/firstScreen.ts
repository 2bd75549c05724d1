/**
 * The requests of the peak report's first screen, made by boot before the page renders
 * (app/firstScreenData): the report and the load's metadata at once, then the day's curve and the
 * range of daily peaks as soon as the day is known (from the link, else from the report's answer)
 * instead of each after a render of the page; and both panels' chart code. Built with the panels' own parameters, so the page
 * finds them in flight or in the cache.
 */
import { askAhead } from '@/api/askAhead';
import { LazyDailyPeaksChart } from '@/components/charts/LazyDailyPeaksChart';
import { LazyPeakCurveChart } from '@/components/charts/LazyPeakCurveChart';
import type { QueryClient } from '@tanstack/react-query';
import { datasetOptions } from '@/api/datasets/queries';
import { datasetQueryOptions } from '@/api/query/queries';
import { dailyPeakOptions } from '@/api/reports/queries';
import { DATASET_IDS } from '@/contract';
import { readUrlState } from '@/lib/urlState';
import { marketDateOf } from '@/time';
import { dailyPeaksParams } from './DailyPeaksPanel';
import { DAILY_PEAK_ISO, dailyPeakUrlState } from './dailyPeakUrlState';
import { curveParams } from './LoadCurvePanel';
import { resolveRange } from './resolveRange';

export async function prefetchDailyPeak(queryClient: QueryClient, search: string): Promise<unknown> {
  const { state } = readUrlState(dailyPeakUrlState, new URLSearchParams(search));
  void askAhead(queryClient.query(datasetOptions(DATASET_IDS.load)));
  // A day still to come is named by the page, not asked for.
  if (state.date > marketDateOf(Date.now())) return;
  // Both panels' chart code, while their data is on its way (the panels ask only once mounted).
  void LazyPeakCurveChart.preload();
  void LazyDailyPeaksChart.preload();
  const report = askAhead(queryClient.query(dailyPeakOptions(DAILY_PEAK_ISO, state.date || undefined)));
  // Without a report the page falls back on the load's coverage: that chain is left to it.
  const date = state.date || (await report)?.date;
  if (date === undefined) return;
  const { range } = resolveRange(date, state.from, state.to);
  const load = (params: Parameters<typeof datasetQueryOptions>[1]) =>
    askAhead(queryClient.query(datasetQueryOptions(DATASET_IDS.load, params)));
  return Promise.all([load(curveParams(date)), range && load(dailyPeaksParams(range))]);
}
