/**
 * Resampling series by series, straight from the value cache: when each output group is one
 * series and no row filter applies, a (bucket, series) pair is a contiguous run of grid indices,
 * aggregated in place without building rows.
 */
import { fixedBucketMs } from '@/contract';
import { DAY_MS } from '@/time';
import type { SeriesMember, RawCell } from '@/mock/data/types';
import type { Pager } from '../pager';
import type { QueryPlan, ResamplePlan } from '../plan/queryPlan';
import { numericColumns, valueCache, type ValueBlock } from '../valueCache';
import type { Direction, Walk } from '../walk';
import { bucketer } from './frequency';
import { aggregateSlots } from './functions';
import { compareKeys } from './groupKeys';

/** A series of the grid (one location, or the dataset itself) with the grid indices it has rows at. */
interface Series {
  loc: SeriesMember | null;
  key: RawCell[];
  kFrom: number;
  kTo: number;
  /** The cache block read last: consecutive buckets mostly share one. */
  block: ValueBlock | null;
  /** Walk index of the block's slot 0, and the grid indices [blockFrom, blockTo) it holds values for. */
  blockK0: number;
  blockFrom: number;
  blockTo: number;
}

/**
 * The series of a resampled query when each output group is exactly one series and no row filter
 * applies, sorted by group key; null when the rows must be walked one by one instead.
 */
export function seriesOf(walk: Walk, plan: QueryPlan, rs: ResamplePlan): Series[] | null {
  const def = walk.def;
  const fixed = fixedBucketMs(rs.frequency);
  // A sparse dataset's series have holes where no row exists: those are walked row by row.
  if (plan.rowFilter || def.vintages || def.rowExists || (fixed !== null && fixed < walk.step)) return null;
  const sub =
    def.subseriesColumn === null ? -1 : def.columns.findIndex((c) => c.name === def.subseriesColumn);
  const byLocation = rs.groupBy.length === 1 && rs.groupBy[0] === sub && walk.locations !== null;
  const single = rs.groupBy.length === 0 && (walk.locations === null || walk.locations.length <= 1);
  if (!byLocation && !single) return null;
  const series: Series[] = (walk.locations ?? [null]).map((loc) => ({
    loc,
    key: byLocation && loc ? [loc.name] : [],
    kFrom: loc ? Math.max(walk.kLo, walk.kAt(loc.firstSeen)) : walk.kLo,
    kTo: loc?.retiredAt != null ? Math.min(walk.kHi, walk.kAt(loc.retiredAt) - 1) : walk.kHi,
    block: null,
    blockK0: 0,
    blockFrom: 0,
    blockTo: 0,
  }));
  return series.sort((a, b) => compareKeys(a.key, b.key));
}

/** Grows a scratch buffer to at least `n` slots. */
function ensure(buf: Float64Array, n: number): Float64Array {
  return buf.length >= n ? buf : new Float64Array(Math.max(n, buf.length * 2));
}

/**
 * Resamples straight from the value cache: each (bucket, series) is a contiguous run of grid
 * indices, so its values are copied out of the day blocks and aggregated without building rows.
 * Emits in the same order, with the same arithmetic, as the row-by-row Resampler.
 */
export function resampleSeries(
  walk: Walk,
  plan: QueryPlan,
  rs: ResamplePlan,
  series: Series[],
  dir: Direction,
  pager: Pager,
): void {
  const def = walk.def;
  const bucketOf = bucketer(rs.frequency, plan.zone);
  const numeric = numericColumns(def);
  const columns = rs.values.map((i) => numeric.indexOf(i));
  const ordered = dir > 0 ? series : [...series].reverse();
  let values: Float64Array = new Float64Array(0);
  let scratch: Float64Array = new Float64Array(0);

  /** The block of `s` holding grid indices [k, dayEnd], dayEnd the last index of k's UTC day. */
  const blockAt = (s: Series, k: number, dayEnd: number): ValueBlock => {
    if (s.block && k >= s.blockFrom && dayEnd < s.blockTo) return s.block;
    const t = walk.timeAt(k);
    const block = valueCache.block(def, s.loc, walk.first, Math.floor(t / DAY_MS), t, walk.timeAt(dayEnd));
    // The block's slots as grid indices: slot j holds index k0 + j.
    const k0 = Math.round((block.t0 - walk.first) / walk.step);
    s.block = block;
    s.blockK0 = k0;
    s.blockFrom = k0 + block.from;
    s.blockTo = k0 + block.to;
    return block;
  };
  // The last grid index of the UTC day of the index last asked about.
  let dayFrom = 1;
  let dayEnd = 0;
  const lastOfDay = (k: number): number => {
    if (k < dayFrom || k > dayEnd) {
      const day = Math.floor(walk.timeAt(k) / DAY_MS);
      dayFrom = walk.kAt(day * DAY_MS);
      dayEnd = walk.kAt((day + 1) * DAY_MS) - 1;
    }
    return dayEnd;
  };

  /** Aggregate of column `col` over grid indices [a, b] of a series: in place when one block holds them. */
  const aggregate = (s: Series, col: number, a: number, b: number): number | null => {
    const end = lastOfDay(a);
    if (b <= end) {
      const block = blockAt(s, a, end);
      const at = col * block.n + a - s.blockK0;
      return aggregateSlots(rs.fn, block.values, at, at + b - a + 1, scratch);
    }
    for (let k = a; k <= b;) {
      const stop = Math.min(b, lastOfDay(k));
      const block = blockAt(s, k, stop);
      const at = col * block.n + k - s.blockK0;
      values.set(block.values.subarray(at, at + stop - k + 1), k - a);
      k = stop + 1;
    }
    return aggregateSlots(rs.fn, values, 0, b - a + 1, scratch);
  };

  const keyLength = ordered[0]?.key.length ?? 0;
  // A cursor resumes at its bucket: the grid index where the walk meets that bucket first.
  const resume = pager.resume;
  let k = dir > 0 ? walk.kLo : walk.kHi;
  if (resume) {
    k = dir > 0 ? Math.max(k, walk.kAt(resume.t)) : Math.min(k, walk.kAt(bucketOf(resume.t).end) - 1);
  }
  while (k >= walk.kLo && k <= walk.kHi) {
    const bucket = bucketOf(walk.timeAt(k));
    const lo = dir > 0 ? k : Math.max(walk.kLo, walk.kAt(bucket.start));
    const hi = dir > 0 ? Math.min(walk.kHi, walk.kAt(bucket.end) - 1) : k;
    // Index of the next row among this bucket's rows.
    let index = 0;
    for (const s of ordered) {
      const a = Math.max(lo, s.kFrom);
      const b = Math.min(hi, s.kTo);
      if (a > b) continue;
      walk.ticker.tick(b - a + 1);
      if (pager.before(bucket.start, index++)) continue;
      values = ensure(values, b - a + 1);
      scratch = ensure(scratch, b - a + 1);
      // Built at its final length: a result can hold hundreds of thousands of these.
      const row = new Array<RawCell>(2 + keyLength + columns.length);
      row[0] = bucket.start;
      row[1] = bucket.end;
      for (let i = 0; i < keyLength; i++) row[2 + i] = s.key[i] ?? null;
      for (let i = 0; i < columns.length; i++) row[2 + keyLength + i] = aggregate(s, columns[i] ?? 0, a, b);
      if (!pager.take(row, bucket.start, index - 1)) return;
    }
    k = dir > 0 ? hi + 1 : lo - 1;
  }
}
