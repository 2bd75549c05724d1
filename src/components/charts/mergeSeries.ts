import { decimateMinMax, type Point } from '@/lib/decimate';

export interface TimeSeries {
  name: string;
  /** x = epoch ms, sorted ascending. */
  points: readonly Point[];
}

/** One row per x: `{ x, s0, s1, … }`, series i's value under `s${i}`. */
export type MergedRow = Record<string, number | null>;

/** Decimated series merged into one row per x, sorted by x: `{ x, s0, s1, … }`. */
export function mergeSeries(series: readonly TimeSeries[], buckets: number): readonly MergedRow[] {
  // One series (the common case) is already in x order: no map, no sort.
  if (series.length === 1 && series[0])
    return decimateMinMax(series[0].points, buckets).map((p) => ({ x: p.x, s0: p.y }));
  const byX = new Map<number, MergedRow>();
  series.forEach((s, i) => {
    for (const p of decimateMinMax(s.points, buckets)) {
      let row = byX.get(p.x);
      if (!row) {
        row = { x: p.x };
        byX.set(p.x, row);
      }
      row[`s${i}`] = p.y;
    }
  });
  return [...byX.values()].sort((a, b) => (a.x ?? 0) - (b.x ?? 0));
}
