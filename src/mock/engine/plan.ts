/**
 * From a query string to a validated plan, in the order of contract §3: `readQueryParams` finds the
 * parameters of the wrong type (422) without knowing the dataset; `planQuery` then applies every
 * rule of §6 against the dataset (400) and says exactly which part of the grid to walk.
 */
import {
  type ColumnType,
  DEFAULT_PAGE_SIZE,
  type FilterOperator,
  type Frequency,
  MAX_PAGE_SIZE,
  type Order,
  ORDERS,
  PUBLISH_TIME_KEYWORDS,
  type PublishTimeKeyword,
  type ResampleFunction,
  TIME_COMPARISONS,
  TIME_KEYWORDS,
  type TimeComparison,
  type TimeKeyword,
} from '@/contract';
import type { ColumnDef, DatasetDef, LocationDef, Millis, RawCell } from '@/mock/data/types';
import { compileFilter, listLength, MAX_IN_VALUES, resolveOperator } from './filter';
import { decodeCursor, queryFingerprint, type CursorPosition } from './paging';
import { EMPTY_IS_A_VALUE, ParamReader } from './params';
import { invalid } from './rejection';
import { parseFrequency, resolveResampleFunction } from './resample';
import { parseTimestamp, type ParsedTimestamp, type Zone } from '@/time';
import { resolveZone } from './time';

export { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE };

/** The filter of `/query/{filter_column_id}/{filter_value_path}`, already URL-decoded. */
export interface PathFilter {
  column: string;
  value: string;
}

/** The query's parameters with their types checked; rules not yet applied. */
export interface RawQueryParams {
  order?: string;
  filterColumn?: string;
  filterValue?: string;
  filterOperator?: string;
  /** `filter_column` or `filter_value` appeared in the query string (forbidden on the path route). */
  queryStringFilter: boolean;
  pathFilter: PathFilter | null;
  limit?: number;
  page?: number;
  pageSize?: number;
  columns?: string;
  /** Present (possibly empty) in cursor mode. */
  cursor?: string;
  timezone?: string;
  time?: ParsedTimestamp | TimeKeyword;
  timeComparison?: string;
  startTime?: ParsedTimestamp;
  endTime?: ParsedTimestamp;
  publishTime?: ParsedTimestamp | PublishTimeKeyword;
  publishTimeStart?: ParsedTimestamp;
  publishTimeEnd?: ParsedTimestamp;
  resampleFrequency?: string;
  resampleBy?: string;
  resampleFunction?: string;
  /** What binds a cursor: every row-shaping parameter as given, except `page` and `cursor`. */
  fingerprintParts: [string, string][];
}

/** Parameters that shape the rows, hence bind a cursor. Format parameters only change the encoding. */
const ROW_PARAMS = [
  'order',
  'filter_column',
  'filter_value',
  'filter_operator',
  'limit',
  'page_size',
  'columns',
  'timezone',
  'time',
  'time_comparison',
  'start_time',
  'end_time',
  'publish_time',
  'publish_time_start',
  'publish_time_end',
  'resample_frequency',
  'resample_by',
  'resample_function',
] as const;

const TIMESTAMP_ISSUE = { msg: 'Input should be a valid datetime', type: 'datetime_parsing' } as const;

/**
 * Reads the query parameters of both query routes, answering 422 (one entry per parameter of the
 * wrong type: integers, timestamps, together with any issue the reader already holds, such as a
 * bad `download`) before anything about the dataset is known.
 */
export function readQueryParams(
  input: ParamReader | URLSearchParams,
  pathFilter: PathFilter | null = null,
): RawQueryParams {
  const reader = input instanceof ParamReader ? input : new ParamReader(input);
  const params = reader.params;
  const str = (name: string): string | undefined => reader.string(name);
  const int = (name: string): number | undefined => reader.integer(name);
  const timestamp = (name: string): ParsedTimestamp | undefined =>
    reader.typed(name, (v) => parseTimestamp(v) ?? undefined, TIMESTAMP_ISSUE);
  const keyword = <K extends string>(name: string, words: readonly K[]): ParsedTimestamp | K | undefined => {
    const v = reader.string(name);
    if (v === undefined) return undefined;
    const word = words.find((w) => w === v.trim().toLowerCase());
    return word ?? timestamp(name);
  };

  const raw: RawQueryParams = {
    order: str('order'),
    filterColumn: str('filter_column'),
    filterValue: str('filter_value'),
    filterOperator: str('filter_operator'),
    queryStringFilter: reader.has('filter_column') || params.has('filter_value'),
    pathFilter,
    limit: int('limit'),
    page: int('page'),
    pageSize: int('page_size'),
    columns: str('columns'),
    cursor: str('cursor'),
    timezone: str('timezone'),
    time: keyword('time', TIME_KEYWORDS),
    timeComparison: str('time_comparison'),
    startTime: timestamp('start_time'),
    endTime: timestamp('end_time'),
    publishTime: keyword('publish_time', PUBLISH_TIME_KEYWORDS),
    publishTimeStart: timestamp('publish_time_start'),
    publishTimeEnd: timestamp('publish_time_end'),
    resampleFrequency: str('resample_frequency'),
    resampleBy: str('resample_by'),
    resampleFunction: str('resample_function'),
    fingerprintParts: [],
  };
  checkInList(reader, raw);
  reader.assertValid();
  for (const name of ROW_PARAMS) {
    // `?order=` is `order` absent (contract §1), so both bind a cursor alike.
    for (const v of params.getAll(name))
      if (v !== '' || EMPTY_IS_A_VALUE.has(name)) raw.fingerprintParts.push([name, v]);
  }
  if (pathFilter) raw.fingerprintParts.push(['path_filter', `${pathFilter.column}/${pathFilter.value}`]);
  return raw;
}

/** Longest `input` echoed back for a too-long `in` list: the answer need not repeat 60 kB. */
const ECHO_CHARS = 200;

/**
 * An `in` list longer than MAX_IN_VALUES is a type error on `filter_value` (contract §6.2), so it is
 * found with the other 422s, before the dataset or any rule is looked at.
 */
function checkInList(reader: ParamReader, raw: RawQueryParams): void {
  if (raw.filterOperator?.trim().toLowerCase() !== 'in' || raw.filterValue === undefined) return;
  if (listLength(raw.filterValue) <= MAX_IN_VALUES) return;
  const value = raw.filterValue;
  const input = value.length > ECHO_CHARS ? `${value.slice(0, ECHO_CHARS)}…` : value;
  reader.addIssue('filter_value', `at most ${MAX_IN_VALUES} values`, 'too_long', input);
}

/** One column of the output: where its value comes from and how it is written. */
export interface OutputColumn {
  name: string;
  type: ColumnType;
  unit: string | null;
  description: string;
  /** Index of the value in the source row (a dataset row, or a resampled row). */
  source: number;
  /** A `_local` twin: written in the query's zone instead of UTC. */
  local: boolean;
}

export type PublishMode =
  { kind: 'all' } | { kind: 'latest' } | { kind: 'latest_report' } | { kind: 'at'; at: Millis };

export interface ResamplePlan {
  frequency: Frequency;
  fn: ResampleFunction;
  /** Indices of the group columns in the dataset row. */
  groupBy: number[];
  /** Indices of the aggregated numeric columns in the dataset row. */
  values: number[];
}

export interface QueryPlan {
  def: DatasetDef;
  zone: Zone;
  order: Order;
  page: number;
  pageSize: number;
  limit: number | null;
  cursorMode: boolean;
  /** Index, in the ordered result, of the first row of this page. */
  offset: number;
  /** Cursor mode past the first page: where the page's first row is in the walk. */
  resume: CursorPosition | null;
  fingerprint: string;
  /** Time-index bounds: `lo` inclusive, `hi` exclusive. */
  lo: Millis;
  hi: Millis;
  /** `time=latest`: keep only the latest time-index value among the rows that pass the rest. */
  latest: boolean;
  /** Locations to walk (a subset when filtered by location); null without a subseries column. */
  locations: readonly LocationDef[] | null;
  /** A filter that must look at generated rows; null when bounds and the location subset say it all. */
  rowFilter: ((row: readonly RawCell[]) => boolean) | null;
  publish: PublishMode;
  publishLo: Millis;
  publishHi: Millis;
  resample: ResamplePlan | null;
  columns: OutputColumn[];
}

/** A wire word as one of the contract's words, or undefined. */
function wordOf<const T extends string>(words: readonly T[], text: string): T | undefined {
  return words.find((w) => w === text);
}

function columnNotFound(def: DatasetDef, name: string): never {
  throw invalid(`Column ${name} not found in dataset ${def.id}`);
}

function columnIndex(def: DatasetDef, name: string): number {
  const i = def.columns.findIndex((c) => c.name === name);
  if (i < 0) columnNotFound(def, name);
  return i;
}

function splitList(text: string): string[] {
  return text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

function timeIndexColumns(def: DatasetDef): string[] {
  return def.timeIndexColumn === 'interval_start_utc'
    ? def.columns
        .filter((c) => c.name === 'interval_start_utc' || c.name === 'interval_end_utc')
        .map((c) => c.name)
    : [def.timeIndexColumn];
}

/** Inserts `X_local` immediately before each datetime column `X_utc` when the zone is not UTC. */
function withLocalTwins(columns: OutputColumn[], zone: Zone): OutputColumn[] {
  if (zone.isUtc) return columns;
  return columns.flatMap((c) =>
    c.type === 'TIMESTAMP' && c.name.endsWith('_utc')
      ? [
          {
            ...c,
            name: `${c.name.slice(0, -4)}_local`,
            description: `${c.description} (in ${zone.name})`,
            local: true,
          },
          c,
        ]
      : [c],
  );
}

function outputColumn(c: ColumnDef, source: number): OutputColumn {
  return { name: c.name, type: c.type, unit: c.unit, description: c.description, source, local: false };
}

function intersect(
  lo: Millis,
  hi: Millis,
  op: FilterOperator | TimeComparison,
  at: Millis,
): [Millis, Millis] {
  switch (op) {
    case '=':
      return [Math.max(lo, at), Math.min(hi, at + 1)];
    case '>':
      return [Math.max(lo, at + 1), hi];
    case '>=':
      return [Math.max(lo, at), hi];
    case '<':
      return [lo, Math.min(hi, at)];
    case '<=':
      return [lo, Math.min(hi, at + 1)];
    default:
      return [lo, hi];
  }
}

/** Applies every rule of contract §6 to the query against `def`; the first broken rule answers 400. */
export function planQuery(def: DatasetDef, raw: RawQueryParams): QueryPlan {
  if (raw.pathFilter && raw.queryStringFilter) {
    throw invalid(
      'filter_column and filter_value cannot be used on /query/{filter_column_id}/{filter_value_path}; the filter is taken from the path.',
    );
  }
  const zone = resolveZone(raw.timezone);

  const orderText = raw.order?.trim().toLowerCase() ?? 'asc';
  const order = wordOf(ORDERS, orderText);
  if (!order) throw invalid(`order '${raw.order ?? ''}' is not supported; use asc or desc.`);

  const page = raw.page ?? 1;
  if (page < 1) throw invalid(`page must be at least 1; got ${page}.`);
  const pageSize = raw.pageSize ?? DEFAULT_PAGE_SIZE;
  if (pageSize < 1 || pageSize > MAX_PAGE_SIZE) {
    throw invalid(`page_size must be between 1 and ${MAX_PAGE_SIZE}; got ${pageSize}.`);
  }
  const limit = raw.limit ?? null;
  if (limit !== null && limit < 1) throw invalid(`limit must be at least 1; got ${limit}.`);

  // Columns to return (before resampling reshapes them).
  const requested = raw.columns === undefined || raw.columns.trim() === '' ? null : splitList(raw.columns);
  for (const name of requested ?? []) columnIndex(def, name);

  // Time bounds.
  let lo = Number.NEGATIVE_INFINITY;
  let hi = Number.POSITIVE_INFINITY;
  let latest = false;
  if (raw.time !== undefined && (raw.startTime !== undefined || raw.endTime !== undefined)) {
    throw invalid(
      'time cannot be combined with start_time or end_time; use either time (with time_comparison) or a start_time/end_time range.',
    );
  }
  const comparisonText = raw.timeComparison?.trim() ?? '=';
  const comparison = wordOf(TIME_COMPARISONS, comparisonText);
  if (!comparison) {
    throw invalid(
      `time_comparison '${raw.timeComparison ?? ''}' is not supported; use one of =, >, >=, <, <=.`,
    );
  }
  if (raw.startTime) lo = zone.instant(raw.startTime);
  if (raw.endTime) hi = zone.instant(raw.endTime);
  if (raw.startTime && raw.endTime && lo >= hi) {
    throw invalid('start_time must be before end_time (start_time is inclusive, end_time exclusive).');
  }
  if (raw.time === 'latest') latest = true;
  else if (raw.time) [lo, hi] = intersect(lo, hi, comparison, zone.instant(raw.time));

  // Filter.
  let filterColumn = raw.filterColumn?.trim() === '' ? undefined : raw.filterColumn?.trim();
  let filterValue = raw.filterValue;
  let operator: FilterOperator = '=';
  if (raw.pathFilter) {
    filterColumn = raw.pathFilter.column;
    filterValue = raw.pathFilter.value;
  } else {
    if (filterColumn !== undefined && filterValue === undefined) {
      throw invalid('filter_column requires filter_value; give both or neither.');
    }
    if (filterColumn === undefined && filterValue !== undefined && filterValue !== '') {
      throw invalid('filter_value requires filter_column; give both or neither.');
    }
    if (filterColumn !== undefined) operator = resolveOperator(raw.filterOperator);
  }
  let locations = def.locations;
  let rowFilter: QueryPlan['rowFilter'] = null;
  if (filterColumn !== undefined && filterValue !== undefined) {
    const index = columnIndex(def, filterColumn);
    const column = def.columns[index] ?? columnNotFound(def, filterColumn);
    const predicate = compileFilter(column, operator, filterValue, zone);
    if (filterColumn === def.subseriesColumn && def.locations) {
      // A location filter picks grid columns: other locations are never touched.
      locations = def.locations.filter((l) => predicate(l.location));
    } else if (filterColumn === def.timeIndexColumn && operator !== '!=' && operator !== 'in') {
      const at = compileInstant(filterValue, zone, column);
      [lo, hi] = intersect(lo, hi, operator, at);
    } else {
      rowFilter = (row) => predicate(row[index] ?? null);
    }
  }

  // Publish time.
  const hasPublishParam =
    raw.publishTime !== undefined || raw.publishTimeStart !== undefined || raw.publishTimeEnd !== undefined;
  if (hasPublishParam && !def.publishTimeColumn) {
    throw invalid(
      `publish_time, publish_time_start and publish_time_end apply only to datasets with a publish time column; ${def.id} has none.`,
    );
  }
  let publish: PublishMode = { kind: 'all' };
  if (raw.publishTime === 'latest' || raw.publishTime === 'latest_report')
    publish = { kind: raw.publishTime };
  else if (raw.publishTime) publish = { kind: 'at', at: zone.instant(raw.publishTime) };
  const publishLo = raw.publishTimeStart ? zone.instant(raw.publishTimeStart) : Number.NEGATIVE_INFINITY;
  const publishHi = raw.publishTimeEnd ? zone.instant(raw.publishTimeEnd) : Number.POSITIVE_INFINITY;
  if (raw.publishTimeStart && raw.publishTimeEnd && publishLo >= publishHi) {
    throw invalid('publish_time_start must be before publish_time_end (start inclusive, end exclusive).');
  }

  // Output columns, and resampling.
  let resample: ResamplePlan | null = null;
  let columns: OutputColumn[];
  const resampleAsked = raw.resampleFrequency !== undefined && raw.resampleFrequency.trim() !== '';
  if (resampleAsked) {
    const frequency = parseFrequency(raw.resampleFrequency ?? '');
    const fn: ResampleFunction = resolveResampleFunction(raw.resampleFunction);
    const byText = raw.resampleBy?.trim() ?? '';
    let groupNames: string[];
    if (byText !== '') {
      groupNames = [...new Set(splitList(byText))];
      for (const name of groupNames) columnIndex(def, name);
      // Resampled rows carry their bucket under these names; a group column of the same name would clash.
      const clash = groupNames.find((n) => n === 'interval_start_utc' || n === 'interval_end_utc');
      if (clash !== undefined) {
        throw invalid(
          `resample_by cannot include ${clash}: resampled rows already carry their bucket as interval_start_utc and interval_end_utc.`,
        );
      }
    } else {
      groupNames = [];
      if (def.subseriesColumn) groupNames.push(def.subseriesColumn);
      if (def.publishTimeColumn && publish.kind !== 'latest' && publish.kind !== 'latest_report') {
        groupNames.push(def.publishTimeColumn);
      }
    }
    const groupBy = groupNames.map((n) => columnIndex(def, n));
    const values = def.columns
      .map((c, i) => ({ c, i }))
      .filter(({ c, i }) => c.type === 'DOUBLE PRECISION' && !groupBy.includes(i))
      .filter(({ c }) => requested === null || requested.includes(c.name));
    if (requested) {
      values.sort((a, b) => requested.indexOf(a.c.name) - requested.indexOf(b.c.name));
    }
    resample = { frequency, fn, groupBy, values: values.map((v) => v.i) };
    // A resampled row is [bucket start, bucket end, ...group values, ...aggregates].
    const start = def.columns.find((c) => c.name === 'interval_start_utc');
    const end = def.columns.find((c) => c.name === 'interval_end_utc');
    columns = [
      {
        name: 'interval_start_utc',
        type: 'TIMESTAMP',
        unit: null,
        description: start?.description ?? 'Start of the resampled interval',
        source: 0,
        local: false,
      },
      {
        name: 'interval_end_utc',
        type: 'TIMESTAMP',
        unit: null,
        description: end?.description ?? 'End of the resampled interval',
        source: 1,
        local: false,
      },
      ...groupBy.map((i, k) => outputColumn(def.columns[i] ?? columnNotFound(def, String(i)), 2 + k)),
      ...values.map(({ c }, k) => outputColumn(c, 2 + groupBy.length + k)),
    ];
  } else {
    if (raw.resampleBy !== undefined && raw.resampleBy.trim() !== '') {
      for (const name of splitList(raw.resampleBy)) columnIndex(def, name);
    }
    if (raw.resampleFunction !== undefined) resolveResampleFunction(raw.resampleFunction);
    const names =
      requested === null
        ? def.columns.map((c) => c.name)
        : [...new Set([...timeIndexColumns(def), ...requested])];
    columns = names.map((n) => {
      const i = columnIndex(def, n);
      return outputColumn(def.columns[i] ?? columnNotFound(def, n), i);
    });
  }
  columns = withLocalTwins(columns, zone);

  // Paging.
  const fingerprint = queryFingerprint([['dataset', def.id], ...raw.fingerprintParts]);
  const cursorMode = raw.cursor !== undefined;
  const state =
    cursorMode && raw.cursor !== undefined && raw.cursor.trim() !== ''
      ? decodeCursor(raw.cursor, fingerprint)
      : null;
  const offset = state ? state.offset : (page - 1) * pageSize;
  const resume = state?.position ?? null;

  return {
    def,
    zone,
    order,
    page,
    pageSize,
    limit,
    cursorMode,
    offset,
    resume,
    fingerprint,
    lo,
    hi,
    latest,
    locations,
    rowFilter,
    publish,
    publishLo,
    publishHi,
    resample,
    columns,
  };
}

function compileInstant(value: string, zone: Zone, column: ColumnDef): Millis {
  const ts = parseTimestamp(value);
  // compileFilter has already rejected a value that is not a timestamp.
  if (!ts)
    throw invalid(`filter_value '${value}' is not a valid timestamp for the datetime column ${column.name}.`);
  return zone.instant(ts);
}
