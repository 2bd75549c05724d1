/**
 * `npm run fuzz [-- --requests N --seed S]`: thousands of random requests, valid and invalid,
 * against the HTTP mock on 127.0.0.1, checking that bad input never breaks the API:
 *   - no response is 5xx,
 *   - every 200 body matches the response schema of its endpoint and format,
 *   - every 4xx body carries a `detail`,
 *   - numbers are read as the hosted API's Python reads them (`1_000` is one, `0x10` is not), and
 *     a request with two `Host` headers gets 400.
 * Requests are drawn from a seeded PRNG before any is sent, so a failing seed replays exactly.
 */
import { request as httpRequest, Agent } from 'node:http';
import { pathToFileURL } from 'node:url';
import { z } from 'zod';
import {
  apiUsageSchema,
  dailyPeakReportSchema,
  type Dataset,
  datasetAuditResponseSchema,
  datasetListResponseSchema,
  datasetQueryArraysResponseSchema,
  datasetQueryResponseSchema,
  datasetSchema,
  datasetUpdatesResponseSchema,
  errorBodySchema,
  healthResponseSchema,
  type Meta,
  metaSchema,
  nearbyPricingLocationsSchema,
  pricingLocationListSchema,
  pricingLocationSchema,
  type Row,
  rowArraysSchema,
} from '@/contract';
import { ISO_TIMESTAMP_RE } from '@/time';
import { parseCsv } from '@/lib/csv';
import { DATASETS } from '@/mock/data/catalog';
import { locationDefs } from '@/mock/data/locations';
import type { DatasetDef } from '@/mock/data/types';
import { startHttpServer } from '@/mock/server';
import { TEST_NOW } from '@/test/clock';

export interface FuzzOptions {
  requests: number;
  seed: number;
  /** Requests in flight at once; default 8. */
  concurrency?: number;
  /** Where the report goes; default stdout. */
  log?: (line: string) => void;
}

export interface Offence {
  path: string;
  status: number;
  reason: string;
}

export interface FuzzReport {
  seed: number;
  requests: number;
  elapsedMs: number;
  /** Count per HTTP status. */
  statuses: Record<string, number>;
  /** Must be empty: any status ≥ 500. */
  serverErrors: Offence[];
  /** Must be empty: 200 bodies that fail the endpoint's schema (or a valid cursor that was refused). */
  schemaFailures: Offence[];
  /** Must be empty: 4xx bodies without a `detail`. */
  missingDetail: Offence[];
  /**
   * Must be empty: answers unlike the hosted API's where JavaScript and Python part ways: a 200 to
   * a number Python refuses (`0x10`, `1__0`), a number Python reads (`1_000`) refused as none, or
   * anything but 400 to two `Host` headers.
   */
  hostedMismatches: Offence[];
  /** How many requests carried each of those probes, so a run shows it tried them. */
  probes: { refusedNumbers: number; acceptedNumbers: number; hostTwice: number };
  /** The slowest requests, slowest first (for a person reading the report). */
  slowest: { path: string; status: number; ms: number }[];
}

// ---------------------------------------------------------------------------------------------
// Random draws
// ---------------------------------------------------------------------------------------------

/** mulberry32: tiny, fast, and the same sequence on every machine for a given seed. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

class Draw {
  constructor(readonly random: () => number) {}
  chance(p: number): boolean {
    return this.random() < p;
  }
  int(min: number, max: number): number {
    return min + Math.floor(this.random() * (max - min + 1));
  }
  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.random() * items.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  }
  some<T>(items: readonly T[], max: number): T[] {
    const out = new Set<T>();
    const n = this.int(1, Math.max(1, max));
    for (let i = 0; i < n; i++) out.add(this.pick(items));
    return [...out];
  }
}

// ---------------------------------------------------------------------------------------------
// Value pools
// ---------------------------------------------------------------------------------------------

const LONG = 'x'.repeat(10 * 1024);
/** The catalogue's bad values: wrong type, unknown, empty, long, non-ASCII, injections. */
const GARBAGE = [
  '',
  ' ',
  'abc',
  '-1',
  '0',
  '1.5',
  '1e400',
  'NaN',
  'null',
  'true',
  '99999999999999999999',
  LONG,
  'Zürich—東京🙂',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '%00',
  '\u0000',
  '${{7*7}}',
  '%',
  '\r\n',
  ',,,',
] as const;

/** A number the request spells in a form the hosted API accepts or refuses; see `spell`. */
interface Spelling {
  /** The parameter, or `filter_value` for the path route's value. */
  name: string;
  text: string;
  accepted: boolean;
}

/** Between two digits, one underscore at the first such place at or after `from`. */
function underscored(text: string, from: number, mark = '_'): string | null {
  for (let i = Math.max(1, from); i < text.length; i++) {
    if (/\d/.test(text[i - 1] ?? '') && /\d/.test(text[i] ?? ''))
      return `${text.slice(0, i)}${mark}${text.slice(i)}`;
  }
  return null;
}

/**
 * `value` written as Python's `int()` (`kind` int) or `float()` reads it, or in a form only
 * JavaScript's `Number` reads (hex, binary, octal) or neither does (misplaced underscores), half
 * and half; the spelling is noted in `spellings` so the answer can be judged.
 */
function spell(d: Draw, spellings: Spelling[], name: string, value: number, kind: 'int' | 'float'): string {
  const text = String(value);
  const whole = Math.trunc(Math.abs(value));
  const sign = value < 0 ? '-' : '';
  const accepted: (string | null)[] = [
    underscored(text, d.int(1, 4)),
    ` ${text} `,
    `\t${text}`,
    value >= 0 ? `+${text}` : null,
    `00${whole}` === `00${text}` ? `00${text}` : null,
    ...(kind === 'float'
      ? [
          `${text}e0`,
          `${text}E+00`,
          /^-?\d+$/.test(text) ? `${text}.` : null,
          text.replace(/^(-?)0\./, '$1.'),
        ]
      : []),
  ];
  const refused: (string | null)[] = [
    `${sign}0x${whole.toString(16)}`,
    `${sign}0X${whole.toString(16).toUpperCase()}`,
    `${sign}0b${whole.toString(2)}`,
    `${sign}0o${whole.toString(8)}`,
    `_${text}`,
    `${text}_`,
    underscored(text, 1, '__'),
    text.includes('.') ? text.replace('.', '_.') : null,
    kind === 'int' ? `${text}e0` : null,
  ];
  const ok = d.chance(0.5);
  const out = d.pick((ok ? accepted : refused).filter((t): t is string => t !== null && t !== text));
  spellings.push({ name, text: out, accepted: ok });
  return out;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const DATA_START = Date.UTC(2023, 0, 1, 6);
const pad = (n: number, w = 2): string => String(n).padStart(w, '0');

/** A timestamp in one of the forms §6.1 accepts, near `ms`. */
function timestamp(d: Draw, ms: number): string {
  const t = new Date(ms);
  const date = `${t.getUTCFullYear()}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`;
  const time = `${pad(t.getUTCHours())}:${pad(t.getUTCMinutes())}`;
  switch (d.int(0, 6)) {
    case 0:
      return date;
    case 1:
      return `${date}T${time}`;
    case 2:
      return `${date} ${time}:00`;
    case 3:
      return `${date}T${time}:00Z`;
    case 4:
      return `${date}T${time}:00-05:00`;
    case 5:
      return `${date}T${time}:00.123+0530`;
    default:
      return `${date}T${time}:00+00:00`;
  }
}

/** An instant where data is: mostly the last month, sometimes the first days of data. */
function instant(d: Draw): number {
  const base = d.chance(0.85) ? TEST_NOW - d.int(0, 30) * DAY : DATA_START + d.int(0, 10) * DAY;
  return base + d.int(0, 287) * 5 * 60_000;
}

const TIMEZONES = [
  'UTC',
  'utc',
  'market',
  'US/Central',
  'America/New_York',
  'Europe/London',
  'Asia/Kolkata',
  'Australia/Lord_Howe',
  'Pacific/Chatham',
  'Etc/GMT-14',
] as const;
const OPERATORS = [
  '=',
  '!=',
  '>',
  '>=',
  '<',
  '<=',
  'in',
  'eq',
  'ne',
  'gt',
  'gte',
  'lt',
  'lte',
  'EQ',
] as const;
const COMPARISONS = ['=', '>', '>=', '<', '<='] as const;
const FUNCTIONS = ['mean', 'sum', 'min', 'max', 'count', 'median', 'first', 'last', 'stddev', 'variance'];
const UNITS: readonly [string, number][] = [
  ['min', 120],
  ['minutes', 60],
  ['h', 48],
  ['Hour', 24],
  ['d', 7],
  ['days', 3],
  ['w', 4],
  ['week', 2],
  ['month', 12],
  ['Months', 3],
  ['year', 2],
];
const LOCATION_TYPE_WORDS = ['Trading Hub', 'load zone', 'Load Zone DC Tie', 'Resource Node', 'Hub'];
const ZONES = ['LZ_WEST', 'LZ_HOUSTON', 'lz_north', 'LZ_SOUTH', 'LZ_AEN', 'LZ_NOPE'];
const SORT_COLUMNS = [
  'location',
  'gs_entity_id',
  'latitude',
  'longitude',
  'zone',
  'status',
  'latest_seen_utc',
];

function frequency(d: Draw): string {
  if (d.chance(0.05)) {
    // Far larger than any data: the buckets must still be written as valid timestamps.
    return `${d.pick([1e6, 1e9, 123456789012])}${d.pick(['min', 'h', 'd', 'month', 'years'])}`;
  }
  const [unit, max] = d.pick(UNITS);
  return `${d.int(1, max)}${d.chance(0.2) ? ' ' : ''}${unit}`;
}

function locationName(d: Draw): string {
  return d.pick(locationDefs()).location;
}

/** A value for a filter on `column` of `def`, usually of the right kind; numbers sometimes respelled. */
function filterValue(
  d: Draw,
  def: DatasetDef,
  column: string,
  operator: string,
  spellings: Spelling[],
): string {
  const col = def.columns.find((c) => c.name === column);
  const one = (): string => {
    if (col?.type === 'DOUBLE PRECISION') {
      const n = d.int(-50, 90_000) / d.pick([1, 10, 100]);
      return d.chance(0.25) ? spell(d, spellings, 'filter_value', n, 'float') : String(n);
    }
    if (col?.type === 'TIMESTAMP') return timestamp(d, instant(d));
    if (column === 'location') return locationName(d);
    if (column === 'location_type') return d.pick(LOCATION_TYPE_WORDS);
    return d.pick(['REAL_TIME_15_MIN', 'DAY_AHEAD_HOURLY', 'REAL_TIME_SCED', 'DAM', 'x']);
  };
  return operator === 'in' ? Array.from({ length: d.int(1, 4) }, one).join(',') : one();
}

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

type Endpoint =
  | 'health'
  | 'datasets'
  | 'dataset'
  | 'query'
  | 'audit'
  | 'updates'
  | 'locations'
  | 'nearby'
  | 'location'
  | 'dailyPeak'
  | 'usage'
  | 'unknown';

interface FuzzRequest {
  endpoint: Endpoint;
  /** Percent-encoded path and query string, sent as is. */
  path: string;
  key: string | null;
  /** The query follows a cursor it was given: it must be answered 200. */
  followUp?: boolean;
  /** Numbers the request spells on purpose in a form Python reads or refuses. */
  spellings: Spelling[];
  /** Sent with two `Host` headers: the answer must be 400. */
  hostTwice?: boolean;
}

type Params = [string, string][];

const enc = (text: string): string => encodeURIComponent(text);

/** Percent-encodes a path segment oddly but equivalently: lower- or upper-case hex, encoded letters. */
function oddSegment(d: Draw, text: string): string {
  // Long values stay plainly encoded: tripled in length they would pass Node's 16 kB head limit.
  if (d.chance(0.8) || text.length > 200) return enc(text);
  let out = '';
  for (const ch of text) {
    const code = ch.charCodeAt(0);
    const hex = code.toString(16).padStart(2, '0');
    // Only ASCII has a one-byte escape; any case of hex digits is the same byte.
    out += code < 0x80 && d.chance(0.3) ? `%${d.chance(0.5) ? hex : hex.toUpperCase()}` : enc(ch);
  }
  return out;
}

/** With probability `p`: a valid value, or (1 in 5) one of the catalogue's bad values. */
function maybe(d: Draw, params: Params, name: string, p: number, valid: () => string): void {
  if (!d.chance(p)) return;
  params.push([name, d.chance(0.8) ? valid() : d.pick(GARBAGE)]);
}

function formatParams(d: Draw, params: Params): void {
  maybe(d, params, 'return_format', 0.25, () => d.pick(['json', 'csv', 'CSV']));
  maybe(d, params, 'json_schema', 0.2, () =>
    d.pick(['array_of_objects', 'array_of_arrays', 'array-of-arrays', 'array-of-objects']),
  );
  maybe(d, params, 'download', 0.1, () => d.pick(['true', 'false', '1', '0', 'TRUE']));
}

/** A whole number for a typed parameter, sometimes respelled (see `spell`). */
function intValue(d: Draw, spellings: Spelling[], name: string, min: number, max: number): string {
  const n = d.int(min, max);
  return d.chance(0.15) ? spell(d, spellings, name, n, 'int') : String(n);
}

function queryParams(
  d: Draw,
  def: DatasetDef,
  params: Params,
  locationFilter: boolean,
  spellings: Spelling[],
): void {
  const names = def.columns.map((c) => c.name);
  // Bounded in time (at most three days, or from a recent instant on), except when one location
  // is asked for: an unbounded scan of every location or vintage costs seconds, not what we test.
  const filterByLocation = !locationFilter && def.subseriesColumn !== null && d.chance(0.2);
  const bounded = !(locationFilter || filterByLocation) || d.chance(0.5);
  if (bounded && d.chance(0.8)) {
    const start = instant(d);
    params.push(['start_time', timestamp(d, start)]);
    params.push(['end_time', timestamp(d, start + d.int(1, 72) * HOUR)]);
  } else if (bounded) {
    // `time=latest` bounds nothing: with a filter that never matches it walks the whole dataset.
    // `time>=` runs to the end of the data: start it in the last three days.
    const recent = TEST_NOW - d.int(0, 72) * HOUR;
    const time = d.chance(0.3) && (locationFilter || filterByLocation) ? 'latest' : timestamp(d, recent);
    params.push(['time', time]);
    if (time !== 'latest') maybe(d, params, 'time_comparison', 0.5, () => d.pick(['=', '>', '>=']));
  } else {
    maybe(d, params, 'time_comparison', 0.1, () => d.pick(COMPARISONS));
  }
  if (filterByLocation) {
    params.push(['filter_column', 'location']);
    params.push(['filter_value', locationName(d)]);
    maybe(d, params, 'filter_operator', 0.3, () => d.pick(['=', 'eq', 'EQ']));
  }
  maybe(d, params, 'start_time', 0.03, () => timestamp(d, instant(d)));
  maybe(d, params, 'order', 0.3, () => d.pick(['asc', 'desc', 'DESC']));
  if (!locationFilter && !filterByLocation && d.chance(0.3)) {
    const column = d.chance(0.4) && def.subseriesColumn ? def.subseriesColumn : d.pick(names);
    const operator = d.pick(OPERATORS);
    params.push(['filter_column', d.chance(0.9) ? column : d.pick(GARBAGE)]);
    params.push([
      'filter_value',
      d.chance(0.9) ? filterValue(d, def, column, operator, spellings) : d.pick(GARBAGE),
    ]);
    maybe(d, params, 'filter_operator', 0.8, () => operator);
  }
  maybe(d, params, 'filter_operator', 0.03, () => d.pick(OPERATORS));
  maybe(d, params, 'limit', 0.2, () => intValue(d, spellings, 'limit', 1, 5000));
  maybe(d, params, 'page', 0.2, () => intValue(d, spellings, 'page', 1, 5));
  maybe(d, params, 'page_size', 0.4, () => intValue(d, spellings, 'page_size', 1, 2000));
  maybe(d, params, 'columns', 0.25, () => d.some(names, 3).join(d.pick([',', ', '])));
  maybe(d, params, 'cursor', 0.15, () => '');
  maybe(d, params, 'timezone', 0.25, () => d.pick(TIMEZONES));
  if (def.publishTimeColumn !== null || d.chance(0.1)) {
    maybe(d, params, 'publish_time', 0.3, () =>
      d.chance(0.6) ? d.pick(['latest', 'latest_report', 'LATEST']) : timestamp(d, instant(d)),
    );
    maybe(d, params, 'publish_time_start', 0.1, () => timestamp(d, instant(d) - 2 * DAY));
    maybe(d, params, 'publish_time_end', 0.1, () => timestamp(d, instant(d)));
  }
  if (d.chance(0.3)) {
    params.push(['resample_frequency', d.chance(0.9) ? frequency(d) : d.pick(GARBAGE)]);
    maybe(d, params, 'resample_function', 0.5, () => d.pick(FUNCTIONS));
    maybe(d, params, 'resample_by', 0.2, () => d.some(names, 2).join(','));
  }
  formatParams(d, params);
}

/** Bad cursor-shaped tokens: base64url of near-valid text, and plain garbage. */
const BAD_CURSORS = ['YzEuMDAwMDAwMDAuMA', 'YzEuZGVhZGJlZWYuLTE', 'Yz', '!!!', LONG];

function locationListParams(d: Draw, params: Params, spellings: Spelling[]): void {
  maybe(d, params, 'isos', 0.2, () => d.pick(['ercot', 'ERCOT', 'caiso', 'ercot,caiso', '']));
  maybe(d, params, 'search', 0.3, () => (d.chance(0.5) ? locationName(d).slice(0, d.int(1, 6)) : 'hb_'));
  maybe(d, params, 'location_types', 0.25, () => d.some(LOCATION_TYPE_WORDS, 2).join(','));
  maybe(d, params, 'zones', 0.2, () => d.some(ZONES, 2).join(','));
  maybe(d, params, 'statuses', 0.15, () => d.pick(['active', 'inactive', 'ACTIVE,inactive']));
  maybe(d, params, 'has_geo', 0.2, () => d.pick(['true', 'false', '1', '0']));
  maybe(d, params, 'sort_column', 0.3, () => d.pick(SORT_COLUMNS));
  maybe(d, params, 'sort_order', 0.3, () => d.pick(['asc', 'desc']));
  maybe(d, params, 'page', 0.2, () => intValue(d, spellings, 'page', 1, 10));
  maybe(d, params, 'page_size', 0.3, () => intValue(d, spellings, 'page_size', 1, 500));
}

function nearbyParams(d: Draw, params: Params, spellings: Spelling[]): void {
  const float = (name: string, n: number): string =>
    d.chance(0.15) ? spell(d, spellings, name, n, 'float') : String(n);
  if (d.chance(0.6)) {
    maybe(d, params, 'latitude', 0.95, () => float('latitude', d.int(-9000, 9000) / 100));
    maybe(d, params, 'longitude', 0.95, () => float('longitude', d.int(-18000, 18000) / 100));
  } else {
    maybe(d, params, 'location_id', 0.95, () => d.pick(locationDefs()).gsEntityId);
  }
  maybe(d, params, 'limit', 0.3, () => intValue(d, spellings, 'limit', 1, 100));
  maybe(d, params, 'max_distance_miles', 0.2, () => float('max_distance_miles', d.int(1, 500)));
  maybe(d, params, 'isos', 0.1, () => d.pick(['ercot', 'caiso']));
}

const UNKNOWN_PATHS = [
  '/v1',
  '/v1/nope',
  '/v1/datasets/ercot_load/query/location',
  '/v1/datasets/ercot_load/rows',
  '/v1/datasets//query',
  '/v1/pricing_locations/nearby/x',
  '/v1/reports/daily_peak',
  '/v1/reports/daily_peak/ercot/2024',
  '/v1/dataset-updates',
  '/v1/api_usage/me',
  '/v1/%3Cscript%3E',
  '/v1/datasets/%E0%A4%A/query',
  '/v2/datasets',
  '/healthz',
] as const;

/** One random request: an endpoint, some of its parameters (valid or bad), sometimes noise. */
function randomRequest(d: Draw): FuzzRequest {
  const params: Params = [];
  const spellings: Spelling[] = [];
  const def = d.pick(DATASETS);
  const datasetId = d.chance(0.93) ? def.id : d.pick([...GARBAGE.filter((g) => g !== ''), 'ERCOT_LOAD']);
  const id = oddSegment(d, datasetId);
  const roll = d.random();
  let endpoint: Endpoint;
  let path: string;
  if (roll < 0.02) {
    endpoint = 'health';
    path = '/health';
  } else if (roll < 0.08) {
    endpoint = 'datasets';
    path = '/v1/datasets';
    maybe(d, params, 'source', 0.3, () => d.pick(['ercot', 'ERCOT', 'caiso']));
    formatParams(d, params);
  } else if (roll < 0.15) {
    endpoint = 'dataset';
    path = `/v1/datasets/${id}`;
    formatParams(d, params);
  } else if (roll < 0.55) {
    endpoint = 'query';
    path = `/v1/datasets/${id}/query`;
    queryParams(d, def, params, false, spellings);
  } else if (roll < 0.66) {
    endpoint = 'query';
    const column = d.chance(0.6) && def.subseriesColumn ? def.subseriesColumn : d.pick(def.columns).name;
    const col = d.chance(0.9) ? column : d.pick(GARBAGE.filter((g) => g !== ''));
    const value = d.chance(0.9)
      ? filterValue(d, def, column, '=', spellings)
      : d.pick(GARBAGE.filter((g) => g !== ''));
    path = `/v1/datasets/${id}/query/${oddSegment(d, col)}/${oddSegment(d, value)}`;
    queryParams(d, def, params, col === 'location', spellings);
  } else if (roll < 0.71) {
    endpoint = 'audit';
    path = `/v1/datasets/${id}/audit`;
    formatParams(d, params);
  } else if (roll < 0.76) {
    endpoint = 'updates';
    path = `/v1/dataset-updates/${id}`;
    maybe(d, params, 'order', 0.3, () => d.pick(['asc', 'desc']));
    maybe(d, params, 'limit', 0.3, () => intValue(d, spellings, 'limit', 1, 1000));
    formatParams(d, params);
  } else if (roll < 0.84) {
    endpoint = 'locations';
    path = '/v1/pricing_locations';
    locationListParams(d, params, spellings);
  } else if (roll < 0.89) {
    endpoint = 'nearby';
    path = '/v1/pricing_locations/nearby';
    nearbyParams(d, params, spellings);
  } else if (roll < 0.92) {
    endpoint = 'location';
    const entity = d.chance(0.85)
      ? d.pick(locationDefs()).gsEntityId
      : d.pick(GARBAGE.filter((g) => g !== ''));
    path = `/v1/pricing_locations/${oddSegment(d, entity)}`;
    maybe(d, params, 'isos', 0.2, () => d.pick(['ercot', 'caiso']));
  } else if (roll < 0.95) {
    endpoint = 'dailyPeak';
    const iso = d.chance(0.85)
      ? d.pick(['ercot', 'ERCOT', 'Ercot'])
      : d.pick(['caiso', '%00', 'x'.repeat(300)]);
    path = `/v1/reports/daily_peak/${enc(iso)}`;
    maybe(d, params, 'date', 0.7, () => {
      const t = new Date(DATA_START - 3 * DAY + d.int(0, 935) * DAY);
      return `${t.getUTCFullYear()}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`;
    });
  } else if (roll < 0.97) {
    endpoint = 'usage';
    path = '/v1/api_usage';
  } else {
    endpoint = 'unknown';
    path = d.pick(UNKNOWN_PATHS);
  }
  if (d.chance(0.05)) path += '/';
  if (d.chance(0.05)) params.push([d.pick(['colour', 'Zürich', '<b>', 'page ']), d.pick(GARBAGE)]);
  if (d.chance(0.03) && params.length > 0) params.push(d.pick(params));
  if (endpoint === 'query' && d.chance(0.03)) params.push(['cursor', d.pick(BAD_CURSORS)]);
  const keyRoll = d.random();
  let key: string | null = 'test-key';
  if (keyRoll < 0.02) key = null;
  else if (keyRoll < 0.04) key = d.pick(['wrong-key', 'TEST-KEY', '']);
  else if (keyRoll < 0.06) {
    key = null;
    params.push(['api_key', 'test-key']);
  } else if (keyRoll < 0.07) key = 'free-key';
  // One 10 kB value per request: Node's HTTP server refuses request heads over 16 kB.
  let long = path.length > LONG.length;
  const query = params
    .map(([k, v]) => {
      const value = v === LONG && long ? v.slice(0, 100) : v;
      long ||= value === LONG;
      return `${enc(k)}=${enc(value)}`;
    })
    .join('&');
  // RFC 9112: two Host headers are a malformed request, whatever else it holds.
  const hostTwice = d.chance(0.01);
  return {
    endpoint,
    path: query === '' ? path : `${path}?${query}`,
    key,
    spellings,
    ...(hostTwice ? { hostTwice } : {}),
  };
}

// ---------------------------------------------------------------------------------------------
// Checks
// ---------------------------------------------------------------------------------------------

interface Answer {
  status: number;
  contentType: string;
  text: string;
}

const ok = null;
type Verdict = string | null;

function issuesOf(result: z.ZodSafeParseResult<unknown>): Verdict {
  if (result.success) return ok;
  const first = result.error.issues[0];
  return first === undefined ? 'schema' : `${first.path.join('.')}: ${first.message}`;
}

function csvVerdict(text: string): Verdict {
  if (!text.endsWith('\n')) return 'CSV does not end with a line end';
  if ((text.match(/"/g)?.length ?? 0) % 2 !== 0) return 'CSV has an unterminated quote';
  const lines = parseCsv(text);
  const header = lines[0];
  if (header === undefined || header.length === 0 || header.every((h) => h === ''))
    return 'CSV has no header line';
  const bad = lines.findIndex((line) => line.length !== header.length);
  return bad < 0 ? ok : `CSV line ${bad + 1} has ${lines[bad]?.length} fields, the header ${header.length}`;
}

/** Rows agree with `dataset_metadata.all_columns`: same keys, in order, timestamps well formed. */
function queryRowsVerdict(
  columns: Dataset['all_columns'],
  rows: readonly (readonly unknown[])[],
  meta: Meta,
): Verdict {
  const names = columns.map((c) => c.name);
  if (meta.page_size !== null && rows.length > meta.page_size)
    return `${rows.length} rows on a page of ${meta.page_size}`;
  for (const row of rows) {
    if (row.length !== names.length) return `a row has ${row.length} cells for ${names.length} columns`;
    for (let i = 0; i < columns.length; i++) {
      const cell = row[i];
      if (
        columns[i]?.type === 'TIMESTAMP' &&
        cell !== null &&
        !(typeof cell === 'string' && ISO_TIMESTAMP_RE.test(cell))
      ) {
        return `column ${names[i]} holds ${JSON.stringify(cell)}, not an ISO timestamp`;
      }
      if (typeof cell === 'number' && !Number.isFinite(cell))
        return `column ${names[i]} holds a non-finite number`;
    }
  }
  return ok;
}

function queryVerdict(body: unknown, arrays: boolean): Verdict {
  if (arrays) {
    const parsed = datasetQueryArraysResponseSchema.safeParse(body);
    if (!parsed.success) return issuesOf(parsed);
    const [header, ...rows] = parsed.data.data;
    const names = parsed.data.dataset_metadata.all_columns.map((c) => c.name);
    if (header.join(',') !== names.join(','))
      return `data[0] ${header.join(',')} is not all_columns ${names.join(',')}`;
    return queryRowsVerdict(parsed.data.dataset_metadata.all_columns, rows, parsed.data.meta);
  }
  const parsed = datasetQueryResponseSchema.safeParse(body);
  if (!parsed.success) return issuesOf(parsed);
  const columns = parsed.data.dataset_metadata.all_columns;
  const names = columns.map((c) => c.name).join(',');
  const rows = parsed.data.data.map((row: Row) => {
    if (Object.keys(row).join(',') !== names) return [];
    return Object.values(row);
  });
  const mismatch = parsed.data.data.findIndex((row: Row) => Object.keys(row).join(',') !== names);
  if (mismatch >= 0)
    return `row ${mismatch} has keys ${Object.keys(parsed.data.data[mismatch] ?? {}).join(',')}, not ${names}`;
  return queryRowsVerdict(columns, rows, parsed.data.meta);
}

/** The catalog's `all_columns` and `primary_key_columns` are arrays: its cells are any JSON. */
const catalogArraysSchema = z.tuple([z.array(z.string())], z.array(z.unknown()));

function listVerdict(body: unknown, arrays: boolean, objects: z.ZodType, catalog = false): Verdict {
  if (!arrays) return issuesOf(objects.safeParse(body));
  const b = body as { data?: unknown; meta?: unknown; dataset_metadata?: unknown } | null;
  if (b === null || typeof b !== 'object') return 'body is not an object';
  if (b.dataset_metadata !== null) return 'dataset_metadata is not null';
  const data = (catalog ? catalogArraysSchema : rowArraysSchema).safeParse(b.data);
  if (!data.success) return issuesOf(data);
  const [header, ...rows] = data.data;
  const ragged = rows.findIndex((row) => row.length !== header.length);
  if (ragged >= 0)
    return `data[${ragged + 1}] has ${rows[ragged]?.length} cells for ${header.length} columns`;
  return issuesOf(metaSchema.safeParse(b.meta));
}

function lastParam(path: string, name: string): string | undefined {
  const query = path.split('?')[1];
  return query === undefined ? undefined : (new URLSearchParams(query).get(name) ?? undefined);
}

/** The schema verdict of a 200 for the endpoint, in the format the request asked for. */
function okVerdict(req: FuzzRequest, answer: Answer): Verdict {
  const asked = lastParam(req.path, 'return_format') === 'csv' ? 'csv' : 'json';
  const isCsv = answer.contentType.startsWith('text/csv');
  const csvEndpoint = ['datasets', 'dataset', 'query', 'audit', 'updates'].includes(req.endpoint);
  if (csvEndpoint && asked === 'csv')
    return isCsv ? csvVerdict(answer.text) : `asked for CSV, got ${answer.contentType}`;
  if (!answer.contentType.startsWith('application/json')) return `content-type ${answer.contentType}`;
  let body: unknown;
  try {
    body = JSON.parse(answer.text);
  } catch {
    return 'body is not JSON';
  }
  const arrays = (lastParam(req.path, 'json_schema') ?? '').replace(/-/g, '_') === 'array_of_arrays';
  switch (req.endpoint) {
    case 'health':
      return issuesOf(healthResponseSchema.safeParse(body));
    case 'datasets':
      return listVerdict(body, arrays, datasetListResponseSchema, true);
    case 'dataset':
      return issuesOf(datasetSchema.safeParse(body));
    case 'query':
      return queryVerdict(body, arrays);
    case 'audit':
      return listVerdict(body, arrays, datasetAuditResponseSchema);
    case 'updates':
      return listVerdict(body, arrays, datasetUpdatesResponseSchema);
    case 'locations':
      return issuesOf(pricingLocationListSchema.safeParse(body));
    case 'nearby':
      return issuesOf(nearbyPricingLocationsSchema.safeParse(body));
    case 'location':
      return issuesOf(pricingLocationSchema.safeParse(body));
    case 'dailyPeak':
      return issuesOf(dailyPeakReportSchema.safeParse(body));
    case 'usage':
      return issuesOf(apiUsageSchema.safeParse(body));
    case 'unknown':
      return 'an unknown route answered 200';
  }
}

/** The cursor of a JSON query page, to follow it with the same query. */
function nextCursor(req: FuzzRequest, answer: Answer): string | null {
  if (
    req.endpoint !== 'query' ||
    answer.status !== 200 ||
    !answer.contentType.startsWith('application/json')
  ) {
    return null;
  }
  try {
    const body = JSON.parse(answer.text) as { meta?: { cursor?: unknown } };
    return typeof body.meta?.cursor === 'string' ? body.meta.cursor : null;
  } catch {
    return null;
  }
}

function withCursor(path: string, cursor: string): string {
  const [route = '', query = ''] = path.split('?');
  const params = new URLSearchParams(query);
  params.set('cursor', cursor);
  return `${route}?${params.toString()}`;
}

// ---------------------------------------------------------------------------------------------
// Sending
// ---------------------------------------------------------------------------------------------

function send(base: URL, agent: Agent, req: FuzzRequest): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const key = req.key === null ? [] : ['x-api-key', req.key];
    // Node's client sends headers given as a flat list line for line, Host twice included.
    const headers: Record<string, string> | string[] =
      req.hostTwice === true
        ? ['Host', base.host, 'Host', 'evil.example', ...key]
        : Object.fromEntries(req.key === null ? [] : [['x-api-key', req.key]]);
    const r = httpRequest(
      { host: base.hostname, port: base.port, path: req.path, method: 'GET', headers, agent },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          resolve({
            status: res.statusCode ?? 0,
            contentType: res.headers['content-type'] ?? '',
            text: Buffer.concat(chunks).toString('utf8'),
          });
        });
        res.on('error', reject);
      },
    );
    r.on('error', reject);
    r.end();
  });
}

const shortPath = (path: string): string =>
  path.length > 300 ? `${path.slice(0, 300)}… (${path.length} chars)` : path;

/** Why the answer is unlike the hosted API's for the request's probes, or null when it is alike. */
function hostedVerdict(req: FuzzRequest, answer: Answer): Verdict {
  let body: unknown;
  try {
    body = JSON.parse(answer.text);
  } catch {
    body = null;
  }
  if (req.hostTwice === true) {
    const detail = (body as { detail?: unknown } | null)?.detail;
    return answer.status === 400 && detail === 'Bad Request'
      ? ok
      : `two Host headers answered ${answer.status} ${answer.text.slice(0, 100)}, not 400 Bad Request`;
  }
  const detail = (body as { detail?: unknown } | null)?.detail;
  for (const { name, text, accepted } of req.spellings) {
    if (!accepted && answer.status === 200)
      return `answered 200 to ${name}=${JSON.stringify(text)}, which Python does not read as a number`;
    if (!accepted || answer.status < 400) continue;
    const refused =
      typeof detail === 'string'
        ? detail.includes(`'${text.trim()}' is not a number`)
        : Array.isArray(detail) &&
          detail.some((issue: { loc?: unknown[]; type?: unknown; input?: unknown }) => {
            const typed = issue.type === 'int_parsing' || issue.type === 'float_parsing';
            return typed && issue.loc?.[1] === name && issue.input === text;
          });
    if (refused) return `refused ${name}=${JSON.stringify(text)}, which Python reads as a number`;
  }
  return ok;
}

/** Runs the fuzzer against a fresh HTTP mock; never throws for a finding, only reports it. */
export async function runFuzz(options: FuzzOptions): Promise<FuzzReport> {
  const { requests, seed, concurrency = 8 } = options;
  const d = new Draw(prng(seed));
  // Drawn up front, so the sequence depends on the seed alone, not on timing.
  const queue: FuzzRequest[] = Array.from({ length: requests }, () => randomRequest(d));
  const crashes: string[] = [];
  const mock = await startHttpServer({
    port: 0,
    rateLimits: false,
    now: () => TEST_NOW,
    onError: (e) => crashes.push(e instanceof Error ? `${e.name}: ${e.message}` : String(e)),
  });
  const base = new URL(mock.url);
  // No keep-alive: a reused socket that the server's idle timer closes at the same moment is
  // reset, which would be counted as a dropped request though the API did nothing wrong.
  const agent = new Agent({ keepAlive: false, maxSockets: concurrency });
  const report: FuzzReport = {
    seed,
    requests: 0,
    elapsedMs: 0,
    statuses: {},
    serverErrors: [],
    schemaFailures: [],
    missingDetail: [],
    hostedMismatches: [],
    probes: { refusedNumbers: 0, acceptedNumbers: 0, hostTwice: 0 },
    slowest: [],
  };
  const started = Date.now();
  // Following cursors adds requests the seed implies; capped so a run stays near its budget.
  let followUps = Math.ceil(requests / 20);

  const check = async (req: FuzzRequest): Promise<void> => {
    let answer: Answer;
    const sent = Date.now();
    try {
      answer = await send(base, agent, req);
      const ms = Date.now() - sent;
      report.slowest.push({ path: shortPath(req.path), status: answer.status, ms });
      report.slowest.sort((a, b) => b.ms - a.ms);
      report.slowest.length = Math.min(report.slowest.length, 3);
    } catch (error) {
      // A dropped connection is the worst answer of all: counted with the 5xx.
      report.requests++;
      report.statuses.error = (report.statuses.error ?? 0) + 1;
      const reason = error instanceof Error ? error.message : String(error);
      report.serverErrors.push({ path: shortPath(req.path), status: 0, reason: `no response: ${reason}` });
      return;
    }
    report.requests++;
    report.statuses[answer.status] = (report.statuses[answer.status] ?? 0) + 1;
    const offence = (reason: string): Offence => ({
      path: shortPath(req.path),
      status: answer.status,
      reason,
    });
    if (req.hostTwice === true) report.probes.hostTwice++;
    else if (req.spellings.some((s) => !s.accepted)) report.probes.refusedNumbers++;
    else if (req.spellings.length > 0) report.probes.acceptedNumbers++;
    const mismatch = hostedVerdict(req, answer);
    if (mismatch !== null) report.hostedMismatches.push(offence(mismatch));
    if (answer.status >= 500) {
      report.serverErrors.push(offence(crashes.shift() ?? answer.text.slice(0, 200)));
    } else if (answer.status >= 400) {
      let body: unknown;
      try {
        body = JSON.parse(answer.text);
      } catch {
        body = null;
      }
      if (!errorBodySchema.safeParse(body).success)
        report.missingDetail.push(offence(answer.text.slice(0, 200)));
      if (req.followUp === true)
        report.schemaFailures.push(
          offence(`a cursor the API issued was refused: ${answer.text.slice(0, 200)}`),
        );
    } else if (answer.status === 200) {
      const verdict = okVerdict(req, answer);
      if (verdict !== null) report.schemaFailures.push(offence(verdict));
      const cursor = nextCursor(req, answer);
      if (cursor !== null && followUps > 0) {
        followUps--;
        queue.push({ ...req, path: withCursor(req.path, cursor), followUp: true });
      }
    }
  };

  const worker = async (): Promise<void> => {
    for (let req = queue.shift(); req !== undefined; req = queue.shift()) await check(req);
  };
  try {
    await Promise.all(Array.from({ length: concurrency }, worker));
  } finally {
    agent.destroy();
    await mock.close();
  }
  report.elapsedMs = Date.now() - started;
  options.log?.(formatReport(report));
  return report;
}

/** True when every must-be-zero figure is zero. */
export function fuzzPassed(report: FuzzReport): boolean {
  return (
    report.serverErrors.length === 0 &&
    report.schemaFailures.length === 0 &&
    report.missingDetail.length === 0 &&
    report.hostedMismatches.length === 0
  );
}

export function formatReport(report: FuzzReport): string {
  const statuses = Object.entries(report.statuses)
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([s, n]) => `${s}: ${n}`)
    .join(', ');
  const lines = [
    `fuzz seed ${report.seed}: ${report.requests} requests in ${(report.elapsedMs / 1000).toFixed(1)} s`,
    `statuses: ${statuses}`,
    `responses >= 500: ${report.serverErrors.length}`,
    `200 bodies failing the schema: ${report.schemaFailures.length}`,
    `4xx bodies without detail: ${report.missingDetail.length}`,
    `answers unlike the hosted API's: ${report.hostedMismatches.length} (probes: ${report.probes.refusedNumbers} numbers Python refuses, ${report.probes.acceptedNumbers} it reads, ${report.probes.hostTwice} with two Host headers)`,
    `slowest: ${report.slowest.map((r) => `${r.ms} ms (${r.status}) ${r.path.slice(0, 160)}`).join('\n         ')}`,
  ];
  const offences = [
    ...report.serverErrors.map((o) => ['5xx', o] as const),
    ...report.schemaFailures.map((o) => ['schema', o] as const),
    ...report.missingDetail.map((o) => ['no detail', o] as const),
    ...report.hostedMismatches.map((o) => ['unlike hosted', o] as const),
  ].slice(0, 10);
  if (offences.length > 0) {
    lines.push(`offending requests (first ${offences.length}; replay with --seed ${report.seed}):`);
    for (const [kind, o] of offences) lines.push(`  [${kind}] ${o.status} GET ${o.path}\n      ${o.reason}`);
  }
  return lines.join('\n');
}

function argValue(args: readonly string[], name: string): string | undefined {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : args.find((a) => a.startsWith(`${name}=`))?.slice(name.length + 1);
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const requests = Number(argValue(args, '--requests') ?? 2000);
  const seedText = argValue(args, '--seed');
  const seed = seedText === undefined ? Math.floor(Math.random() * 2 ** 31) : Number(seedText);
  if (!Number.isSafeInteger(requests) || requests < 1)
    throw new Error('--requests must be a positive integer');
  if (!Number.isSafeInteger(seed)) throw new Error('--seed must be an integer');
  process.stdout.write(`fuzz: ${requests} requests, seed ${seed}\n`);
  const report = await runFuzz({ requests, seed, log: (line) => process.stdout.write(`${line}\n`) });
  if (process.env.FUZZ_ALL === '1')
    for (const o of report.schemaFailures) process.stdout.write(`${o.status} ${o.path}\n  ${o.reason}\n`);
  process.exit(fuzzPassed(report) ? 0 : 1);
}

const entry = process.argv[1];
if (entry !== undefined && import.meta.url === pathToFileURL(entry).href) {
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(2);
  });
}
