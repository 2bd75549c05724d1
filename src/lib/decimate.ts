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
  // A point's bucket is floor((x − x0) × perX), clamped to the last one. x ascends, so instead of
  // a floor per point the loop waits for that product to reach the current bucket's end.
  const perX = span > 0 ? n / span : 0;
  const x0 = first.x;
  const out: P[] = [];
  let end = Number.NEGATIVE_INFINITY;
  let min = first;
  let max = first;
  const flush = () => {
    if (min === max) out.push(min);
    else if (min.x <= max.x) out.push(min, max);
    else out.push(max, min);
  };
  for (let i = 0; i < points.length; i++) {
    const p = points[i] as P;
    const at = (p.x - x0) * perX;
    if (at >= end) {
      if (i > 0) flush();
      const bucket = Math.min(n - 1, Math.floor(at));
      end = bucket === n - 1 ? Number.POSITIVE_INFINITY : bucket + 1;
      min = p;
      max = p;
    } else if (p.y < min.y) min = p;
    else if (p.y > max.y) max = p;
  }
  flush();
  return out;
}
