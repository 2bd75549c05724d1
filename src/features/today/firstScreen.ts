/**
 * The requests of `/today`'s first screen, made by boot before the page renders (app/firstScreenData):
 * every panel's day of rows and the highest node's snapshot start together with the page's code,
 * instead of after its first render, and none waits for another. Each panel's own list of requests
 * is asked for, so the panels find these answers in the cache. The charts' code is asked for too.
 */
import { askAhead } from '@/api/askAhead';
import { LazyTimeSeriesChart } from '@/components/charts/LazyTimeSeriesChart';
import type { QueryClient } from '@tanstack/react-query';
import { liveRowsOptions } from '@/api/query/liveRows';
import { readUrlState } from '@/lib/urlState';
import { marketDateOf } from '@/time';
import { dayRequests } from './dayRequests';
import { dayOf } from './marketDayParams';
import { highestNodeAt, highestNodeOptions } from './PricesPanel';
import { todayUrlState } from './todayUrlState';

export function prefetchToday(queryClient: QueryClient, search: string): Promise<unknown> {
  const { state } = readUrlState(todayUrlState, new URLSearchParams(search));
  const now = Date.now();
  const day = dayOf(state.date || marketDateOf(now));
  const requests = dayRequests(day, now);
  // The panels' chart code, while their rows are on their way (the page asks only once mounted).
  void LazyTimeSeriesChart.preload();
  return Promise.all([
    ...requests.map(({ id, params }) => askAhead(queryClient.query(liveRowsOptions(id, params)))),
    askAhead(queryClient.query(highestNodeOptions(highestNodeAt(now, day)))),
  ]);
}
