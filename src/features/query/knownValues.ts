/**
 * The values a filter column can take, where the app knows them: location names and location
 * types from the pricing-location registry, for the datasets its locations are priced in; for a
 * dataset with a location column of its own (LMP by bus: electrical buses, which the registry does
 * not list), the names of its newest interval. Small sets get a picker of their values; every known
 * set lets the builder say when a typed value is unknown, and which ones are near it.
 */
import { useQuery } from '@tanstack/react-query';
import { useFirstScreenDone } from '@/api/firstScreen';
import { allPricingLocationsOptions } from '@/api/locations/queries';
import { subseriesValuesOptions } from '@/api/query/queries';
import type { Dataset } from '@/contract';
import { unknownNames, type UnknownName } from '@/lib/nearestNames';

/** Sets up to this size are offered as a list to pick from instead of a text box. */
const PICKABLE_VALUES = 30;
/** The registry in one page: the API's largest. */
const REGISTRY = allPricingLocationsOptions();
const LOCATION_TYPE_COLUMN = 'location_type';

export interface KnownValues {
  /** What one value is called: `location`, `location type`. */
  noun: string;
  values: readonly string[];
  /** Few enough to list them all. */
  pickable: boolean;
  /** Every value is among them: only then can a typed one be called unknown. */
  complete: boolean;
}

/** Which registry field a column of `dataset` holds, if any. */
function registryField(dataset: Dataset, column: string): 'location' | 'location_type' | null {
  // Resource and constraint names are not pricing locations: typed freely, never called unknown.
  if (dataset.subseries_index_column !== 'location') return null;
  if (column === dataset.subseries_index_column) return 'location';
  if (column === LOCATION_TYPE_COLUMN) return 'location_type';
  return null;
}

/** The known values of `column`, undefined while they load or where none are known; `failed` when the registry did not answer. */
export function useKnownValues(dataset: Dataset, column: string): { known?: KnownValues; failed: boolean } {
  const field = column === '' ? null : registryField(dataset, column);
  // A check beside the field, not the page's data: it waits for the first screen.
  const firstScreenDone = useFirstScreenDone();
  const registry = useQuery({ ...REGISTRY, enabled: field !== null && firstScreenDone });
  const priced = registry.data?.items.filter((l) => l.pricing_datasets.includes(dataset.id));
  // The registry answered and prices none of this dataset's rows: its own names are the ones to know.
  const own = field === 'location' && priced !== undefined && priced.length === 0;
  const ownValues = useQuery({ ...subseriesValuesOptions(dataset.id, column), enabled: own });
  if (own) {
    if (!ownValues.data) return { failed: ownValues.isError };
    return {
      known: {
        noun: 'location',
        values: ownValues.data.names,
        pickable: ownValues.data.complete && ownValues.data.names.length <= PICKABLE_VALUES,
        complete: ownValues.data.complete,
      },
      failed: false,
    };
  }
  if (field === null || !priced) return { failed: field !== null && registry.isError };
  // Location types the registry knows say nothing of a dataset it does not price.
  if (priced.length === 0) return { failed: false };
  const values = [...new Set(priced.map((l) => (field === 'location' ? l.location : l.location_type)))];
  if (field === 'location_type') values.sort();
  return {
    known: {
      noun: field === 'location' ? 'location' : 'location type',
      values,
      pickable: values.length <= PICKABLE_VALUES,
      complete: registry.data !== undefined && registry.data.total_items <= registry.data.items.length,
    },
    failed: false,
  };
}

/** The typed values (comma-separated for `in`) that are not known, each with the known values nearest to it. */
export function unknownValues(text: string, multiple: boolean, known: KnownValues): UnknownName[] {
  if (!known.complete) return [];
  return unknownNames(multiple ? text.split(',') : [text], known.values);
}
