import type { QueryClient } from '@tanstack/react-query';
import { datasetsOptions } from '@/api/datasets/queries';
import type { SnapshotKey } from '@/api/prices/keys';
import { priceSnapshotOptions } from '@/api/prices/queries';
import { formatUtc, marketDateOf, marketDay } from '@/time';
import { preloadLocationMap } from '@/components/map/LazyLocationMap';
import { readUrlState } from '@/lib/urlState';
import { pickPriceDatasets, type PriceDataset } from './priceDatasets';
import { allPricingLocationsOptions, pricedDatasetsOf } from '@/api/locations/queries';
import { priceMapUrlState } from './priceMapUrlState';

/**
 * Which interval the price map shows, as one pure computation shared by the page and by the
 * prefetch of its first screen, so both ask for the same snapshot.
 */

/** The dataset the URL names, else the first (real-time 5-minute LMP when there is one). */
export const chosenDataset = (priceSets: readonly PriceDataset[], ds: string): PriceDataset | undefined =>
  priceSets.find((d) => d.id === ds) ?? priceSets[0];

/** The URL's market day, else the day of the dataset's latest data. */
export const chosenDay = (dataset: PriceDataset | undefined, day: string): string =>
  day || (dataset ? marketDateOf(dataset.latest) : '');

export interface StepWindow {
  /** The first and last steps of the day with data (-1 when none). */
  first: number;
  last: number;
  /** The step shown: the wanted one within the data; -1 or past the data means the latest. */
  index: number;
}

export function stepWindow(
  dataset: PriceDataset | undefined,
  steps: readonly number[],
  wanted: number,
): StepWindow {
  const first = dataset ? steps.findIndex((t) => t >= dataset.earliest) : -1;
  let last = -1;
  if (dataset)
    for (let k = steps.length - 1; k >= 0; k--)
      if ((steps[k] ?? Infinity) <= dataset.latest) {
        last = k;
        break;
      }
  const hasData = first >= 0 && last >= first;
  const index = !hasData ? -1 : wanted < 0 || wanted > last ? last : Math.max(wanted, first);
  return { first, last, index };
}

export const snapshotKeyOf = (dataset: PriceDataset | undefined, time: number): SnapshotKey => ({
  dataset: dataset?.id ?? '',
  column: dataset?.priceColumn ?? '',
  time: formatUtc(time),
});

/**
 * Asks for the snapshot the page at `search` will show as soon as the catalog has answered,
 * without waiting for the page to render with the catalog first (on a cold start that render held
 * the main thread, and the engine waited idle behind it; bench price-map).
 */
export async function prefetchShownStep(queryClient: QueryClient, search: string): Promise<void> {
  // The map's code and basemap too, before the page's first render asks for them.
  preloadLocationMap(queryClient);
  const { state } = readUrlState(priceMapUrlState, new URLSearchParams(search));
  // The registry says which datasets the map can draw; it is asked beside the catalog, not after.
  const [catalog, locations] = await Promise.all([
    queryClient.query(datasetsOptions()),
    queryClient.query(allPricingLocationsOptions()),
  ]);
  const dataset = chosenDataset(pickPriceDatasets(catalog.data, pricedDatasetsOf(locations.items)), state.ds);
  if (dataset === undefined) return;
  const steps = marketDay(chosenDay(dataset, state.day), dataset.stepMs).steps;
  const time = steps[stepWindow(dataset, steps, state.i).index];
  if (time === undefined) return;
  await queryClient.query(priceSnapshotOptions(snapshotKeyOf(dataset, time)));
}
