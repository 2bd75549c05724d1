/**
 * The rows the Compare chart draws: the grid's window [from, to] cut to at most two rows per pixel
 * bucket, holding each series' lowest and highest value in the bucket in the order they occur, so
 * a one-interval spike survives at any zoom. Every series shares the grid, so one pass serves all.
 */
export type FrameRow = Record<string, number | null> & { x: number };

export function chartFrame(
  times: Float64Array,
  series: readonly (Float64Array | null)[],
  from: number,
  to: number,
  buckets: number,
): FrameRow[] {
  const lo = Math.max(0, from);
  const hi = Math.min(times.length - 1, to);
  if (hi < lo) return [];
  const count = hi - lo + 1;
  const rows: FrameRow[] = [];
  if (count <= 2 * buckets) {
    for (let i = lo; i <= hi; i++) {
      const row: FrameRow = { x: times[i] ?? 0 };
      series.forEach((values, s) => {
        const v = values?.[i] ?? Number.NaN;
        row[`s${s}`] = Number.isNaN(v) ? null : v;
      });
      rows.push(row);
    }
    return rows;
  }
  const per = count / buckets;
  for (let b = 0; b < buckets; b++) {
    const start = lo + Math.floor(b * per);
    const end = Math.min(hi, lo + Math.floor((b + 1) * per) - 1);
    if (end < start) continue;
    const first: FrameRow = { x: times[start] ?? 0 };
    const second: FrameRow = { x: times[end] ?? 0 };
    series.forEach((values, s) => {
      let min = Number.POSITIVE_INFINITY;
      let max = Number.NEGATIVE_INFINITY;
      let minAt = -1;
      let maxAt = -1;
      for (let i = start; i <= end; i++) {
        const v = values?.[i] ?? Number.NaN;
        if (Number.isNaN(v)) continue;
        if (v < min) {
          min = v;
          minAt = i;
        }
        if (v > max) {
          max = v;
          maxAt = i;
        }
      }
      const key = `s${s}`;
      if (minAt < 0) {
        first[key] = null;
        second[key] = null;
      } else if (minAt <= maxAt) {
        first[key] = min;
        second[key] = max;
      } else {
        first[key] = max;
        second[key] = min;
      }
    });
    rows.push(first);
    if (end > start) rows.push(second);
  }
  return rows;
}

/** Index of the first grid time ≥ `t` (times ascending). */
export function indexAtOrAfter(times: Float64Array, t: number): number {
  let lo = 0;
  let hi = times.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((times[mid] ?? 0) < t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
