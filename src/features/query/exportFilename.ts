/**
 * File names that say what a file holds:
 * `ercot_spp_real_time_15_min_HB_NORTH_2025-07-01_2025-07-04_hourly-mean.csv`, so that ten
 * exports in a Downloads folder can be told apart without opening them.
 */
import { type DatasetQueryParams, FILTER_OPERATOR_ALIASES, type FilterOperator } from '@/contract';
import { formatTimestamp, resolveTimeZone } from '@/lib/format';
import { RESAMPLE_UNIT_INFO } from '@/lib/queryDescription';
import { parseFrequency } from './frequency';

/** Longer names are cut: some file systems stop at 255 bytes and a list of 1,000 values would not fit. */
const MAX_STEM = 150;
/** An `in` list with more values than this is named by its count (`12-locations`). */
const NAMED_VALUES = 3;

const OPERATOR_WORDS = Object.fromEntries(
  Object.entries(FILTER_OPERATOR_ALIASES).map(([word, symbol]) => [symbol, word]),
) as Partial<Record<FilterOperator, string>>;

/** Letters, digits and `._+-` only; runs of anything else become one `-`. */
function safe(text: string): string {
  return text
    .trim()
    .replace(/[^A-Za-z0-9._+-]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

function filterPart(params: DatasetQueryParams): string | null {
  const column = params.filter_column;
  const value = params.filter_value;
  if (!column || value === undefined || value === '') return null;
  const operator = params.filter_operator ?? '=';
  if (operator === 'in') {
    const values = value
      .split(',')
      .map((v) => v.trim())
      .filter(Boolean);
    return values.length <= NAMED_VALUES ? values.join('+') : `${values.length}-${column}s`;
  }
  if (operator === '=') return value;
  const word = OPERATOR_WORDS[operator as FilterOperator] ?? operator;
  return `${column}-${word}-${value}`;
}

const HAS_OFFSET = /([zZ]|[+-]\d\d:?\d\d)$/;

/**
 * An instant as the query's zone reads it: the date, and the time when it is not midnight
 * (`2025-07-15T1300`). A time written without an offset is already in that zone.
 */
function instantPart(value: string, timeZone: string | undefined): string {
  let text = value.replace('T', ' ').slice(0, 16);
  if (HAS_OFFSET.test(value)) {
    const millis = Date.parse(value);
    if (Number.isNaN(millis)) return safe(value);
    text = formatTimestamp(millis, { timeZone: resolveTimeZone(timeZone ?? 'UTC'), zoneName: false });
  }
  const [date = '', time = ''] = text.split(' ');
  return time === '' || time === '00:00' ? date : `${date}T${time.replace(':', '')}`;
}

function rangePart(params: DatasetQueryParams): string | null {
  if (params.time !== undefined) return safe(params.time);
  const parts = [params.start_time, params.end_time].map((t) =>
    t === undefined ? null : instantPart(t, params.timezone),
  );
  if (parts[0] === null && parts[1] === null) return null;
  return `${parts[0] ?? 'start'}_${parts[1] ?? 'latest'}`;
}

function resamplePart(params: DatasetQueryParams): string | null {
  const text = params.resample_frequency;
  if (!text) return null;
  const freq = parseFrequency(text);
  // `hourly`, `15min`: the adjective for one unit, the builder's own spelling for more.
  const info = freq ? RESAMPLE_UNIT_INFO[freq.unit] : null;
  const every = freq && info ? (freq.count === 1 ? info.adjective : `${freq.count}${info.wire}`) : text;
  return `${every}-${params.resample_function ?? 'mean'}`;
}

/** The name for a file of `datasetId`'s rows under `params`; `suffix` marks a part (`page-1`). */
export function exportFilename(
  datasetId: string,
  params: DatasetQueryParams,
  extension = 'csv',
  suffix?: string,
): string {
  const parts = [datasetId, filterPart(params), rangePart(params), resamplePart(params), suffix ?? null]
    .filter((p): p is string => p !== null && p !== '')
    .map(safe)
    .filter(Boolean);
  const stem = parts
    .join('_')
    .slice(0, MAX_STEM)
    .replace(/[-_.]+$/, '');
  return `${stem || 'export'}.${extension}`;
}
