/**
 * Min/max decimation for line charts: a series far longer than the chart is wide is cut to at
 * most two points per pixel bucket, the lowest and the highest, in time order. Unlike averaging
 * or every-nth sampling, a one-interval price spike still reaches the top of the chart.
 */
export interface Point {
  x: number;
  y: number;
}

/**
 * At most `2 × buckets` points of `points` (sorted by x): per equal-width x bucket, its minimum
 * and maximum. Series that already fit are returned as they are.
 */
export function decimateMinMax<P extends Point>(points: readonly P[], buckets: number): P[] {
  const n = Math.max(1, Math.floor(buckets));
  if (points.length <= 2 * n) return [...points];
  const first = points[0];
  const last = points[points.length - 1];
  if (!first || !last) return [];
  const span = last.x - first.x;
  // One multiply per point instead of a subtract-divide-multiply.
  const perX = span > 0 ? n / span : 0;
  const x0 = first.x;
  const out: P[] = [];
  let bucket = -1;
  let min: P | undefined;
  let max: P | undefined;
  const flush = () => {
    if (!min || !max) return;
    if (min === max) out.push(min);
    else if (min.x <= max.x) out.push(min, max);
    else out.push(max, min);
  };
  for (const p of points) {
    const b = Math.min(n - 1, Math.floor((p.x - x0) * perX));
    if (b !== bucket) {
      flush();
      bucket = b;
      min = p;
      max = p;
      continue;
    }
    if (min && p.y < min.y) min = p;
    if (max && p.y > max.y) max = p;
  }
  flush();
  return out;
}
