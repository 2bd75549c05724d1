/**
 * The query builder's URL: state ⇄ search params. The URL holds the query that was last run (the
 * form holds a draft until "Run query"), so a link, a reload, back and forward all show the same
 * results. Links carry `v=1`; a link of an unknown version opens the defaults, and single bad keys
 * fall back to their default, each with a notice naming what was ignored.
 */
import { z } from 'zod';
import { FILTER_OPERATORS, ORDERS, RESAMPLE_FUNCTIONS } from '@/api/types';
import { defineUrlState, readUrlState, writeUrlState, type UrlStateOf } from '@/lib/urlState';
import { FREQUENCY } from './frequency';
import { isKnownTimeZone } from './timeRange';

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
