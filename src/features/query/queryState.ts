/**
 * The query builder's state: URL ⇄ state ⇄ API parameters. The URL holds the query that was
 * last run (the form holds a draft until "Run query"), so a link, a reload, back and forward all
 * show the same results. Links carry `v=1`; a link of an unknown version opens the defaults, and
 * single bad keys fall back to their default, each with a notice naming what was ignored.
 */
import { z } from 'zod';
import {
  FILTER_OPERATORS,
  ORDERS,
  RESAMPLE_FUNCTIONS,
  type Dataset,
  type DatasetColumn,
  type DatasetQueryParams,
  type ResampleUnit,
} from '@/api/types';
import { operatorSuits } from '@/contract/vocabulary';
import { MARKET_TIME_ZONE } from '@/lib/format';
import { RESAMPLE_UNIT_INFO, type ColumnKind, type QueryDescriptionInput } from '@/lib/queryDescription';
import { defineUrlState, readUrlState, writeUrlState, type UrlStateOf } from '@/lib/urlState';

export const QUERY_URL_VERSION = '1';

export const TIME_PRESETS = [
  'last_hour',
  'last_24h',
  'today',
  'yesterday',
  'last_7d',
  'custom',
  'latest',
] as const;
export type TimePreset = (typeof TIME_PRESETS)[number];

export const TIME_PRESET_LABELS = {
  last_hour: 'Last hour',
  last_24h: 'Last 24 hours',
  today: 'Today (market time)',
  yesterday: 'Yesterday (market time)',
  last_7d: 'Last 7 days',
  custom: 'Custom range',
  latest: 'Latest only',
} as const satisfies Record<TimePreset, string>;

export const VINTAGE_MODES = ['all', 'latest', 'latest_report', 'at', 'range'] as const;
export type VintageMode = (typeof VINTAGE_MODES)[number];

export const VINTAGE_LABELS = {
  all: 'All vintages',
  latest: 'Latest forecast for each interval',
  latest_report: 'Latest report only',
  at: 'One publish time',
  range: 'Publish-time range',
} as const satisfies Record<VintageMode, string>;

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)?(?:Z|[+-]\d{2}:?\d{2})?$/;
const NAME = /^[A-Za-z0-9_]+$/;
const NAME_LIST = /^[A-Za-z0-9_]+(?:,[A-Za-z0-9_]+)*$/;
/** `<n><unit>` in the units' wire spellings, n up to 9999: the frequencies the builder writes. */
export const FREQUENCY = new RegExp(
  `^([1-9]\\d{0,3})(${Object.values(RESAMPLE_UNIT_INFO)
    .map((u) => u.wire)
    .join('|')})$`,
);

/** Any zone this browser's Intl knows, plus the API's `market`. */
export function isKnownTimeZone(zone: string): boolean {
  if (zone === 'market' || zone === 'UTC') return true;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const timestampOrEmpty = z.string().regex(TIMESTAMP);
const nameList = z
  .string()
  .regex(NAME_LIST)
  .transform((s) => s.split(','));
const positiveInt = (max: number) =>
  z.string().regex(/^\d+$/).transform(Number).pipe(z.number().int().min(1).max(max));

export const queryUrlCodec = defineUrlState(
  {
    range: z.enum(TIME_PRESETS),
    start: timestampOrEmpty,
    end: timestampOrEmpty,
    tz: z.string().refine(isKnownTimeZone),
    fcol: z.string().regex(NAME),
    fop: z.enum(FILTER_OPERATORS),
    fval: z.string(),
    cols: nameList,
    order: z.enum(ORDERS),
    rs: z.string().regex(FREQUENCY),
    rsfn: z.enum(RESAMPLE_FUNCTIONS),
    rsby: nameList,
    pt: z.enum(VINTAGE_MODES),
    ptat: timestampOrEmpty,
    pts: timestampOrEmpty,
    pte: timestampOrEmpty,
    ps: positiveInt(50_000),
    limit: positiveInt(100_000_000).nullable(),
  },
  {
    range: 'last_24h',
    start: '',
    end: '',
    tz: 'market',
    fcol: '',
    fop: '=',
    fval: '',
    cols: [],
    order: 'asc',
    rs: '',
    rsfn: 'mean',
    rsby: [],
    pt: 'all',
    ptat: '',
    pts: '',
    pte: '',
    ps: 500,
    limit: null,
  },
  { limit: (v) => (v === null ? '' : String(v)) },
);

export type QueryState = UrlStateOf<typeof queryUrlCodec.shape>;
export type QueryKey = keyof QueryState;
export const DEFAULT_QUERY_STATE: QueryState = queryUrlCodec.defaults;

/** What each key is called in notices. */
export const QUERY_KEY_LABELS = {
  range: 'time range',
  start: 'start time',
  end: 'end time',
  tz: 'timezone',
  fcol: 'filter column',
  fop: 'filter operator',
  fval: 'filter value',
  cols: 'columns',
  order: 'order',
  rs: 'resample frequency',
  rsfn: 'resample function',
  rsby: 'resample group-by',
  pt: 'forecast vintage',
  ptat: 'publish time',
  pts: 'publish-time start',
  pte: 'publish-time end',
  ps: 'page size',
  limit: 'row limit',
} as const satisfies Record<QueryKey, string>;

export interface QueryStateRead {
  state: QueryState;
  /** Labels of the settings that were present in the URL but ignored. */
  ignored: string[];
  /** Set when the whole link was ignored (an unknown version). */
  versionNotice: string | null;
}

/** State from the URL, type-checked only (dataset-specific checks come in `fitToDataset`). */
export function readQueryState(params: URLSearchParams): QueryStateRead {
  const version = params.get('v');
  if (version !== null && version !== QUERY_URL_VERSION) {
    return {
      state: DEFAULT_QUERY_STATE,
      ignored: [],
      versionNotice: `This link is in a format this version does not know (v=${version}); the default query is shown instead.`,
    };
  }
  const { state, invalid } = readUrlState(queryUrlCodec, params);
  return { state, ignored: invalid.map((key) => QUERY_KEY_LABELS[key]), versionNotice: null };
}

/** The URL search for a state: only what differs from the defaults, always with `v=1`. */
export function writeQueryState(
  state: QueryState,
  base: URLSearchParams = new URLSearchParams(),
): URLSearchParams {
  const next = writeUrlState(queryUrlCodec, state, base);
  next.set('v', QUERY_URL_VERSION);
  return next;
}

export function columnKind(column: DatasetColumn): ColumnKind {
  if (column.is_datetime) return 'timestamp';
  if (column.is_numeric) return 'number';
  return 'string';
}

/** The time-index columns, which the API always returns first whatever `columns` says. */
export function timeIndexColumns(dataset: Dataset): string[] {
  return dataset.time_index_column === 'interval_start_utc'
    ? ['interval_start_utc', 'interval_end_utc']
    : ['time_utc'];
}

/**
 * Drops what the dataset cannot answer (columns it lacks, a vintage on a dataset without
 * publish times, an operator that does not suit the column), naming each in `ignored`.
 */
export function fitToDataset(state: QueryState, dataset: Dataset): { state: QueryState; ignored: string[] } {
  const names = new Set(dataset.all_columns.map((c) => c.name));
  const ignored: string[] = [];
  const next: QueryState = { ...state };
  if (next.fcol !== '') {
    const column = dataset.all_columns.find((c) => c.name === next.fcol);
    if (!column) {
      ignored.push(`filter column ${next.fcol}`);
      next.fcol = DEFAULT_QUERY_STATE.fcol;
      next.fop = DEFAULT_QUERY_STATE.fop;
      next.fval = DEFAULT_QUERY_STATE.fval;
    } else if (!operatorSuits(next.fop, columnKind(column))) {
      ignored.push(QUERY_KEY_LABELS.fop);
      next.fop = '=';
    }
  }
  const unknownCols = next.cols.filter((c) => !names.has(c));
  if (unknownCols.length > 0) {
    ignored.push(`columns ${unknownCols.join(', ')}`);
    next.cols = next.cols.filter((c) => names.has(c));
  }
  const unknownBy = next.rsby.filter((c) => !names.has(c));
  if (unknownBy.length > 0) {
    ignored.push(`group-by ${unknownBy.join(', ')}`);
    next.rsby = next.rsby.filter((c) => names.has(c));
  }
  if (
    dataset.publish_time_column === null &&
    (next.pt !== 'all' || next.ptat !== '' || next.pts !== '' || next.pte !== '')
  ) {
    ignored.push(QUERY_KEY_LABELS.pt);
    next.pt = 'all';
    next.ptat = '';
    next.pts = '';
    next.pte = '';
  }
  return { state: next, ignored };
}

// ---------------------------------------------------------------------------------------------
// Time
// ---------------------------------------------------------------------------------------------

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const CADENCE_MS: Record<string, number> = {
  '5_MINUTES': 5 * MINUTE,
  '15_MINUTES': 15 * MINUTE,
  '1_HOUR': HOUR,
  IRREGULAR: 10_000,
};

/** `2025-07-15T20:00:00+00:00`: the API's own spelling of an instant. */
export function isoUtc(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, '+00:00');
}

/** Offset of `zone` from UTC at an instant, in ms (negative west of Greenwich). */
function zoneOffsetMs(ms: number, zone: string): number {
  const parts: Partial<Record<string, string>> = {};
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  for (const p of format.formatToParts(ms)) parts[p.type] = p.value;
  const local = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return local - Math.floor(ms / 1000) * 1000;
}

/** The instant of local midnight starting the day that contains `ms` in `zone`, moved by `days`. */
export function zonedMidnight(ms: number, zone: string, days = 0): number {
  const local = new Date(ms + zoneOffsetMs(ms, zone));
  const wall = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() + days);
  const guess = wall - zoneOffsetMs(wall, zone);
  return wall - zoneOffsetMs(guess, zone);
}

/**
 * The instant relative presets count back from. Decision: the earlier of now and the end of the
 * dataset's data (`latestData` plus one interval, the end being exclusive), so that "last 24
 * hours" of a dataset whose data stops earlier than now (a demo on a fixed clock, a delayed feed)
 * still shows its latest data rather than an empty table.
 */
export function presetAnchor(dataset: Dataset, nowMs: number): number {
  const latest = Date.parse(dataset.latestData);
  if (Number.isNaN(latest)) return nowMs;
  return Math.min(nowMs, latest + (CADENCE_MS[dataset.cadence] ?? 0));
}

export function resolvePreset(
  preset: Exclude<TimePreset, 'custom' | 'latest'>,
  anchor: number,
): [number, number] {
  switch (preset) {
    case 'last_hour':
      return [anchor - HOUR, anchor];
    case 'last_24h':
      return [anchor - DAY, anchor];
    case 'last_7d':
      return [anchor - 7 * DAY, anchor];
    case 'today':
      return [zonedMidnight(anchor - 1, MARKET_TIME_ZONE), zonedMidnight(anchor - 1, MARKET_TIME_ZONE, 1)];
    case 'yesterday':
      return [zonedMidnight(anchor - 1, MARKET_TIME_ZONE, -1), zonedMidnight(anchor - 1, MARKET_TIME_ZONE)];
  }
}

export function zoneLabel(tz: string): string {
  return tz === 'market' ? MARKET_TIME_ZONE : tz;
}

// ---------------------------------------------------------------------------------------------
// API parameters
// ---------------------------------------------------------------------------------------------

export interface ParsedFrequency {
  count: number;
  unit: ResampleUnit;
}

export function parseFrequency(text: string): ParsedFrequency | null {
  const m = FREQUENCY.exec(text);
  if (!m?.[1] || !m[2]) return null;
  const wire = m[2];
  const unit = (Object.keys(RESAMPLE_UNIT_INFO) as ResampleUnit[]).find(
    (u) => RESAMPLE_UNIT_INFO[u].wire === wire,
  );
  return unit ? { count: Number(m[1]), unit } : null;
}

export function formatFrequency(count: number, unit: ResampleUnit): string {
  return `${count}${RESAMPLE_UNIT_INFO[unit].wire}`;
}

/** The request a state stands for (without `cursor` and `page`, which paging adds). */
export function toApiParams(state: QueryState, dataset: Dataset, nowMs: number): DatasetQueryParams {
  const params: DatasetQueryParams = {};
  if (state.tz !== 'UTC') params.timezone = state.tz;
  if (state.range === 'latest') params.time = 'latest';
  else if (state.range === 'custom') {
    if (state.start !== '') params.start_time = state.start;
    if (state.end !== '') params.end_time = state.end;
  } else {
    const [start, end] = resolvePreset(state.range, presetAnchor(dataset, nowMs));
    params.start_time = isoUtc(start);
    params.end_time = isoUtc(end);
  }
  if (state.fcol !== '' && state.fval !== '') {
    params.filter_column = state.fcol;
    params.filter_value = state.fval;
    if (state.fop !== '=') params.filter_operator = state.fop;
  }
  if (state.cols.length > 0) params.columns = state.cols.join(',');
  if (state.order === 'desc') params.order = 'desc';
  if (state.rs !== '') {
    params.resample_frequency = state.rs;
    params.resample_function = state.rsfn;
    if (state.rsby.length > 0) params.resample_by = state.rsby.join(',');
  }
  if (dataset.publish_time_column !== null) {
    if (state.pt === 'latest' || state.pt === 'latest_report') params.publish_time = state.pt;
    else if (state.pt === 'at' && state.ptat !== '') params.publish_time = state.ptat;
    else if (state.pt === 'range') {
      if (state.pts !== '') params.publish_time_start = state.pts;
      if (state.pte !== '') params.publish_time_end = state.pte;
    }
  }
  params.page_size = state.ps;
  if (state.limit !== null) params.limit = state.limit;
  return params;
}

function readable(ts: string): string {
  return ts
    .replace('T', ' ')
    .replace(/(\d{2}:\d{2}):00(?:\.0+)?(?=$|[+Z-])/, '$1')
    .replace(/ 00:00$/, '');
}

function timeText(state: QueryState): string {
  if (state.range === 'latest') return 'latest';
  if (state.range !== 'custom')
    return TIME_PRESET_LABELS[state.range].replace(' (market time)', '').toLowerCase();
  const start = state.start === '' ? 'start of data' : readable(state.start);
  const end = state.end === '' ? 'now' : readable(state.end);
  return `${start} → ${end}`;
}

function vintageText(state: QueryState, dataset: Dataset): string | null {
  if (dataset.publish_time_column === null) return null;
  switch (state.pt) {
    case 'all':
      return null;
    case 'latest':
      return 'latest forecast';
    case 'latest_report':
      return 'latest report';
    case 'at':
      return state.ptat === '' ? null : `published ${readable(state.ptat)}`;
    case 'range':
      return `published ${state.pts === '' ? '…' : readable(state.pts)} → ${state.pte === '' ? '…' : readable(state.pte)}`;
  }
}

/** Input for `describeQuery` (src/lib/queryDescription.ts). */
export function descriptionInput(state: QueryState, dataset: Dataset): QueryDescriptionInput {
  const freq = state.rs === '' ? null : parseFrequency(state.rs);
  return {
    datasetName: dataset.name,
    filter:
      state.fcol !== '' && state.fval !== ''
        ? { column: state.fcol, operator: state.fop, value: state.fval }
        : null,
    time: timeText(state),
    timeZone: zoneLabel(state.tz),
    resample: freq ? { ...freq, fn: state.rsfn, by: state.rsby } : null,
    vintage: vintageText(state, dataset),
    order: state.order,
    limit: state.limit,
  };
}

const UNIT_MS: Record<ResampleUnit, number> = {
  minute: MINUTE,
  hour: HOUR,
  day: DAY,
  week: 7 * DAY,
  month: 30 * DAY,
  year: 365 * DAY,
};

/**
 * A rough row count for export progress: time range ÷ step × series, capped by `limit`.
 * `seriesCount` is the number of locations when the dataset has them (null when unknown).
 */
export function estimateRows(
  params: DatasetQueryParams,
  dataset: Dataset,
  nowMs: number,
  seriesCount: number | null,
): number | null {
  if (params.time !== undefined) return params.limit ?? null;
  const start = Date.parse(params.start_time ?? dataset.earliestData);
  const end = params.end_time ? Date.parse(params.end_time) : presetAnchor(dataset, nowMs);
  const freq = params.resample_frequency ? parseFrequency(params.resample_frequency) : null;
  const step = freq ? freq.count * UNIT_MS[freq.unit] : (CADENCE_MS[dataset.cadence] ?? HOUR);
  if (Number.isNaN(start) || Number.isNaN(end) || end <= start) return null;
  let series = 1;
  if (dataset.subseries_index_column !== null) {
    if (params.filter_column === dataset.subseries_index_column && (params.filter_operator ?? '=') === '=')
      series = 1;
    else if (params.filter_column === dataset.subseries_index_column && params.filter_operator === 'in')
      series = (params.filter_value ?? '').split(',').filter((v) => v.trim() !== '').length;
    else if (seriesCount === null) return null;
    else series = seriesCount;
  }
  const estimate = Math.ceil((end - start) / step) * series;
  return params.limit !== undefined ? Math.min(params.limit, estimate) : estimate;
}
