/**
 * The registry's location names, for the names a location filter may take: a filter naming no
 * known location is not asked for, and the series says so with the nearest names.
 */
import { useQuery } from '@tanstack/react-query';
import type { Dataset, PricingLocationList } from '@/contract';
import { allPricingLocationsOptions, pricedDatasetsOf } from '@/api/locations/queries';
import { subseriesValuesOptions } from '@/api/query/queries';
import type { DataSeries } from '@/compare/compareWorkspace';
import { unknownNames, type UnknownName } from '@/lib/nearestNames';

/** The registry in one page (the API's largest). */
const REGISTRY = allPricingLocationsOptions();

export interface KnownLocations {
  names: readonly string[];
  set: ReadonlySet<string>;
  /** Every location is among them: only then can a name be said not to exist. */
  complete: boolean;
  /**
   * The datasets the registry's locations are priced in. Others have a location column of their
   * own (LMP by bus: electrical buses, which are not pricing locations), whose names it cannot judge.
   */
  datasets: ReadonlySet<string>;
}

export const knownLocationsOf = (page: PricingLocationList): KnownLocations => {
  const names = page.items.map((l) => l.location);
  return {
    names,
    set: new Set(names),
    complete: page.total_items <= page.items.length,
    datasets: pricedDatasetsOf(page.items),
  };
};

/** The registry's location names; undefined while they load, or when the registry did not answer. */
export function useKnownLocations(enabled: boolean): KnownLocations | undefined {
  return useQuery({ ...REGISTRY, enabled, select: knownLocationsOf }).data;
}

/** The location names one series' box suggests, and checks as they are typed when `complete`. */
export interface SeriesLocationNames {
  names: readonly string[];
  /** The dataset's own names, not the registry's. */
  own: boolean;
  complete: boolean;
}

/**
 * The registry's names where it prices the series' dataset; otherwise the dataset's own, the names
 * of its newest interval (electrical buses, which no registry lists, exist over the whole history).
 * Undefined while they load, or for a dataset without a location column.
 */
export function useSeriesLocationNames(
  dataset: Dataset | undefined,
  known: KnownLocations | undefined,
): SeriesLocationNames | undefined {
  const byLocation = dataset?.subseries_index_column === 'location';
  const own = byLocation && known !== undefined && !known.datasets.has(dataset.id);
  const ownNames = useQuery({ ...subseriesValuesOptions(dataset?.id ?? '', 'location'), enabled: own }).data;
  if (own) return ownNames && { names: ownNames.names, own, complete: ownNames.complete };
  return byLocation && known ? { names: known.names, own, complete: known.complete } : undefined;
}

/** Whether `spec` filters its dataset by location, the registry's names. */
export const filtersByLocation = (spec: DataSeries, dataset: Dataset | undefined): boolean =>
  dataset?.subseries_index_column === 'location' &&
  spec.filterColumn === 'location' &&
  spec.filterValue.trim() !== '';

/** The location `spec` filters on when the registry does not know it, with the nearest names. */
export function unknownLocationOf(
  spec: DataSeries,
  dataset: Dataset | undefined,
  known: KnownLocations | undefined,
): UnknownName | null {
  if (!known?.complete || !filtersByLocation(spec, dataset) || known.set.has(spec.filterValue)) return null;
  if (!dataset || !known.datasets.has(dataset.id)) return null;
  return unknownNames([spec.filterValue], known.names)[0] ?? null;
}
