/**
 * One registry of filter operators, resample functions and units: the query builder's controls
 * take their options and labels from it, and `describeQuery` its words, so a new operator in
 * the contract (`src/contract/vocabulary.ts`) is a type error here until it has a label.
 */
import {
  type ColumnKind,
  type FilterOperator,
  operatorSuits,
  type Order,
  type RESAMPLE_UNITS,
  type ResampleFunction,
  type ResampleUnit,
} from '@/contract';

export type { ColumnKind };

export interface OperatorInfo {
  /** Shown in the operator picker. */
  label: string;
  /** Written between column and value in the summary. */
  symbol: string;
}

export const FILTER_OPERATOR_INFO = {
  '=': { label: '= equals', symbol: '=' },
  '!=': { label: '≠ not equal', symbol: '≠' },
  '>': { label: '> greater than', symbol: '>' },
  '>=': { label: '≥ at least', symbol: '≥' },
  '<': { label: '< less than', symbol: '<' },
  '<=': { label: '≤ at most', symbol: '≤' },
  in: { label: 'in (any of)', symbol: 'in' },
} as const satisfies Record<FilterOperator, OperatorInfo>;

export const RESAMPLE_FUNCTION_LABELS = {
  mean: 'mean',
  sum: 'sum',
  min: 'minimum',
  max: 'maximum',
  count: 'count',
  median: 'median',
  first: 'first value',
  last: 'last value',
  stddev: 'standard deviation',
  variance: 'variance',
} as const satisfies Record<ResampleFunction, string>;

export interface UnitInfo<U extends ResampleUnit = ResampleUnit> {
  /** The spelling sent to the API (`resample_frequency=15min`): one the contract accepts. */
  wire: (typeof RESAMPLE_UNITS)[U][number];
  /** A single unit as an adjective (`hourly`). */
  adjective: string;
  singular: string;
  plural: string;
}

export const RESAMPLE_UNIT_INFO = {
  minute: { wire: 'min', adjective: 'per-minute', singular: 'minute', plural: 'minutes' },
  hour: { wire: 'h', adjective: 'hourly', singular: 'hour', plural: 'hours' },
  day: { wire: 'd', adjective: 'daily', singular: 'day', plural: 'days' },
  week: { wire: 'w', adjective: 'weekly', singular: 'week', plural: 'weeks' },
  month: { wire: 'month', adjective: 'monthly', singular: 'month', plural: 'months' },
  year: { wire: 'year', adjective: 'yearly', singular: 'year', plural: 'years' },
} as const satisfies { [U in ResampleUnit]: UnitInfo<U> };

export function operatorsFor(kind: ColumnKind): FilterOperator[] {
  return (Object.keys(FILTER_OPERATOR_INFO) as FilterOperator[]).filter((op) => operatorSuits(op, kind));
}

/** `1 hour` → `hourly`, `15 minutes` → `every 15 minutes`. */
export function describeFrequency(count: number, unit: ResampleUnit): string {
  const info = RESAMPLE_UNIT_INFO[unit];
  return count === 1 ? info.adjective : `every ${count} ${info.plural}`;
}

export interface QueryDescriptionInput {
  datasetName: string;
  filter?: { column: string; operator: FilterOperator; value: string } | null;
  /** Already worded: `2024-07-01 → 2024-07-08`, `last 24 hours`, `latest`. */
  time: string;
  /** The zone the times are read and shown in (`US/Central`). */
  timeZone: string;
  resample?: { count: number; unit: ResampleUnit; fn: ResampleFunction; by?: readonly string[] } | null;
  /** Already worded vintage choice (`latest forecast`), when the dataset has one. */
  vintage?: string | null;
  order?: Order;
  limit?: number | null;
}

function filterText(filter: NonNullable<QueryDescriptionInput['filter']>): string {
  const values = filter.value
    .split(',')
    .map((v) => v.trim())
    .filter((v) => v !== '');
  if (filter.operator === 'in') return `${filter.column} in ${values.join(', ')}`;
  return `${filter.column} ${FILTER_OPERATOR_INFO[filter.operator].symbol} ${filter.value}`;
}

/**
 * The query in plain English, parts joined by ` · `:
 * `ERCOT SPP Real Time 15 Min · location = HB_NORTH · 2024-07-01 → 2024-07-08 (US/Central) · hourly mean`.
 */
export function describeQuery(input: QueryDescriptionInput): string {
  const parts = [input.datasetName];
  if (input.filter && input.filter.value !== '') parts.push(filterText(input.filter));
  parts.push(`${input.time} (${input.timeZone})`);
  if (input.vintage) parts.push(input.vintage);
  if (input.resample) {
    const { count, unit, fn, by } = input.resample;
    let text = `${describeFrequency(count, unit)} ${RESAMPLE_FUNCTION_LABELS[fn]}`;
    if (by && by.length > 0) text += ` by ${by.join(', ')}`;
    parts.push(text);
  }
  if (input.order === 'desc') parts.push('newest first');
  if (input.limit !== undefined && input.limit !== null)
    parts.push(`at most ${input.limit.toLocaleString('en-US')} rows`);
  return parts.join(' · ');
}
