import { z } from 'zod';
import { PRICING_LOCATION_SORT_COLUMNS, type PricingLocationListParams } from '@/contract';
import type { SettingNote } from '@/lib/linkSettings';
import { defineUrlState, type UrlStateOf } from '@/lib/urlState';
import { roundCoordinate } from '@/lib/coordinates';

export const PAGE_SIZE = 100;
/** The map shows every match with coordinates in one request (the API's largest page). */
export const MAP_PAGE_SIZE = 5000;
export const DEFAULT_VIEW = { lat: 31.2, lon: -99.3, zoom: 6 } as const;
const DEFAULT_NEARBY_LIMIT = 10;

const NUMBER = /^-?\d+(\.\d+)?$/;

export interface LatLon {
  lat: number;
  lon: number;
}

/** `29.76,-95.37` → a point in range, rounded to 4 decimals (about 10 m). */
const latLon = z.string().transform((text, ctx): LatLon | null => {
  if (text === '') return null;
  const [a = '', b = '', ...rest] = text.split(',');
  const lat = Number(a);
  const lon = Number(b);
  if (rest.length > 0 || !NUMBER.test(a) || !NUMBER.test(b) || Math.abs(lat) > 90 || Math.abs(lon) > 180) {
    ctx.addIssue({ code: 'custom', message: 'Expected latitude,longitude' });
    return z.NEVER;
  }
  return { lat: roundCoordinate(lat), lon: roundCoordinate(lon) };
});
const formatLatLon = (p: LatLon | null): string =>
  p ? `${roundCoordinate(p.lat)},${roundCoordinate(p.lon)}` : '';

/** A comma-separated list of facet values (`Resource Node,Load Zone`). */
const list = z
  .string()
  .max(2000)
  .transform((text) => [
    ...new Set(
      text
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ]);

/**
 * The map page's state in the URL: filters, sort and page of the list, the map's centre and zoom,
 * the selected location and a nearby search (a point `np` or an anchor location `near`).
 */
export const locationsUrlState = defineUrlState(
  {
    q: z.string().max(200),
    types: list,
    zones: list,
    statuses: list,
    geo: z.enum(['', 'yes', 'no']),
    sort: z.enum(PRICING_LOCATION_SORT_COLUMNS),
    order: z.enum(['asc', 'desc']),
    page: z
      .string()
      .regex(/^\d{1,6}$/)
      .transform(Number)
      .pipe(z.number().int().min(1)),
    sel: z.string().max(200),
    c: latLon,
    z: z
      .string()
      .regex(/^\d{1,2}$/)
      .transform(Number)
      .pipe(z.number().int().min(3).max(18)),
    np: latLon,
    near: z.string().max(200),
    limit: z
      .string()
      .regex(/^\d{1,3}$/)
      .transform(Number)
      .pipe(z.number().int().min(1).max(100)),
    maxd: z.string().regex(NUMBER).transform(Number).pipe(z.number().positive()).nullable(),
  },
  {
    q: '',
    types: [],
    zones: [],
    statuses: [],
    geo: '',
    sort: 'location',
    order: 'asc',
    page: 1,
    sel: '',
    c: { lat: DEFAULT_VIEW.lat, lon: DEFAULT_VIEW.lon },
    z: DEFAULT_VIEW.zoom,
    np: null,
    near: '',
    limit: DEFAULT_NEARBY_LIMIT,
    maxd: null,
  },
  {
    c: formatLatLon,
    np: formatLatLon,
    maxd: (value) => (value === null ? '' : String(value)),
  },
);

export type LocationsState = UrlStateOf<typeof locationsUrlState.shape>;

/** How the link notice names each key whose value cannot be read, and what is shown instead. */
export const LOCATIONS_LINK_NOTES = {
  q: { label: 'search', expects: 'is not a search (at most 200 characters)', instead: 'no search was used' },
  types: { label: 'types', expects: 'is not a list of location types', instead: 'every type was shown' },
  zones: { label: 'zones', expects: 'is not a list of zones', instead: 'every zone was shown' },
  statuses: { label: 'statuses', expects: 'is not a list of statuses', instead: 'every status was shown' },
  geo: {
    label: 'has coordinates',
    expects: 'is not yes, no or empty',
    instead: 'locations with and without coordinates were shown',
  },
  sort: { label: 'sort column', expects: 'is not a column to sort by', instead: 'sorted by location' },
  order: { label: 'order', expects: 'is not asc or desc', instead: 'ascending order was used' },
  page: { label: 'page', expects: 'is not a page number', instead: 'the first page was shown' },
  sel: { label: 'selected location', expects: 'is not a location id', instead: 'nothing was selected' },
  c: { label: 'map centre', expects: 'is not latitude,longitude', instead: 'the map shows all of Texas' },
  z: { label: 'zoom', expects: 'is not a zoom from 3 to 18', instead: 'the whole state was shown' },
  np: { label: 'nearby point', expects: 'is not latitude,longitude', instead: 'no nearby search was made' },
  near: { label: 'nearby location', expects: 'is not a location id', instead: 'no nearby search was made' },
  limit: {
    label: 'nearby count',
    expects: 'is not a whole number from 1 to 100',
    instead: `the nearest ${DEFAULT_NEARBY_LIMIT} were listed`,
  },
  maxd: {
    label: 'nearby distance',
    expects: 'is not a positive distance',
    instead: 'no distance limit was used',
  },
} as const satisfies Record<keyof typeof locationsUrlState.shape, SettingNote>;

/** The list's request: the current page of the filtered, sorted set. */
export function listParams(state: LocationsState): PricingLocationListParams {
  return {
    ...filterParams(state),
    sort_column: state.sort,
    sort_order: state.order,
    page: state.page,
    page_size: PAGE_SIZE,
  };
}

/** Whether the map has points to show: not when the list holds only locations without coordinates. */
export function mapHasPoints(state: LocationsState): boolean {
  return state.geo !== 'no';
}

/** The map's request (when it has points): the same filters, every match with coordinates, in one page. */
export function mapParams(state: LocationsState): PricingLocationListParams {
  return { ...filterParams(state), has_geo: true, page_size: MAP_PAGE_SIZE };
}

function filterParams(state: LocationsState): PricingLocationListParams {
  const params: PricingLocationListParams = {};
  const search = state.q.trim();
  if (search) params.search = search;
  if (state.types.length > 0) params.location_types = state.types.join(',');
  if (state.zones.length > 0) params.zones = state.zones.join(',');
  if (state.statuses.length > 0) params.statuses = state.statuses.join(',');
  if (state.geo) params.has_geo = state.geo === 'yes';
  return params;
}
