import type { Order, PricingLocation } from '@/contract';
import { locationDefs, toPricingLocation } from '../data/locations';
import type { Millis } from '../data/types';
import { LOCATION_SORT_COLUMNS, queryLocations } from '../engine/locationQuery';
import { intInRange, oneOf, type ParamReader } from '../engine/params';
import { notFound } from './problem';
import { jsonResponse } from './responders';
import { defineRoute } from './route';

/** The only market with a registry; any other market has none (contract §8). */
const REGISTRY_MARKET = 'ercot';

const ORDER_VALUES = ['asc', 'desc'] as const satisfies readonly Order[];
const DEFAULT_PAGE_SIZE = 100;
const MAX_PAGE_SIZE = 5000;

/**
 * The market a request is about: the first value of `isos` (default `ercot`), lower-cased.
 * Read it after `assertValid()`: it is a plain string and never fails.
 */
export function requestedMarket(query: ParamReader): string {
  return (query.list('isos')?.[0] ?? REGISTRY_MARKET).toLowerCase();
}

interface Registry {
  now: Millis;
  items: readonly PricingLocation[];
  byId: ReadonlyMap<string, PricingLocation>;
}

// Wire items depend on `now` (latest seen, status), so they are rebuilt when the clock moves.
// One entry is enough: tests fix the clock, and live clocks rarely repeat a millisecond anyway.
let cached: Registry | null = null;

/** Every pricing location of the registry as wire items as of `now`, sorted by `location`. */
function registryAsOf(now: Millis): Registry {
  if (cached?.now !== now) {
    const items = locationDefs().map((loc) => toPricingLocation(loc, now));
    cached = { now, items, byId: new Map(items.map((item) => [item.gs_entity_id, item])) };
  }
  return cached;
}

/** The registry of `market` (empty for markets without coverage). */
export function pricingLocationsOf(market: string, now: Millis): readonly PricingLocation[] {
  return market === REGISTRY_MARKET ? registryAsOf(now).items : [];
}

/** The item `id` of `market`, or 404 with the sentence of contract §8. */
export function requirePricingLocation(market: string, id: string, now: Millis): PricingLocation {
  const item = market === REGISTRY_MARKET ? registryAsOf(now).byId.get(id) : undefined;
  if (item === undefined) throw notFound(`Pricing location '${id}' not found.`);
  return item;
}

/** Contract §8: filters, disjunctive facets, sorting (nulls last) and paging. */
export const pricingLocationsRoute = defineRoute('pricingLocations', (ctx) => {
  const { query } = ctx;
  const hasGeo = query.boolean('has_geo');
  const page = query.integer('page', 1);
  const pageSize = query.integer('page_size', DEFAULT_PAGE_SIZE);
  query.assertValid();
  const sortColumn = oneOf('sort_column', query.string('sort_column'), LOCATION_SORT_COLUMNS, 'location');
  const sortOrder = oneOf('sort_order', query.string('sort_order'), ORDER_VALUES, 'asc');
  intInRange('page', page, 1, null);
  intInRange('page_size', pageSize, 1, MAX_PAGE_SIZE);

  const items = pricingLocationsOf(requestedMarket(query), ctx.now);
  return jsonResponse(
    queryLocations(items, {
      search: query.string('search'),
      locationTypes: query.list('location_types'),
      zones: query.list('zones'),
      statuses: query.list('statuses'),
      hasGeo,
      sortColumn,
      sortOrder,
      page,
      pageSize,
    }),
  );
});
