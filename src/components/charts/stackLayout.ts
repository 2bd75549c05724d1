/**
 * The maths of a stacked-area chart (docs/decisions/0028-stacked-areas.md): series of one unit
 * stacked in a fixed order, positive values upward from zero and negative values (storage
 * charging, exports) downward below it. Each series is split into its positive and its negative
 * part, each stacked on its own side, so a series that changes sign shrinks to zero on one side
 * and grows on the other instead of cutting across the layers between.
 *
 * A missing value is a gap, never a zero: the series' band is not drawn there, and neither are the
 * bands stacked after it (their baseline is not known without it). The layers before it are drawn.
 */
import type { ChartRow } from './scales';

/** Row's value under `key`: NaN where the row has none (null, undefined, NaN). */
export function valueAt(row: ChartRow | undefined, key: string): number {
  const v: unknown = row === undefined ? undefined : (row as Record<string, unknown>)[key];
  return typeof v === 'number' ? v : Number.NaN;
}

export interface StackBand {
  key: string;
  /** Which part of the series: its positive values stack up, its negative ones down. */
  side: 'up' | 'down';
  /** Per row, the band's bottom and top on the value axis; NaN where it is a gap. */
  lower: Float64Array;
  upper: Float64Array;
}

export interface StackLayout {
  /** In stack order, each series' upward band, then in stack order each one's downward band. */
  bands: StackBand[];
  /** Per row, the sum of the positive values present (what shares are of). */
  positive: Float64Array;
  /** Per row, the sum of the negative values present (≤ 0). */
  negative: Float64Array;
}

/** The bands of `keys` (stack order: the first sits on zero) over `rows`. */
export function stackLayout(rows: readonly ChartRow[], keys: readonly string[]): StackLayout {
  const n = rows.length;
  const band = (key: string, side: StackBand['side']): StackBand => ({
    key,
    side,
    lower: new Float64Array(n),
    upper: new Float64Array(n),
  });
  const up = keys.map((k) => band(k, 'up'));
  const down = keys.map((k) => band(k, 'down'));
  const positive = new Float64Array(n);
  const negative = new Float64Array(n);
  for (let r = 0; r < n; r++) {
    const row = rows[r];
    let top = 0;
    let bottom = 0;
    let broken = false;
    keys.forEach((key, k) => {
      const v = valueAt(row, key);
      const u = up[k] as StackBand;
      const d = down[k] as StackBand;
      if (Number.isNaN(v)) broken = true;
      else if (v > 0) positive[r] = (positive[r] ?? 0) + v;
      else negative[r] = (negative[r] ?? 0) + v;
      if (broken) {
        u.lower[r] = u.upper[r] = d.lower[r] = d.upper[r] = Number.NaN;
        return;
      }
      const plus = Math.max(0, v);
      const minus = Math.min(0, v);
      u.lower[r] = top;
      u.upper[r] = top += plus;
      d.upper[r] = bottom;
      d.lower[r] = bottom += minus;
    });
  }
  // A side a series never reaches (solar below zero) has nothing to draw.
  const drawn = (b: StackBand) => b.lower.some((lo, r) => (b.upper[r] ?? lo) > lo);
  return { bands: [...up, ...down].filter(drawn), positive, negative };
}

/** The lowest and highest value the stack (and `lineKeys`' values) reach in rows [from, to], zero included. */
export function stackRange(
  layout: StackLayout,
  rows: readonly ChartRow[],
  lineKeys: readonly string[],
  from = 0,
  to = rows.length - 1,
): [number, number] {
  let lo = 0;
  let hi = 0;
  for (let r = from; r <= to; r++) {
    lo = Math.min(lo, layout.negative[r] ?? 0);
    hi = Math.max(hi, layout.positive[r] ?? 0);
    for (const key of lineKeys) {
      const v = valueAt(rows[r], key);
      if (Number.isNaN(v)) continue;
      lo = Math.min(lo, v);
      hi = Math.max(hi, v);
    }
  }
  return lo === hi ? [lo, lo + 1] : [lo, hi];
}

/** A value's share of the positive total at its row, 0–1; null for a value at or below zero. */
export function shareOf(value: number, positiveTotal: number): number | null {
  return value > 0 && positiveTotal > 0 ? value / positiveTotal : null;
}

/** Where a cut row keeps how many rows it stands for (1 when it is a row of the data). */
const BUCKET_SIZE = 'bucketSize';

/** How many rows of the data `row` stands for: more than one when bucketMeans made it. */
export function bucketSize(row: ChartRow | undefined): number {
  const n = valueAt(row, BUCKET_SIZE);
  return Number.isNaN(n) ? 1 : n;
}

/**
 * At most about `2 × buckets` rows: rows that fit are kept; otherwise each bucket of equal row
 * count becomes one row at its first x holding each key's mean over the bucket, and the number
 * of rows it stands for (`bucketSize`, read by the tooltip). A stack is an area, so its bucket is
 * its mean, which keeps the energy; the min/max cut of the line charts would stack one series'
 * peak on another's trough. A key missing in any row of the bucket is missing in the bucket
 * (null, a gap): a mean of the rows present would draw a partial bucket as whole, and the stack
 * above it as continuous where the data has a hole.
 */
export function bucketMeans<R extends ChartRow>(
  rows: readonly R[],
  keys: readonly string[],
  buckets: number,
): readonly (R | Record<string, number | null>)[] {
  const n = Math.max(1, Math.floor(buckets));
  if (rows.length <= 2 * n) return rows;
  const per = rows.length / n;
  const out: Record<string, number | null>[] = [];
  for (let b = 0; b < n; b++) {
    const start = Math.floor(b * per);
    const end = Math.min(rows.length, Math.floor((b + 1) * per));
    if (end <= start) continue;
    const row: Record<string, number | null> = { x: valueAt(rows[start], 'x'), [BUCKET_SIZE]: end - start };
    for (const key of keys) {
      let sum = 0;
      for (let r = start; r < end && !Number.isNaN(sum); r++) sum += valueAt(rows[r], key);
      row[key] = Number.isNaN(sum) ? null : sum / (end - start);
    }
    out.push(row);
  }
  return out;
}
