/**
 * Statistics of a series over the workspace's range: what an analyst reads first (count, missing,
 * extremes, mean and the 5th/50th/95th percentiles), energy for a MW series, and the correlation
 * of two series over the intervals where both have a value.
 */
import { quantile } from '@/lib/quantile';
import { bucketHours, presentValues, type Grid } from './grid';

export interface SeriesStats {
  count: number;
  /** Empty intervals that had begun: values the data lacks. */
  missing: number;
  /** Empty intervals that had not begun (a range that runs past now): not missing, yet to come. */
  toCome: number;
  min: number;
  max: number;
  mean: number;
  p5: number;
  median: number;
  p95: number;
  /** MWh for a series in MW (each value × its bucket's hours); null for other units. */
  energy: number | null;
}

/**
 * The grid's intervals without a value, split at `started` (how many had begun, `startedBuckets`):
 * `missing` had begun (values the data lacks), `toCome` had not.
 */
export function emptyIntervals(
  values: Float64Array,
  started: number = values.length,
): { missing: number; toCome: number } {
  let missing = 0;
  let toCome = 0;
  for (let i = 0; i < values.length; i++) {
    if (!Number.isNaN(values[i] ?? Number.NaN)) continue;
    if (i < started) missing++;
    else toCome++;
  }
  return { missing, toCome };
}

/**
 * `started` is how many of the grid's intervals had begun (`startedBuckets`): an empty interval
 * after them is yet to come, not missing (a forecast may still have values there).
 */
export function seriesStats(
  values: Float64Array,
  grid: Grid,
  unit: string | null,
  started: number = values.length,
): SeriesStats {
  const sorted = presentValues(values).sort();
  let sum = 0;
  for (const v of sorted) sum += v;
  let energy: number | null = null;
  if (unit === 'MW') {
    energy = 0;
    // Minute and hour buckets all last the same; only days vary (23 and 25 hours).
    const fixed = grid.cadence === '1d' ? null : bucketHours(grid, 0);
    for (let i = 0; i < values.length; i++) {
      const v = values[i] ?? Number.NaN;
      if (!Number.isNaN(v)) energy += v * (fixed ?? bucketHours(grid, i));
    }
  }
  const count = sorted.length;
  return {
    count,
    ...emptyIntervals(values, started),
    min: count ? (sorted[0] ?? Number.NaN) : Number.NaN,
    max: count ? (sorted[count - 1] ?? Number.NaN) : Number.NaN,
    mean: count ? sum / count : Number.NaN,
    p5: quantile(sorted, 0.05),
    median: quantile(sorted, 0.5),
    p95: quantile(sorted, 0.95),
    energy,
  };
}

/** Pearson's r over the indexes where both have a value; NaN below two pairs or with no spread. */
export function correlation(a: Float64Array, b: Float64Array): { r: number; pairs: number } {
  let n = 0;
  let sa = 0;
  let sb = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i] ?? Number.NaN;
    const y = b[i] ?? Number.NaN;
    if (Number.isNaN(x) || Number.isNaN(y)) continue;
    n++;
    sa += x;
    sb += y;
  }
  if (n < 2) return { r: Number.NaN, pairs: n };
  const ma = sa / n;
  const mb = sb / n;
  let cov = 0;
  let va = 0;
  let vb = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i] ?? Number.NaN;
    const y = b[i] ?? Number.NaN;
    if (Number.isNaN(x) || Number.isNaN(y)) continue;
    cov += (x - ma) * (y - mb);
    va += (x - ma) ** 2;
    vb += (y - mb) ** 2;
  }
  const r = va > 0 && vb > 0 ? cov / Math.sqrt(va * vb) : Number.NaN;
  return { r: Math.max(-1, Math.min(1, r)), pairs: n };
}
