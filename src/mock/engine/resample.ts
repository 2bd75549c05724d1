/**
 * Resampling (contract §6.5): the frequency grammar, bucket boundaries, and the aggregation
 * functions. Minute and hour buckets are aligned to the Unix epoch; day, week, month and year
 * buckets to local midnight in the query's zone, so a US/Central market day is 23 or 25 hours long
 * on DST changes.
 */
import {
  type Bucket,
  bucketOf,
  type Frequency,
  RESAMPLE_UNITS,
  type ResampleFunction,
  type ResampleUnit,
  resampleUnitOf,
} from '@/contract';
import type { Millis } from '@/mock/data/types';
import { invalid } from './rejection';
import type { Zone } from '@/time';

const UNIT_SPELLINGS: readonly string[] = Object.values(RESAMPLE_UNITS).flat();

const FREQUENCY_RE = /^(\d+) ?([a-zA-Z]+)$/;

/** `<n><unit>` or `<n> <unit>`, n a positive integer, unit case-insensitive; else 400 naming the grammar. */
export function parseFrequency(text: string): Frequency {
  const m = FREQUENCY_RE.exec(text.trim());
  const count = m ? Number(m[1]) : 0;
  const unit = m?.[2] ? resampleUnitOf(m[2]) : null;
  if (!unit || !Number.isSafeInteger(count) || count < 1) {
    throw invalid(
      `resample_frequency '${text}' is invalid; write <n><unit> or <n> <unit> with n a positive integer and unit one of ${[
        ...UNIT_SPELLINGS,
      ].join(', ')}.`,
    );
  }
  if (count > MAX_FREQUENCY_COUNT[unit]) {
    throw invalid(
      `resample_frequency '${text}' is too long; a bucket may span at most 100 years (${MAX_FREQUENCY_COUNT[unit]} ${unit}s).`,
    );
  }
  return { count, unit };
}

/**
 * The longest bucket per unit: 100 years. Buckets are aligned to the epoch (or to a calendar
 * multiple), so a longer one starts or ends outside the years an ISO timestamp can write
 * (`1000000000h` ended in year 116049; `100000000month` in NaN). Found by the fuzzer.
 */
const MAX_FREQUENCY_COUNT: Readonly<Record<ResampleUnit, number>> = {
  minute: 100 * 525_960,
  hour: 100 * 8_766,
  day: 36_525,
  week: 5_217,
  month: 1_200,
  year: 100,
};

/** A function from an instant to the bucket holding it; remembers the last bucket to skip recomputing. */
export function bucketer(f: Frequency, zone: Zone): (t: Millis) => Bucket {
  let last: Bucket = { start: 1, end: 0 };
  return (t) => {
    if (t >= last.start && t < last.end) return last;
    last = bucketOf(t, f, zone);
    return last;
  };
}

/** A group's non-null values in time order: a plain array, or a typed array from the value cache. */
type Values = readonly number[] | Float64Array;

interface FunctionDef {
  /** The aggregate of the non-null values of one group, in time order. */
  apply: (values: Values) => number | null;
}

function sum(values: Values): number {
  let s = 0;
  for (const v of values) s += v;
  return s;
}

function sampleVariance(values: Values): number | null {
  if (values.length < 2) return null;
  const mean = sum(values) / values.length;
  let sq = 0;
  for (const v of values) sq += (v - mean) * (v - mean);
  return sq / (values.length - 1);
}

function extreme(values: Values, pick: (a: number, b: number) => number): number | null {
  if (values.length === 0) return null;
  let best = values[0] ?? 0;
  for (const v of values) best = pick(best, v);
  return best;
}

export const RESAMPLE_FUNCTION_DEFS = {
  mean: { apply: (v) => (v.length === 0 ? null : sum(v) / v.length) },
  sum: { apply: (v) => (v.length === 0 ? null : sum(v)) },
  min: { apply: (v) => extreme(v, Math.min) },
  max: { apply: (v) => extreme(v, Math.max) },
  count: { apply: (v) => v.length },
  median: {
    apply: (v) => {
      if (v.length === 0) return null;
      const sorted = [...v].sort((a, b) => a - b);
      const mid = sorted.length >> 1;
      const hi = sorted[mid] ?? 0;
      return sorted.length % 2 === 1 ? hi : ((sorted[mid - 1] ?? 0) + hi) / 2;
    },
  },
  first: { apply: (v) => v[0] ?? null },
  last: { apply: (v) => v[v.length - 1] ?? null },
  stddev: {
    apply: (v) => {
      const variance = sampleVariance(v);
      return variance === null ? null : Math.sqrt(variance);
    },
  },
  variance: { apply: sampleVariance },
} as const satisfies Record<ResampleFunction, FunctionDef>;

/**
 * The aggregate of slots [from, to) of `values`, NaN meaning null, bit-identical to aggregating
 * the rows one by one: running totals where order of addition is time order anyway, otherwise the
 * non-null values compacted into `scratch` (at least `to − from` long) for the functions above.
 */
export function aggregateSlots(
  fn: ResampleFunction,
  values: Float64Array,
  from: number,
  to: number,
  scratch: Float64Array,
): number | null {
  if (fn === 'median' || fn === 'stddev' || fn === 'variance') {
    let m = 0;
    for (let i = from; i < to; i++) {
      const v = values[i] ?? Number.NaN;
      if (v === v) scratch[m++] = v;
    }
    return RESAMPLE_FUNCTION_DEFS[fn].apply(scratch.subarray(0, m));
  }
  // Running totals in time order: the same additions and comparisons as the functions above.
  let n = 0;
  let total = 0;
  let lo = 0;
  let hi = 0;
  let first = 0;
  let last = 0;
  for (let i = from; i < to; i++) {
    const v = values[i] ?? Number.NaN;
    if (v !== v) continue;
    if (n === 0) {
      lo = v;
      hi = v;
      first = v;
    } else {
      lo = Math.min(lo, v);
      hi = Math.max(hi, v);
    }
    total += v;
    last = v;
    n++;
  }
  if (fn === 'count') return n;
  if (n === 0) return null;
  switch (fn) {
    case 'mean':
      return total / n;
    case 'sum':
      return total;
    case 'min':
      return lo;
    case 'max':
      return hi;
    case 'first':
      return first;
    default:
      return last;
  }
}

/** Functions whose result depends on more than running totals: they need every value kept. */
const NEEDS_VALUES: ReadonlySet<ResampleFunction> = new Set(['median', 'stddev', 'variance']);
/** Floating-point sums depend on the order of addition: walking backwards must keep values to add them forwards. */
const ORDER_SENSITIVE: ReadonlySet<ResampleFunction> = new Set(['mean', 'sum']);

/**
 * The running aggregate of one group's column. Values arrive in walking order (`reversed` when the
 * query walks backwards); the result equals RESAMPLE_FUNCTION_DEFS applied to them in time order.
 */
export class Accumulator {
  private n = 0;
  private total = 0;
  private lo = 0;
  private hi = 0;
  private firstSeen = 0;
  private lastSeen = 0;
  private readonly kept: number[] | null;

  constructor(
    private readonly fn: ResampleFunction,
    private readonly reversed: boolean,
  ) {
    this.kept = NEEDS_VALUES.has(fn) || (reversed && ORDER_SENSITIVE.has(fn)) ? [] : null;
  }

  add(v: number): void {
    if (this.kept) {
      this.kept.push(v);
      return;
    }
    if (this.n === 0) {
      this.lo = v;
      this.hi = v;
      this.firstSeen = v;
    } else {
      this.lo = Math.min(this.lo, v);
      this.hi = Math.max(this.hi, v);
    }
    this.total += v;
    this.lastSeen = v;
    this.n++;
  }

  result(): number | null {
    if (this.kept)
      return RESAMPLE_FUNCTION_DEFS[this.fn].apply(this.reversed ? this.kept.reverse() : this.kept);
    if (this.n === 0) return this.fn === 'count' ? 0 : null;
    switch (this.fn) {
      case 'mean':
        return this.total / this.n;
      case 'sum':
        return this.total;
      case 'min':
        return this.lo;
      case 'max':
        return this.hi;
      case 'count':
        return this.n;
      case 'first':
        return this.reversed ? this.lastSeen : this.firstSeen;
      case 'last':
        return this.reversed ? this.firstSeen : this.lastSeen;
      default:
        return RESAMPLE_FUNCTION_DEFS[this.fn].apply([]);
    }
  }
}

/** `resample_function`: default `mean`; unknown → 400. */
export function resolveResampleFunction(text: string | undefined): ResampleFunction {
  if (text === undefined || text.trim() === '') return 'mean';
  const t = text.trim().toLowerCase();
  if (!Object.hasOwn(RESAMPLE_FUNCTION_DEFS, t)) {
    throw invalid(
      `resample_function '${text}' is not supported; use one of ${Object.keys(RESAMPLE_FUNCTION_DEFS).join(', ')}.`,
    );
  }
  return t as ResampleFunction;
}
