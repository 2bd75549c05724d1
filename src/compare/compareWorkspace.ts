/**
 * The Compare workspace as data: its series (from datasets, or derived by an expression), one
 * time range and zone, the grid, the event condition and the view. All of it lives in the URL,
 * each series under its own letter (`A=ercot_spp_day_ahead_hourly:spp;location=HB_HOUSTON`,
 * `C=expr:A-B`), so a link reproduces the workspace exactly and stays readable.
 */
import { z } from 'zod';
import { RESAMPLE_FUNCTIONS, type ResampleFunction } from '@/contract';
import { MARKET_TIME_ZONE } from '@/lib/format';
import { quoteLinkValue, unreadUrlSettings, type SettingNote, type UnreadSetting } from '@/lib/linkSettings';
import { defineUrlState, hasControlCharacters, type UrlStateOf } from '@/lib/urlState';
import { isCalendarDate } from '@/time';
import { writeUrlState } from '@/lib/urlState';

/** The cadences a workspace's common time grid can have. */
export const GRID_CADENCES = ['5min', '15min', '1h', '1d'] as const;
export type GridCadence = (typeof GRID_CADENCES)[number];

export const SERIES_KEYS = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'] as const;
export type SeriesKey = (typeof SERIES_KEYS)[number];

/** Day shifts offered by name; any whole number of days (±3,660) can be typed. */
export const SHIFT_CHOICES = [0, -1, -7, -364] as const;
export const MAX_SHIFT_DAYS = 3660;

export interface DataSeries {
  kind: 'data';
  key: SeriesKey;
  dataset: string;
  column: string;
  /** `location=HB_HOUSTON`: one equality filter, or none. */
  filterColumn: string;
  filterValue: string;
  /** How finer data is brought to the grid. */
  fn: ResampleFunction;
  /** Whole days of the zone's calendar; −364 keeps the weekday. */
  shift: number;
  /** Forecast datasets: null = the newest vintage of each interval; N = the latest published ≥ N h before. */
  lead: number | null;
}

interface DerivedSeries {
  kind: 'expr';
  key: SeriesKey;
  expr: string;
}

export type SeriesSpec = DataSeries | DerivedSeries;

const IDENT = /^[a-z0-9_]{1,100}$/;

/** `dataset:column;location=HB_HOUSTON;fn=max;shift=-7;lead=24`, or `expr:A-B`. */
export function parseSeries(key: SeriesKey, text: string): SeriesSpec | null {
  if (text.length > 600 || hasControlCharacters(text)) return null;
  if (text.startsWith('expr:')) {
    const expr = text.slice(5);
    return expr.length <= 200 ? { kind: 'expr', key, expr } : null;
  }
  const [head = '', ...fields] = text.split(';');
  const [dataset = '', column = '', ...extra] = head.split(':');
  if (!IDENT.test(dataset) || !IDENT.test(column) || extra.length > 0) return null;
  const spec = dataSeries(key, dataset, column);
  for (const field of fields) {
    const eq = field.indexOf('=');
    if (eq < 1) return null;
    const name = field.slice(0, eq);
    let value: string;
    try {
      value = decodeURIComponent(field.slice(eq + 1));
    } catch {
      return null;
    }
    // Encoded twice (`%250A`), a control character passes the reader's check of the raw text.
    if (hasControlCharacters(value)) return null;
    if (name === 'fn') {
      if (!(RESAMPLE_FUNCTIONS as readonly string[]).includes(value)) return null;
      spec.fn = value as ResampleFunction;
    } else if (name === 'shift') {
      if (!/^-?\d{1,4}$/.test(value) || Math.abs(Number(value)) > MAX_SHIFT_DAYS) return null;
      spec.shift = Number(value) || 0;
    } else if (name === 'lead') {
      if (!/^\d{1,3}$/.test(value) || Number(value) < 1 || Number(value) > 168) return null;
      spec.lead = Number(value);
    } else if (IDENT.test(name) && spec.filterColumn === '' && value !== '' && value.length <= 200) {
      spec.filterColumn = name;
      spec.filterValue = value;
    } else return null;
  }
  return spec;
}

export function formatSeries(spec: SeriesSpec): string {
  if (spec.kind === 'expr') return `expr:${spec.expr}`;
  const parts = [`${spec.dataset}:${spec.column}`];
  if (spec.filterColumn !== '') parts.push(`${spec.filterColumn}=${encodeURIComponent(spec.filterValue)}`);
  if (spec.fn !== 'mean') parts.push(`fn=${spec.fn}`);
  if (spec.shift !== 0) parts.push(`shift=${spec.shift}`);
  if (spec.lead !== null) parts.push(`lead=${spec.lead}`);
  return parts.join(';');
}

const seriesParam = (key: SeriesKey) =>
  z.string().transform((text, ctx) => {
    const spec = parseSeries(key, text);
    if (!spec) {
      ctx.addIssue({ code: 'custom', message: `Not a series: ${text}` });
      return z.NEVER;
    }
    return spec;
  });

export const VIEWS = ['chart', 'heatmap', 'profile', 'forecast', 'code'] as const;
export type CompareView = (typeof VIEWS)[number];

// The schemas are built at the first read of a Compare link (see defineUrlState): on a cold link the
// dataset page, the query builder and the location page only write Compare links (their "Add to
// compare" reads the session's last workspace, once Compare has been opened).
export const compareUrlState = defineUrlState(
  () => {
    const date = z.string().refine(isCalendarDate);
    const letter = z.enum(SERIES_KEYS);
    const maybeLetter = z.union([letter, z.literal('')]);
    return {
      A: seriesParam('A').nullable(),
      B: seriesParam('B').nullable(),
      C: seriesParam('C').nullable(),
      D: seriesParam('D').nullable(),
      E: seriesParam('E').nullable(),
      F: seriesParam('F').nullable(),
      G: seriesParam('G').nullable(),
      H: seriesParam('H').nullable(),
      from: z.union([date, z.literal('')]),
      to: z.union([date, z.literal('')]),
      tz: z.string().regex(/^[A-Za-z0-9_+\-/]{1,64}$/),
      grid: z.enum(['auto', ...GRID_CADENCES]),
      when: z.string().max(200),
      view: z.enum(VIEWS),
      /** The series the heatmap and the profile show. */
      of: maybeLetter,
      /** The two series whose correlation is shown. */
      corr: z.string().regex(/^[A-H],[A-H]$/),
      /** Forecast view: the forecast series, its actual, and the lead time in hours. */
      fc: maybeLetter,
      act: maybeLetter,
      lead: z
        .string()
        .regex(/^\d{1,3}$/)
        .transform(Number)
        .pipe(z.number().int().min(1).max(168)),
      /** The chart's series as stacked areas in letter order (A on zero), when they share one unit. */
      stack: z.enum(['off', 'on']),
      /** The chart's zoom: two epoch-ms bounds, or empty for the whole range. */
      zoom: z
        .string()
        .regex(/^\d{1,15}_\d{1,15}$/)
        .or(z.literal('')),
    };
  },
  {
    A: null,
    B: null,
    C: null,
    D: null,
    E: null,
    F: null,
    G: null,
    H: null,
    from: '',
    to: '',
    tz: MARKET_TIME_ZONE,
    grid: 'auto',
    when: '',
    view: 'chart',
    of: '',
    corr: 'A,B',
    fc: '',
    act: '',
    lead: 24,
    stack: 'off',
    zoom: '',
  },
  Object.fromEntries(
    SERIES_KEYS.map((k) => [k, (spec: SeriesSpec | null) => (spec ? formatSeries(spec) : '')]),
  ),
);

export type CompareState = UrlStateOf<typeof compareUrlState.shape>;
type CompareKey = keyof CompareState;

const SERIES_NOTE = {
  expects: 'is not a series (dataset:column, or expr: and an expression)',
  instead: 'left out',
};
const LETTER = 'is not a series letter';

/**
 * The settings of a Compare link that were not used: each key its reader refused (with the value
 * it held and what was used instead: the dates in `used`), every param Compare does not read, and,
 * once the catalog is known, each series of a dataset it does not have (nothing is asked for it).
 */
export function compareLinkSettings(
  params: URLSearchParams,
  invalid: readonly CompareKey[],
  used: { from: string; to: string },
  state: CompareState,
  catalog: { has: (id: string) => boolean } | null,
): UnreadSetting[] {
  const notes: Record<CompareKey, SettingNote> = {
    ...(Object.fromEntries(SERIES_KEYS.map((k) => [k, { label: `series ${k}`, ...SERIES_NOTE }])) as Record<
      SeriesKey,
      SettingNote
    >),
    from: {
      label: 'from',
      expects: 'is not a real date (YYYY-MM-DD)',
      instead: `${used.from} was used instead`,
    },
    to: { label: 'to', expects: 'is not a real date (YYYY-MM-DD)', instead: `${used.to} was used instead` },
    tz: {
      label: 'time zone',
      expects: 'is not a time zone name',
      instead: `${MARKET_TIME_ZONE} was used instead`,
    },
    grid: {
      label: 'grid',
      expects: `is not a grid (auto, ${GRID_CADENCES.join(', ')})`,
      instead: 'the coarsest of the series was used',
    },
    when: {
      label: 'event condition',
      expects: 'is not a condition this page takes (at most 200 characters of plain text)',
      instead: 'no condition was used',
    },
    view: { label: 'view', expects: `is not a view (${VIEWS.join(', ')})`, instead: 'the chart was shown' },
    of: { label: 'series shown', expects: LETTER, instead: 'the first series was shown' },
    corr: {
      label: 'correlation pair',
      expects: 'is not two series letters such as A,B',
      instead: 'A and B were used',
    },
    fc: { label: 'forecast series', expects: LETTER, instead: 'the first forecast series was used' },
    act: { label: 'actual series', expects: LETTER, instead: 'the first other series was used' },
    lead: {
      label: 'lead time',
      expects: 'is not a whole number of hours from 1 to 168',
      instead: '24 h was used',
    },
    stack: { label: 'stack', expects: 'is not on or off', instead: 'the series were drawn as lines' },
    zoom: { label: 'zoom', expects: 'is not a zoom window', instead: 'the whole range was shown' },
  };
  const unread = unreadUrlSettings(params, invalid, notes);
  if (catalog === null) return unread;
  const missing = seriesOf(state).flatMap((spec) =>
    spec.kind === 'data' && !catalog.has(spec.dataset)
      ? [
          {
            label: `series ${spec.key}`,
            problem: `there is no dataset ${quoteLinkValue(spec.dataset)}`,
            instead: 'not drawn',
          },
        ]
      : [],
  );
  return [...unread, ...missing];
}

/** The workspace's series in letter order. */
export function seriesOf(state: CompareState): SeriesSpec[] {
  return SERIES_KEYS.flatMap((k) => (state[k] ? [state[k]] : []));
}

export function nextFreeKey(state: CompareState): SeriesKey | null {
  return SERIES_KEYS.find((k) => state[k] === null) ?? null;
}

export function dataSeries(
  key: SeriesKey,
  dataset: string,
  column: string,
  extra: Partial<DataSeries> = {},
): DataSeries {
  return {
    kind: 'data',
    key,
    dataset,
    column,
    filterColumn: '',
    filterValue: '',
    fn: 'mean',
    shift: 0,
    lead: null,
    ...extra,
  };
}

/** The /compare link that opens `patch` (over the defaults). */
export function compareHref(patch: Partial<CompareState>): string {
  const text = writeUrlState(compareUrlState, patch).toString();
  return text === '' ? '/compare' : `/compare?${text}`;
}
