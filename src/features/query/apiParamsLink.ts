/**
 * A query-builder link written with the API's own parameter names (what the curl on the Code tab
 * sends: `start_time`, `filter_column`, `resample_frequency`…) opens as that query: each name is
 * translated to the builder's key, and a name the builder does not take (`cursor`, `download`, a
 * name the API does not have) is named in the link notice. The names come from the contract's
 * schema of the query's parameters, so a parameter added there does not compile until it is
 * handled here.
 *
 * A link is read this way when it has no `v` (the builder writes `v=1` on every link of its own)
 * and at least one name only the API uses; `order` and `limit` mean the same in both.
 */
import { type DatasetQueryParams, FILTER_OPERATOR_ALIASES, resampleUnitOf } from '@/contract';
import { quoteLinkValue, type UnreadSetting } from '@/lib/linkSettings';
import { formatFrequency } from './frequency';
import { QUERY_URL_VERSION, type QueryKey } from './queryUrl';

// The type alone: the schemas (and zod) stay out of the query page's code.
type ApiName = keyof DatasetQueryParams;

/** Puts one API parameter into the builder's params, or says why the builder does not take it. */
type Take = (value: string, into: URLSearchParams) => string | null;

const to =
  (key: QueryKey, convert: (value: string) => string = (v) => v): Take =>
  (value, into) => {
    into.set(key, convert(value));
    return null;
  };

const refuse =
  (why: string): Take =>
  () =>
    why;

const customRange =
  (key: 'start' | 'end'): Take =>
  (value, into) => {
    into.set('range', 'custom');
    into.set(key, value);
    return null;
  };

const vintageRange =
  (key: 'pts' | 'pte'): Take =>
  (value, into) => {
    into.set('pt', 'range');
    into.set(key, value);
    return null;
  };

/** `a, b,c` → `a,b,c`: the API trims the names of a list; the builder's links hold none of the spaces. */
const nameList = (value: string): string =>
  value
    .split(',')
    .map((name) => name.trim())
    .join(',');

/** `1 hour`, `15MIN` → `1h`, `15min`: the API's spellings of a frequency as the builder writes them. */
function frequency(value: string): string {
  const m = /^\s*(\d+)\s*([A-Za-z]+)\s*$/.exec(value);
  const unit = m?.[2] ? resampleUnitOf(m[2]) : null;
  return m?.[1] && unit ? formatFrequency(Number(m[1]), unit) : value;
}

const operator = (value: string): string =>
  (FILTER_OPERATOR_ALIASES as Record<string, string>)[value.trim().toLowerCase()] ?? value;

const PAGES_ITSELF = 'the builder pages through the rows itself, starting at the first';
const EXPORTS = 'files are made on the Export tab';

const TAKE = {
  start_time: customRange('start'),
  end_time: customRange('end'),
  time: (value, into) => {
    if (value.trim().toLowerCase() !== 'latest')
      return `${quoteLinkValue(value)}: the builder takes time=latest only`;
    into.set('range', 'latest');
    return null;
  },
  time_comparison: refuse('the builder has no control for comparing with one time'),
  timezone: to('tz'),
  filter_column: to('fcol'),
  filter_value: to('fval'),
  filter_operator: to('fop', operator),
  columns: to('cols', nameList),
  order: to('order'),
  resample_frequency: to('rs', frequency),
  resample_function: to('rsfn'),
  resample_by: to('rsby', nameList),
  publish_time: (value, into) => {
    if (value === 'latest' || value === 'latest_report') into.set('pt', value);
    else {
      into.set('pt', 'at');
      into.set('ptat', value);
    }
    return null;
  },
  publish_time_start: vintageRange('pts'),
  publish_time_end: vintageRange('pte'),
  page_size: to('ps'),
  limit: to('limit'),
  page: refuse(PAGES_ITSELF),
  cursor: refuse(PAGES_ITSELF),
  return_format: refuse(`the builder reads JSON; ${EXPORTS}`),
  download: refuse(EXPORTS),
  json_schema: refuse('the builder chooses the shape of the answer itself'),
} as const satisfies Record<ApiName, Take>;

/** Names both the builder and the API use, with one meaning: they alone do not make an API link. */
const SHARED: ReadonlySet<string> = new Set<ApiName>(['order', 'limit']);

/** The API's parameter names, as the contract defines them: `TAKE` has one entry for each. */
export const API_QUERY_PARAMETERS = Object.keys(TAKE) as ApiName[];
const API_NAMES: ReadonlySet<string> = new Set(API_QUERY_PARAMETERS);
const isApiName = (name: string): name is ApiName => API_NAMES.has(name);

export interface ApiParamsLink {
  /**
   * The builder's params for the same query (with `v=1`). Names that are not the API's pass
   * through as they were, for the builder's own readers to take or name.
   */
  params: URLSearchParams;
  /** The API's parameters the builder does not take. */
  unread: UnreadSetting[];
}

/** The builder's params for a link in the API's names, or null when the link is the builder's own. */
export function translateApiParamsLink(link: URLSearchParams): ApiParamsLink | null {
  const names = [...new Set(link.keys())];
  if (link.has('v') || !names.some((name) => isApiName(name) && !SHARED.has(name))) return null;
  // The API's defaults, where they differ from the builder's: times in UTC, and every row of the
  // data rather than the builder's last 24 hours.
  const params = new URLSearchParams({ v: QUERY_URL_VERSION, range: 'custom', tz: 'UTC' });
  for (const name of names) if (!isApiName(name)) params.set(name, link.get(name) ?? '');
  const unread: UnreadSetting[] = [];
  for (const name of names) {
    if (!isApiName(name)) continue;
    // A name given twice: the first is taken, as the builder reads its own keys.
    const why = TAKE[name](link.get(name) ?? '', params);
    if (why !== null) unread.push({ label: quoteLinkValue(name), problem: why, instead: 'left out' });
  }
  return { params, unread };
}
