/**
 * The list of `GET /v1/pricing_locations` (contract §8) over wire items: filters, disjunctive
 * facets, sorting and paging. Pure: parameters arrive parsed and checked by the handler.
 */
import type {
  Order,
  PricingLocation,
  PricingLocationFacet,
  PricingLocationList,
  PricingLocationSortColumn,
} from '@/contract';

interface LocationFilters {
  /** Case-insensitive substring of `location`, `gs_entity_id` or `zone`. */
  search?: string;
  /** Each list: case-insensitive exact values; absent or empty = no filter. */
  locationTypes?: readonly string[];
  zones?: readonly string[];
  statuses?: readonly string[];
  /** Only items with (`true`) or without (`false`) coordinates. */
  hasGeo?: boolean;
}

export interface LocationListQuery extends LocationFilters {
  sortColumn: PricingLocationSortColumn;
  sortOrder: Order;
  /** 1-based. */
  page: number;
  pageSize: number;
}

/**
 * Every scalar field of an item, keyed so that a field added to `PricingLocationSortColumn`
 * (or removed from it) is a type error here until the mock follows.
 */
const SORTABLE = {
  gs_entity_id: true,
  location: true,
  location_type: true,
  market_id: true,
  baa: true,
  zone: true,
  zone_type: true,
  latitude: true,
  longitude: true,
  earliest_seen_utc: true,
  latest_seen_utc: true,
  status_threshold_days: true,
  status: true,
} as const satisfies Record<PricingLocationSortColumn, true>;

/** The sort columns the list accepts, in the order an error message lists them. */
export const LOCATION_SORT_COLUMNS = Object.keys(SORTABLE) as PricingLocationSortColumn[];

const FACET_FIELDS = ['location_type', 'zone', 'status'] as const satisfies readonly PricingLocationFacet[];
type FacetField = (typeof FACET_FIELDS)[number];

interface CompiledFilters {
  search: string | null;
  hasGeo: boolean | undefined;
  /** Lower-cased wanted values per facet field; `null` = no filter on that field. */
  sets: Record<FacetField, ReadonlySet<string> | null>;
}

function compile(filters: LocationFilters): CompiledFilters {
  const toSet = (values: readonly string[] | undefined): ReadonlySet<string> | null =>
    values === undefined || values.length === 0 ? null : new Set(values.map((v) => v.toLowerCase()));
  const search = filters.search?.toLowerCase() ?? '';
  return {
    search: search === '' ? null : search,
    hasGeo: filters.hasGeo,
    sets: {
      location_type: toSet(filters.locationTypes),
      zone: toSet(filters.zones),
      status: toSet(filters.statuses),
    },
  };
}

function hasGeo(item: PricingLocation): boolean {
  return item.latitude !== null && item.longitude !== null;
}

/** The filters other than the three facet lists. */
function matchesBase(item: PricingLocation, f: CompiledFilters): boolean {
  if (f.hasGeo !== undefined && hasGeo(item) !== f.hasGeo) return false;
  if (f.search === null) return true;
  return (
    item.location.toLowerCase().includes(f.search) ||
    item.gs_entity_id.toLowerCase().includes(f.search) ||
    (item.zone !== null && item.zone.toLowerCase().includes(f.search))
  );
}

function matchesFacet(item: PricingLocation, field: FacetField, f: CompiledFilters): boolean {
  const wanted = f.sets[field];
  if (wanted === null) return true;
  const value = item[field];
  return value !== null && wanted.has(value.toLowerCase());
}

function byteCompare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Keys in byte order, so two identical queries give byte-identical JSON. */
function sortedCounts(counts: Map<string, number>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const key of [...counts.keys()].sort(byteCompare)) out[key] = counts.get(key) ?? 0;
  return out;
}

/**
 * Nulls last in both orders; strings in byte order, numbers numerically; ties by
 * `gs_entity_id` ascending whatever the order, so pages never overlap.
 */
export function sortLocations(
  items: readonly PricingLocation[],
  column: PricingLocationSortColumn,
  order: Order,
): PricingLocation[] {
  const sign = order === 'desc' ? -1 : 1;
  return [...items].sort((x, y) => {
    const a = x[column];
    const b = y[column];
    if (a !== b) {
      if (a === null) return 1;
      if (b === null) return -1;
      const c = typeof a === 'number' && typeof b === 'number' ? a - b : byteCompare(String(a), String(b));
      if (c !== 0) return sign * c;
    }
    return byteCompare(x.gs_entity_id, y.gs_entity_id);
  });
}

/**
 * Facets are disjunctive: each counts the items that pass every filter except its own, so a
 * user who picked one location type still sees how many of each other type there are.
 */
export function queryLocations(
  items: readonly PricingLocation[],
  query: LocationListQuery,
): PricingLocationList {
  const f = compile(query);
  const counts: Record<FacetField, Map<string, number>> = {
    location_type: new Map(),
    zone: new Map(),
    status: new Map(),
  };
  const matches: PricingLocation[] = [];
  for (const item of items) {
    if (!matchesBase(item, f)) continue;
    // Which facet filters the item fails: it counts in a facet only when it fails none of the others.
    let failed = 0;
    let failedField: FacetField | null = null;
    for (const field of FACET_FIELDS) {
      if (!matchesFacet(item, field, f)) {
        failed++;
        failedField = field;
      }
    }
    if (failed > 1) continue;
    for (const field of FACET_FIELDS) {
      if (failed === 1 && failedField !== field) continue;
      const value = item[field];
      if (value !== null) counts[field].set(value, (counts[field].get(value) ?? 0) + 1);
    }
    if (failed === 0) matches.push(item);
  }
  const sorted = sortLocations(matches, query.sortColumn, query.sortOrder);
  const start = (query.page - 1) * query.pageSize;
  return {
    items: start >= sorted.length ? [] : sorted.slice(start, start + query.pageSize),
    total_items: matches.length,
    facets: {
      location_type: sortedCounts(counts.location_type),
      zone: sortedCounts(counts.zone),
      status: sortedCounts(counts.status),
    },
  };
}
