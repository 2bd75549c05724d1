import type { ErrorBody, ValidationIssue } from '@/contract';
import { TEST_NOW } from '@/test/clock';
import { createMockApi } from './createMockApi';

/**
 * Bad input never breaks the API (issue 6 §1): every parameter of every endpoint, fed values of
 * the wrong type, out of range, unknown, empty, 10 kB long, non-ASCII and injection strings,
 * answers the contract's status with a `detail` that tells the caller which parameter to fix.
 */

const errors: unknown[] = [];
const api = createMockApi({ now: () => TEST_NOW, rateLimits: false, onError: (e) => errors.push(e) });

afterEach(() => {
  expect(errors).toEqual([]);
});

interface Answer {
  status: number;
  body: unknown;
  text: string;
}

async function call(path: string, key: string | null = 'test-key'): Promise<Answer> {
  const headers: Record<string, string> = key === null ? {} : { 'x-api-key': key };
  const response = await api.handle(new Request(`http://mock.test${path}`, { headers }));
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = null;
  }
  return { status: response.status, body, text };
}

const LONG = 'x'.repeat(10 * 1024);
const UNICODE = 'Zürich—東京🙂';
/** Injection strings, sent percent-encoded: the API must treat each as a plain value. */
const INJECTIONS = [
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '%00',
  '\u0000',
  '${{7*7}}',
];
/** Values that are no valid anything (not a number, date, enum member or known column). */
const GARBAGE = [LONG, UNICODE, ...INJECTIONS];

const enc = encodeURIComponent;
const qs = (params: Record<string, string>): string =>
  Object.entries(params)
    .map(([k, v]) => `${enc(k)}=${enc(v)}`)
    .join('&');

const DAY = { start_time: '2025-07-14', end_time: '2025-07-15' };
const LOAD = '/v1/datasets/ercot_load';
const SPP = '/v1/datasets/ercot_spp_real_time_15_min';
const FORECAST = '/v1/datasets/ercot_load_forecast_by_forecast_zone';

/** What a row expects of `detail`. */
type Expect =
  /** A string detail containing the parameter name, or a 422 entry at `["query", name]`. */
  | { names: string }
  /** The contract's exact sentence (404s and the unknown-column message fix their wording). */
  | { exact: string }
  /** A 200: the value is legal (free text, or an unknown parameter). */
  | { ok: true }
  /** `?name=` answers exactly as the same request without `name` (contract §1). */
  | { sameAsAbsent: string };

interface Case {
  what: string;
  path: string;
  status: number;
  expect: Expect;
  key?: string | null;
}

function namesParameter(detail: ErrorBody['detail'] | undefined, name: string): boolean {
  if (typeof detail === 'string') return detail.includes(name);
  return (detail ?? []).some((d: ValidationIssue) => d.loc[0] === 'query' && d.loc[1] === name);
}

const cases: Case[] = [];
const add = (c: Case): void => {
  cases.push(c);
};

// ------------------------------------------------------------------------------------------
// Parameter kinds, each with its bad values and the contract's answer.
// ------------------------------------------------------------------------------------------

interface Endpoint {
  /** Path and the query that makes the request otherwise valid. */
  path: string;
  base: Record<string, string>;
}

/** `?name=` is the same as `name` absent (contract §1): whatever that answers, byte for byte. */
function emptyCase(path: string, base: Record<string, string>, name: string): void {
  add({
    what: `${name}= (empty)`,
    path: `${path}?${qs({ ...base, [name]: '' })}`,
    status: 0,
    expect: { sameAsAbsent: name },
  });
}

/** Integers: wrong type → 422; out of range → 400. */
function integerParam(ep: Endpoint, name: string, outOfRange: string[]): void {
  emptyCase(ep.path, ep.base, name);
  for (const value of ['abc', '1.5', '1e3', '0x10', ' ', '99999999999999999999', '١٢', ...GARBAGE]) {
    add({
      what: `${name}=${value.slice(0, 20)}`,
      path: `${ep.path}?${qs({ ...ep.base, [name]: value })}`,
      status: 422,
      expect: { names: name },
    });
  }
  for (const value of outOfRange) {
    add({
      what: `${name}=${value} (out of range)`,
      path: `${ep.path}?${qs({ ...ep.base, [name]: value })}`,
      status: 400,
      expect: { names: name },
    });
  }
}

/** Numbers: wrong type → 422; out of range → 400. */
function numberParam(ep: Endpoint, name: string, outOfRange: string[]): void {
  emptyCase(ep.path, ep.base, name);
  for (const value of ['north', 'NaN', 'Infinity', '-Infinity', '1e999', '0x1A', '1,5', ...GARBAGE]) {
    add({
      what: `${name}=${value.slice(0, 20)}`,
      path: `${ep.path}?${qs({ ...ep.base, [name]: value })}`,
      status: 422,
      expect: { names: name },
    });
  }
  for (const value of outOfRange) {
    add({
      what: `${name}=${value} (out of range)`,
      path: `${ep.path}?${qs({ ...ep.base, [name]: value })}`,
      status: 400,
      expect: { names: name },
    });
  }
}

/** Booleans accept true/false/1/0 only → 422 otherwise. */
function booleanParam(ep: Endpoint, name: string): void {
  emptyCase(ep.path, ep.base, name);
  for (const value of ['yes', 'no', '2', '-1', 'truee', ...GARBAGE]) {
    add({
      what: `${name}=${value.slice(0, 20)}`,
      path: `${ep.path}?${qs({ ...ep.base, [name]: value })}`,
      status: 422,
      expect: { names: name },
    });
  }
}

/** Timestamps and dates: anything but the accepted forms → 422. */
function timestampParam(ep: Endpoint, name: string, base = ep.base): void {
  const bad = ['2024-13-01', '2024-02-30', '2024-07-01T25:00', '2024-07-01T12:00+24:00', '07/01/2024'];
  emptyCase(ep.path, base, name);
  for (const value of [...bad, 'yesterday', '1720000000', ...GARBAGE]) {
    add({
      what: `${name}=${value.slice(0, 20)}`,
      path: `${ep.path}?${qs({ ...base, [name]: value })}`,
      status: 422,
      expect: { names: name },
    });
  }
}

/** A closed set of words: anything else → 400 naming the parameter; empty is the default. */
function enumParam(ep: Endpoint, name: string, base = ep.base): void {
  for (const value of ['sideways', ...GARBAGE]) {
    add({
      what: `${name}=${value.slice(0, 20)}`,
      path: `${ep.path}?${qs({ ...base, [name]: value })}`,
      status: 400,
      expect: { names: name },
    });
  }
  emptyCase(ep.path, base, name);
}

/** Column names: unknown → 400 with the contract's exact sentence, which names the column. */
function columnParam(ep: Endpoint, dataset: string, name: string, base: Record<string, string>): void {
  for (const value of ['LOAD', 'no_such_column', ...GARBAGE]) {
    add({
      what: `${name}=${value.slice(0, 20)}`,
      path: `${ep.path}?${qs({ ...base, [name]: value })}`,
      status: 400,
      expect: { exact: `Column ${value.trim()} not found in dataset ${dataset}` },
    });
  }
}

/** Free text: any value is legal and answers 200 (usually with nothing matching). */
function freeTextParam(ep: Endpoint, name: string): void {
  for (const value of ['', ...GARBAGE]) {
    add({
      what: `${name}=${value.slice(0, 20)}`,
      path: `${ep.path}?${qs({ ...ep.base, [name]: value })}`,
      status: 200,
      expect: { ok: true },
    });
  }
}

/** Unknown parameters are ignored, whatever they hold. */
function unknownParams(ep: Endpoint): void {
  for (const [name, value] of [
    ['colour', 'blue'],
    [UNICODE, LONG],
    ['<script>', "' OR 1=1 --"],
  ] as const) {
    add({
      what: `unknown parameter ${name.slice(0, 20)}`,
      path: `${ep.path}?${qs({ ...ep.base, [name]: value })}`,
      status: 200,
      expect: { ok: true },
    });
  }
}

/** `return_format`, `download`, `json_schema`: every dataset endpoint. */
function formatParams(ep: Endpoint): void {
  enumParam(ep, 'return_format');
  enumParam(ep, 'json_schema');
  booleanParam(ep, 'download');
}

/** A path parameter naming a resource: unknown → 404 with the contract's sentence. */
function pathResource(template: (value: string) => string, detail: (value: string) => string): void {
  for (const value of ['nope', 'ERCOT_LOAD', ...GARBAGE]) {
    add({
      what: `path ${value.slice(0, 20)}`,
      path: template(enc(value)),
      status: 404,
      expect: { exact: detail(value) },
    });
  }
}

// ------------------------------------------------------------------------------------------
// The endpoints of api.md and the contract.
// ------------------------------------------------------------------------------------------

// GET /v1/datasets
{
  const ep = { path: '/v1/datasets', base: {} };
  formatParams(ep);
  freeTextParam(ep, 'source');
  unknownParams(ep);
}

// GET /v1/datasets/{dataset_id}
{
  const ep = { path: LOAD, base: {} };
  formatParams(ep);
  unknownParams(ep);
  pathResource(
    (id) => `/v1/datasets/${id}`,
    (id) => `Dataset '${id}' not found.`,
  );
}

// GET /v1/datasets/{dataset_id}/query and /query/{filter_column_id}/{filter_value_path}
for (const route of ['query', 'path'] as const) {
  const path = route === 'query' ? `${LOAD}/query` : `${SPP}/query/location/HB_NORTH`;
  const dataset = route === 'query' ? 'ercot_load' : 'ercot_spp_real_time_15_min';
  const ep = { path, base: DAY };
  formatParams(ep);
  enumParam(ep, 'order');
  enumParam(ep, 'timezone');
  enumParam(ep, 'time_comparison', { time: '2025-07-14T12:00' });
  enumParam(ep, 'resample_function', { ...DAY, resample_frequency: '1h' });
  integerParam(ep, 'limit', ['0', '-1']);
  integerParam(ep, 'page', ['0', '-5']);
  integerParam(ep, 'page_size', ['0', '-1', '50001']);
  timestampParam(ep, 'start_time', { end_time: DAY.end_time });
  timestampParam(ep, 'end_time', { start_time: DAY.start_time });
  timestampParam(ep, 'time', {});
  columnParam(ep, dataset, 'columns', DAY);
  columnParam(ep, dataset, 'resample_by', { ...DAY, resample_frequency: '1h' });
  // The last three are well formed but span more than 100 years: their buckets would start or
  // end outside the years a timestamp can be written in.
  const frequencies = ['1', '0min', '-5min', '5 fortnights', '5minutes!', '1.5h', '', ...GARBAGE];
  for (const value of [...frequencies, '1000000000h', '100000000month', '3000years']) {
    add({
      what: `resample_frequency=${value.slice(0, 20)}`,
      path: `${path}?${qs({ ...DAY, resample_frequency: value })}`,
      // An empty frequency asks for no resampling.
      status: value === '' ? 200 : 400,
      expect: value === '' ? { ok: true } : { names: 'resample_frequency' },
    });
  }
  if (route === 'query') {
    for (const value of ['interval_start_utc', 'interval_end_utc', 'location,interval_end_utc']) {
      add({
        what: `resample_by=${value} (the bucket's own columns)`,
        path: `${SPP}/query?${qs({ ...DAY, resample_frequency: '1d', resample_by: value })}`,
        status: 400,
        expect: { names: 'resample_by' },
      });
    }
  }
  for (const value of ['abc', 'YzEuMDAwMDAwMDAuMA', ...GARBAGE]) {
    add({
      what: `cursor=${value.slice(0, 20)}`,
      path: `${path}?${qs({ ...DAY, cursor: value })}`,
      status: 400,
      expect: { names: 'cursor' },
    });
  }
  // publish_time* on a dataset without a publish column: a rule (400), once the type is right.
  for (const name of ['publish_time', 'publish_time_start', 'publish_time_end']) {
    add({
      what: `${name} without a publish column`,
      path: `${path}?${qs({ ...DAY, [name]: '2025-07-14' })}`,
      status: 400,
      expect: { names: name },
    });
  }
  unknownParams(ep);
}

// Rules between parameters of /query.
{
  const q = `${LOAD}/query`;
  const rows: [string, Record<string, string>, string][] = [
    ['time with start_time', { time: '2025-07-14', start_time: '2025-07-13' }, 'time'],
    ['start_time after end_time', { start_time: '2025-07-15', end_time: '2025-07-14' }, 'start_time'],
    ['start_time = end_time', { start_time: '2025-07-15', end_time: '2025-07-15' }, 'end_time'],
    ['filter_column without filter_value', { ...DAY, filter_column: 'load' }, 'filter_value'],
    ['filter_value without filter_column', { ...DAY, filter_value: '5' }, 'filter_column'],
  ];
  for (const [what, params, name] of rows) {
    add({ what, path: `${q}?${qs(params)}`, status: 400, expect: { names: name } });
  }
  for (const value of ['like', '==', '<>', 'IN ', 'between', ...GARBAGE]) {
    // `IN ` trims to `IN`, which is not `in`: `in` is case-sensitive, unlike the word aliases.
    add({
      what: `filter_operator=${value.slice(0, 20)}`,
      path: `${q}?${qs({ ...DAY, filter_column: 'load', filter_value: '5', filter_operator: value })}`,
      status: 400,
      expect: { names: 'filter_operator' },
    });
  }
  for (const value of ['abc', '', '1,2', ...GARBAGE]) {
    add({
      what: `filter_value=${value.slice(0, 20)} on a numeric column`,
      path: `${q}?${qs({ ...DAY, filter_column: 'load', filter_value: value })}`,
      status: 400,
      expect: { names: 'filter_value' },
    });
  }
  columnParam({ path: q, base: DAY }, 'ercot_load', 'filter_column', { ...DAY, filter_value: '5' });
  // `in` takes at most 1,000 values (contract §6.2): a longer list is a type error on filter_value,
  // whatever the column, answered before the rules (a bad number in it would be a 400).
  const list = (n: number, prefix = ''): string =>
    Array.from({ length: n }, (_, i) => `${prefix}${i}`).join(',');
  for (const operator of ['in', ' IN ']) {
    add({
      what: `filter_operator=${operator.trim()} with 1,001 values`,
      path: `${q}?${qs({ ...DAY, filter_column: 'load', filter_value: list(1001), filter_operator: operator })}`,
      status: 422,
      expect: { names: 'filter_value' },
    });
  }
  add({
    what: 'filter_operator=in with 1,001 values, not numbers',
    path: `${q}?${qs({ ...DAY, filter_column: 'load', filter_value: list(1001, 'x'), filter_operator: 'in' })}`,
    status: 422,
    expect: { names: 'filter_value' },
  });
  add({
    what: 'filter_operator=in with 1,000 values',
    path: `${SPP}/query?${qs({ ...DAY, filter_column: 'location', filter_value: list(1000, 'L'), filter_operator: 'in' })}`,
    status: 200,
    expect: { ok: true },
  });
  // A string column takes any text: nothing matches, nothing breaks.
  for (const value of GARBAGE) {
    add({
      what: `filter_value=${value.slice(0, 20)} on a string column`,
      path: `${SPP}/query?${qs({ ...DAY, filter_column: 'location', filter_value: value })}`,
      status: 200,
      expect: { ok: true },
    });
  }
  // filter_operator alone is ignored (some clients always send it).
  add({
    what: 'filter_operator alone',
    path: `${q}?${qs({ ...DAY, filter_operator: 'gt' })}`,
    status: 200,
    expect: { ok: true },
  });
  // The path route takes its filter from the path only.
  for (const name of ['filter_column', 'filter_value']) {
    add({
      what: `${name} on the path route`,
      path: `${SPP}/query/location/HB_NORTH?${qs({ ...DAY, [name]: 'x' })}`,
      status: 400,
      expect: { names: name },
    });
  }
  pathResource(
    (id) => `/v1/datasets/${id}/query`,
    (id) => `Dataset '${id}' not found.`,
  );
  // Path filters: an unknown column, and a value that is not a number on a numeric column.
  for (const value of ['nope', ...GARBAGE]) {
    add({
      what: `path filter column ${value.slice(0, 20)}`,
      path: `${LOAD}/query/${enc(value)}/5?${qs(DAY)}`,
      status: 400,
      expect: { exact: `Column ${value} not found in dataset ercot_load` },
    });
    add({
      what: `path filter value ${value.slice(0, 20)} on a numeric column`,
      path: `${LOAD}/query/load/${enc(value)}?${qs(DAY)}`,
      status: 400,
      expect: { names: 'filter_value' },
    });
    add({
      what: `path filter value ${value.slice(0, 20)} on a string column`,
      path: `${SPP}/query/location/${enc(value)}?${qs(DAY)}`,
      status: 200,
      expect: { ok: true },
    });
  }
}

// Publish-time parameters, on the dataset that has vintages.
{
  const ep = { path: `${FORECAST}/query`, base: DAY };
  timestampParam(ep, 'publish_time');
  timestampParam(ep, 'publish_time_start');
  timestampParam(ep, 'publish_time_end');
  add({
    what: 'publish_time_start after publish_time_end',
    path: `${ep.path}?${qs({ ...DAY, publish_time_start: '2025-07-14', publish_time_end: '2025-07-13' })}`,
    status: 400,
    expect: { names: 'publish_time_start' },
  });
}

// GET /v1/datasets/{dataset_id}/audit
{
  const ep = { path: `${LOAD}/audit`, base: {} };
  formatParams(ep);
  unknownParams(ep);
  pathResource(
    (id) => `/v1/datasets/${id}/audit`,
    (id) => `Dataset '${id}' not found.`,
  );
}

// GET /v1/dataset-updates/{dataset_id}
{
  const ep = { path: '/v1/dataset-updates/ercot_load', base: {} };
  formatParams(ep);
  enumParam(ep, 'order');
  integerParam(ep, 'limit', ['0', '-1', '1001']);
  unknownParams(ep);
  pathResource(
    (id) => `/v1/dataset-updates/${id}`,
    (id) => `Dataset '${id}' not found.`,
  );
}

// GET /v1/pricing_locations
{
  const ep = { path: '/v1/pricing_locations', base: { page_size: '5' } };
  for (const name of ['isos', 'search', 'location_types', 'zones', 'statuses']) freeTextParam(ep, name);
  booleanParam(ep, 'has_geo');
  enumParam(ep, 'sort_column');
  enumParam(ep, 'sort_order');
  integerParam({ path: ep.path, base: {} }, 'page', ['0', '-1']);
  integerParam({ path: ep.path, base: {} }, 'page_size', ['0', '-1', '5001']);
  unknownParams(ep);
}

// GET /v1/pricing_locations/nearby
{
  const ep = { path: '/v1/pricing_locations/nearby', base: { latitude: '30.27', longitude: '-97.74' } };
  numberParam(ep, 'latitude', ['90.01', '-91', '1e3']);
  numberParam(ep, 'longitude', ['180.5', '-181']);
  numberParam(ep, 'max_distance_miles', ['0', '-5']);
  integerParam(ep, 'limit', ['0', '-1', '101']);
  freeTextParam(ep, 'isos');
  unknownParams(ep);
  for (const value of ['nope', ...GARBAGE]) {
    add({
      what: `location_id=${value.slice(0, 20)}`,
      path: `${ep.path}?${qs({ location_id: value })}`,
      status: 404,
      expect: { exact: `Pricing location '${value}' not found.` },
    });
  }
  const rules: [string, Record<string, string>, string][] = [
    ['neither coordinates nor anchor', {}, 'location_id'],
    ['latitude alone', { latitude: '30' }, 'longitude'],
    ['longitude alone', { longitude: '-97' }, 'latitude'],
    [
      'both anchor and coordinates',
      { location_id: 'ercot-hb_north', latitude: '30', longitude: '-97' },
      'location_id',
    ],
    ['anchor without coordinates', { location_id: 'ercot-hb_north' }, 'location_id'],
  ];
  for (const [what, params, name] of rules) {
    add({ what, path: `${ep.path}?${qs(params)}`, status: 400, expect: { names: name } });
  }
}

// GET /v1/pricing_locations/{gs_entity_id}
{
  unknownParams({ path: '/v1/pricing_locations/ercot-hb_north', base: {} });
  pathResource(
    (id) => `/v1/pricing_locations/${id}`,
    (id) => `Pricing location '${id}' not found.`,
  );
  // Another market has no registry: every id is unknown there.
  for (const value of ['caiso', ...GARBAGE]) {
    add({
      what: `isos=${value.slice(0, 20)} on one location`,
      path: `/v1/pricing_locations/ercot-hb_north?${qs({ isos: value })}`,
      status: 404,
      expect: { exact: "Pricing location 'ercot-hb_north' not found." },
    });
  }
}

// GET /v1/reports/daily_peak/{iso}
{
  const ep = { path: '/v1/reports/daily_peak/ercot', base: {} };
  timestampParam(ep, 'date');
  for (const value of ['2025-07-14T00:00', '2025-7-14', '20250714']) {
    add({
      what: `date=${value}`,
      path: `${ep.path}?${qs({ date: value })}`,
      status: 422,
      expect: { names: 'date' },
    });
  }
  for (const [value, detail] of [
    [
      '2022-12-31',
      'No daily peak report for 2022-12-31: reports cover the complete market days from 2023-01-01 to 2025-07-14.',
    ],
    [
      '2025-07-15',
      'No daily peak report for 2025-07-15: reports cover the complete market days from 2023-01-01 to 2025-07-14.',
    ],
  ] as const) {
    add({
      what: `date=${value} (no report)`,
      path: `${ep.path}?date=${value}`,
      status: 404,
      expect: { exact: detail },
    });
  }
  unknownParams(ep);
  pathResource(
    (iso) => `/v1/reports/daily_peak/${iso}`,
    (iso) => `No daily peak report for market '${iso}'. Supported: ercot.`,
  );
}

// GET /v1/api_usage and /health take no parameters: anything is ignored.
unknownParams({ path: '/v1/api_usage', base: {} });
unknownParams({ path: '/health', base: {} });

// The key, on every route: a bad `api_key` is an unknown key.
for (const path of ['/v1/datasets', `${LOAD}/query`, '/v1/pricing_locations', '/v1/api_usage']) {
  for (const value of GARBAGE) {
    add({
      what: `api_key=${value.slice(0, 20)} on ${path}`,
      path: `${path}?${qs({ api_key: value })}`,
      key: null,
      status: 401,
      expect: { exact: 'Invalid API key.' },
    });
  }
}

// Routes and encodings that match nothing.
for (const path of [
  '/v1/datasets//query',
  '/v1/datasets/ercot_load/query/location',
  '/v1/datasets/%E0%A4%A/query',
  '/v1/datasets/ercot_load/%2e%2e/%2e%2e/etc/passwd',
  '/v1/<script>',
  `/v1/${LONG}`,
  '/v1/reports/daily_peak',
]) {
  add({ what: `route ${path.slice(0, 40)}`, path, status: 404, expect: { exact: 'Not Found' } });
}

describe('malformed input catalogue', () => {
  it('covers every endpoint with many rows', () => {
    expect(cases.length).toBeGreaterThan(600);
  });

  it.each(cases.map((c) => [`${c.path.split('?')[0]?.slice(0, 60) ?? ''}: ${c.what}`, c] as const))(
    '%s',
    async (_label, c) => {
      const answer = await call(c.path, c.key === undefined ? 'test-key' : c.key);
      if ('sameAsAbsent' in c.expect) {
        const absent = new URL(c.path, 'http://x');
        absent.searchParams.delete(c.expect.sameAsAbsent);
        const reference = await call(
          `${absent.pathname}${absent.search}`,
          c.key === undefined ? 'test-key' : c.key,
        );
        expect(answer).toEqual(reference);
        return;
      }
      const detail = (answer.body as Partial<ErrorBody> | null)?.detail;
      expect({ status: answer.status, detail }).toMatchObject({ status: c.status });
      if ('ok' in c.expect) return;
      if ('exact' in c.expect) {
        expect(detail).toBe(c.expect.exact);
        return;
      }
      expect(detail, `detail should name ${c.expect.names}`).toBeDefined();
      expect(namesParameter(detail, c.expect.names), JSON.stringify(detail).slice(0, 300)).toBe(true);
    },
  );
});

describe('check order (contract §3)', () => {
  it('answers a type error (422) before an unknown dataset (404)', async () => {
    const a = await call('/v1/datasets/nope/query?page=abc');
    expect(a.status).toBe(422);
  });

  it('answers an unknown dataset (404) before a broken rule (400)', async () => {
    const a = await call('/v1/datasets/nope/query?order=sideways&return_format=xml');
    expect(a).toMatchObject({ status: 404, body: { detail: "Dataset 'nope' not found." } });
  });

  it('lists every parameter of the wrong type at once', async () => {
    const a = await call(`${LOAD}/query?page=x&page_size=y&start_time=z&download=maybe`);
    expect(a.status).toBe(422);
    const locs = (a.body as { detail: ValidationIssue[] }).detail.map((d) => d.loc[1]).sort();
    expect(locs).toEqual(['download', 'page', 'page_size', 'start_time']);
  });

  it('answers a missing key (401) before anything about the parameters', async () => {
    const a = await call(`${LOAD}/query?page=abc`, null);
    expect(a).toMatchObject({ status: 401, body: { detail: 'Missing API Key.' } });
  });
});

/**
 * Numbers in query parameters are read as the hosted API reads them: filter values with Python's
 * `float()`, typed parameters as FastAPI's int and float. JavaScript's own spellings (`0x10` is 16
 * to `Number`) are no numbers there.
 */
describe('numbers as the hosted API reads them', () => {
  const filtered = (value: string, operator = '>'): string =>
    `${LOAD}/query?${qs({ ...DAY, filter_column: 'load', filter_operator: operator, filter_value: value })}`;
  const notANumber = (value: string): string =>
    `filter_value '${value}' is not a number; column load is numeric.`;

  it('refuses hex, binary, octal, misplaced underscores and non-finite filter values as it refuses abc', async () => {
    const abc = await call(filtered('abc'));
    expect(abc).toMatchObject({ status: 400, body: { detail: notANumber('abc') } });
    const refused = [
      '0x10',
      '0X1A',
      '0b11',
      '0o7',
      '-0x1',
      '1__0',
      '_1',
      '1_',
      '1_.5',
      '1e_5',
      'inf',
      'nan',
      'Infinity',
      '1e999',
    ];
    for (const value of refused) {
      for (const operator of ['>', '=', 'in']) {
        expect(await call(filtered(value, operator)), `${value} with ${operator}`).toMatchObject({
          status: 400,
          body: { detail: notANumber(value) },
        });
      }
      // The path route reads its value the same way.
      const path = await call(`${LOAD}/query/load/${enc(value)}?${qs(DAY)}`);
      expect(path, `path ${value}`).toMatchObject({ status: 400, body: { detail: notANumber(value) } });
    }
    // One bad value in an `in` list is named on its own.
    expect(await call(filtered('45000,0x10', 'in'))).toMatchObject({
      status: 400,
      body: { detail: notANumber('0x10') },
    });
  });

  it('answers every decimal spelling float() reads exactly as the plain number', async () => {
    const plain = await call(filtered('50000'));
    expect(plain.status).toBe(200);
    expect((plain.body as { data: unknown[] }).data.length).toBeGreaterThan(0);
    for (const value of [
      '5e4',
      '5E+4',
      '50_000',
      '5_0_000',
      ' 50000 ',
      '50000.',
      '+50000',
      '50000.0',
      '.5e5',
      '5_0000.0_0',
    ]) {
      expect(await call(filtered(value)), value).toEqual(plain);
    }
    const inList = await call(filtered('-0.5,1e3', 'in'));
    expect(await call(filtered(' -.5 , 1_000 ', 'in'))).toEqual(inList);
  });

  it('reads typed integers and numbers with underscores and spaces, and refuses what int() and float() refuse', async () => {
    const nearby = (params: Record<string, string>): Promise<Answer> =>
      call(`/v1/pricing_locations/nearby?${qs({ latitude: '30.27', longitude: '-97.74', ...params })}`);
    const plain = await nearby({ limit: '12', max_distance_miles: '150' });
    expect(plain.status).toBe(200);
    expect(await nearby({ limit: '1_2', max_distance_miles: '1_50.0' })).toEqual(plain);
    expect(await nearby({ limit: ' 12 ', latitude: '3_0.27', longitude: '-97.7_4' })).toEqual(
      await nearby({ limit: '12' }),
    );
    const page = await call(`${LOAD}/query?${qs({ ...DAY, page_size: '2_0', page: '0_2' })}`);
    expect(page).toEqual(await call(`${LOAD}/query?${qs({ ...DAY, page_size: '20', page: '2' })}`));
    for (const [name, value] of [
      ['limit', '0b11'],
      ['limit', '0o7'],
      ['limit', '1__0'],
      ['latitude', '0x1A'],
      ['latitude', '3__0'],
      ['max_distance_miles', '_5'],
    ] as const) {
      const answer = await nearby({ [name]: value });
      expect(answer.status, `${name}=${value}`).toBe(422);
      expect(namesParameter((answer.body as ErrorBody).detail, name), `${name}=${value}`).toBe(true);
    }
  });
});
