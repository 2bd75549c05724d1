import { decimateMinMax, type Point } from '@/lib/decimate';

export interface TimeSeries {
  name: string;
  /** x = epoch ms, sorted ascending. */
  points: readonly Point[];
}

/** One row per x: `{ x, s0, s1, … }`, series i's value under `s${i}`. */
export type MergedRow = Record<string, number | null>;

/**
 * Decimated series merged into one row per x, sorted by x: `{ x, s0, s1, … }`. Each cut series is
 * already in x order, so the rows come from walking them side by side (a merge of sorted lists),
 * not from a map of rows sorted afterwards: `/today` merges its fuel mix's dozen series again at
 * every refresh. A series with two points at one x gives that row its later value; a point whose x
 * is not a number has no place on a time axis and no row.
 */
export function mergeSeries(series: readonly TimeSeries[], buckets: number): readonly MergedRow[] {
  // One series (the common case) is already in x order: no merge.
  if (series.length === 1 && series[0])
    return decimateMinMax(series[0].points, buckets).map((p) => ({ x: p.x, s0: p.y }));
  const cut = series.map((s) => decimateMinMax(s.points, buckets).filter((p) => !Number.isNaN(p.x)));
  const keys = series.map((_, i) => `s${i}`);
  const next = cut.map(() => 0);
  const rows: MergedRow[] = [];
  for (;;) {
    let x: number | undefined;
    for (let i = 0; i < cut.length; i++) {
      const p = cut[i]?.[next[i] ?? 0];
      if (p !== undefined && (x === undefined || p.x < x)) x = p.x;
    }
    if (x === undefined) return rows;
    const row: MergedRow = { x };
    for (let i = 0; i < cut.length; i++) {
      const points = cut[i] ?? [];
      let j = next[i] ?? 0;
      for (let p = points[j]; p !== undefined && p.x === x; p = points[++j]) row[keys[i] ?? ''] = p.y;
      next[i] = j;
    }
    rows.push(row);
  }
}
