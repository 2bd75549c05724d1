/**
 * The query builder's URL: state ⇄ search params. The URL holds the query that was last run (the
 * form holds a draft until "Run query"), so a link, a reload, back and forward all show the same
 * results. Links carry `v=1`; a link of an unknown version opens the defaults, and single bad keys
 * fall back to their default, each named in the link notice with the value it held.
 *
 * Typed times (start, end and the publish times) are read here as text only: whether they are
 * real times is judged by the same rules as typing them (`typedTime.ts`), so a link cannot slip a
 * time past the form's checks to the server, and a time it cannot read stays in its field to fix.
 */
import { z } from 'zod';
import { FILTER_OPERATORS, ORDERS, RESAMPLE_FUNCTIONS } from '@/contract';
import { quoteLinkValue, type SettingNote, type UnreadSetting } from '@/lib/linkSettings';
import { defineUrlState, readUrlState, writeUrlState, type UrlStateOf } from '@/lib/urlState';
import { FREQUENCY } from './frequency';
import { isKnownTimeZone, TIME_PRESETS } from './timeRange';

export const QUERY_URL_VERSION = '1';

export const VINTAGE_MODES = ['all', 'latest', 'latest_report', 'at', 'range'] as const;
export type VintageMode = (typeof VINTAGE_MODES)[number];

export const VINTAGE_LABELS = {
  all: 'All vintages',
  latest: 'Latest forecast for each interval',
  latest_report: 'Latest report only',
  at: 'One publish time',
  range: 'Publish-time range',
} as const satisfies Record<VintageMode, string>;

const NAME = /^[A-Za-z0-9_]+$/;
const NAME_LIST = /^[A-Za-z0-9_]+(?:,[A-Za-z0-9_]+)*$/;

/** A typed time, as text: `typedTime.ts` reads it (longer text is no time the form takes). */
const typedTime = z.string().max(64);
const nameList = z
  .string()
  .regex(NAME_LIST)
  .transform((s) => s.split(','));
const positiveInt = (max: number) =>
  z.string().regex(/^\d+$/).transform(Number).pipe(z.number().int().min(1).max(max));

export const queryUrlCodec = defineUrlState(
  {
    range: z.enum(TIME_PRESETS),
    start: typedTime,
    end: typedTime,
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
    ptat: typedTime,
    pts: typedTime,
    pte: typedTime,
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

/** What each key expects and what the builder uses when a link's value for it cannot be read. */
const QUERY_KEY_NOTES = {
  range: { expects: 'is not a time range of the builder', instead: 'the last 24 hours were used instead' },
  start: { expects: 'is not a time the builder takes', instead: 'the start of the data was used instead' },
  end: { expects: 'is not a time the builder takes', instead: 'no end (up to now) was used instead' },
  tz: { expects: 'is not a time zone this browser knows', instead: 'market time was used instead' },
  fcol: { expects: 'is not a column name', instead: 'no filter was used' },
  fop: { expects: `is not a filter operator (${FILTER_OPERATORS.join(' ')})`, instead: '= was used instead' },
  fval: { expects: 'is not a filter value the builder takes', instead: 'no filter was used' },
  cols: { expects: 'is not a comma-separated list of column names', instead: 'every column was used' },
  order: { expects: 'is not asc or desc', instead: 'ascending order was used' },
  rs: {
    expects: 'is not a resample frequency such as 15min, 1h or 1d',
    instead: 'the rows were not resampled',
  },
  rsfn: { expects: 'is not a resample function', instead: 'mean was used instead' },
  rsby: { expects: 'is not a comma-separated list of column names', instead: 'no grouping was used' },
  pt: { expects: 'is not a forecast vintage choice', instead: 'all vintages were used' },
  ptat: { expects: 'is not a time the builder takes', instead: 'no publish time was used' },
  pts: { expects: 'is not a time the builder takes', instead: 'no publish-time start was used' },
  pte: { expects: 'is not a time the builder takes', instead: 'no publish-time end was used' },
  ps: { expects: 'is not a page size from 1 to 50,000', instead: '500 rows a page were used' },
  limit: { expects: 'is not a row limit of at least 1', instead: 'no limit was used' },
} as const satisfies Record<QueryKey, Omit<SettingNote, 'label'>>;

export interface QueryStateRead {
  state: QueryState;
  /** Labels of the settings that were present in the URL but ignored. */
  ignored: string[];
  /** The same settings for the link notice, each with the value the link held and what was used. */
  unread: UnreadSetting[];
  /** The link is of a version this app does not read: none of it was read. */
  setAside: boolean;
}

/** State from the URL, type-checked only (dataset-specific checks come in `fitToDataset`). */
export function readQueryState(params: URLSearchParams): QueryStateRead {
  const version = params.get('v');
  if (version !== null && version !== QUERY_URL_VERSION) {
    const problem = `${quoteLinkValue(version)} is not a version of the builder's links this app reads (v=${QUERY_URL_VERSION})`;
    return {
      state: DEFAULT_QUERY_STATE,
      ignored: [],
      setAside: true,
      unread: [
        {
          label: 'link version',
          problem,
          instead: 'none of its settings were read and the default query was used instead',
        },
      ],
    };
  }
  const { state, invalid } = readUrlState(queryUrlCodec, params);
  return {
    state,
    setAside: false,
    ignored: invalid.map((key) => QUERY_KEY_LABELS[key]),
    unread: invalid.map((key) => ({
      label: QUERY_KEY_LABELS[key],
      problem: `${quoteLinkValue(params.get(key) ?? '')} ${QUERY_KEY_NOTES[key].expects}`,
      instead: QUERY_KEY_NOTES[key].instead,
    })),
  };
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
