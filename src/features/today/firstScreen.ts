/**
 * The requests of `/today`'s first screen, made by boot before the page renders (app/firstScreenData):
 * every panel's day of rows and the highest node's snapshot start together with the page's code,
 * instead of after its first render, and none waits for another. The panels ask with the same
 * builders, so they find these answers in the cache.
 */
import type { QueryClient } from '@tanstack/react-query';
import { liveRowsOptions } from '@/api/query/liveRows';
import { DATASET_IDS } from '@/contract';
import { readUrlState } from '@/lib/urlState';
import { marketDateOf } from '@/time';
import { ancillaryParams } from './AncillaryPanel';
import { dayAheadParams, loadParams, newestParams } from './LoadForecastPanel';
import { dayOf, dayRange } from './marketDayParams';
import { highestNodeAt, highestNodeOptions, hubParams } from './PricesPanel';
import {
  dayAheadParams as renewableDayAhead,
  newestParams as renewableNewest,
  RESOURCES,
} from './RenewablesPanel';
import { reservesParams } from './ReservesPanel';
import { todayUrlState } from './todayUrlState';

export function prefetchToday(queryClient: QueryClient, search: string): Promise<unknown> {
  const { state } = readUrlState(todayUrlState, new URLSearchParams(search));
  const now = Date.now();
  const day = dayOf(state.date || marketDateOf(now));
  const hubs = hubParams(day);
  const live = [
    liveRowsOptions(DATASET_IDS.fuelMix, dayRange(day)),
    liveRowsOptions(DATASET_IDS.load, loadParams(day)),
    liveRowsOptions(DATASET_IDS.loadForecast, newestParams(day)),
    liveRowsOptions(DATASET_IDS.loadForecast, dayAheadParams(day)),
    liveRowsOptions(DATASET_IDS.realTimeSpp, hubs),
    liveRowsOptions(DATASET_IDS.dayAheadSpp, hubs),
    ...RESOURCES.flatMap((r) => [
      liveRowsOptions(r.id, renewableNewest(day, r)),
      liveRowsOptions(r.id, renewableDayAhead(day, r)),
    ]),
    liveRowsOptions(DATASET_IDS.ancillaryPrices, ancillaryParams(day)),
    liveRowsOptions(DATASET_IDS.realTimeAncillaryMonitor, reservesParams(day, now)),
  ];
  // A failed answer is the panel's to show, with its own retry.
  const noop = () => undefined;
  return Promise.all([
    ...live.map((options) => queryClient.query(options).catch(noop)),
    queryClient.query(highestNodeOptions(highestNodeAt(now, day))).catch(noop),
  ]);
}
