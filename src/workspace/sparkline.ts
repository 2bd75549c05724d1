/**
 * A saved view's sparkline: at most SPARKLINE_POINTS values picked at even steps from data the
 * page already holds. Picking, not averaging, keeps the cost at a few dozen reads however many
 * rows the page has, so a save stays within a frame.
 */
const SPARKLINE_POINTS = 64;

/** Values at even steps over `count` items; gaps (null, NaN) are skipped. Null when none is a number. */
export function sparklineOf(
  count: number,
  valueAt: (index: number) => number | null | undefined,
  points: number = SPARKLINE_POINTS,
): number[] | null {
  if (count <= 0) return null;
  const picks = Math.min(points, count);
  const out: number[] = [];
  for (let k = 0; k < picks; k++) {
    const index = picks === 1 ? 0 : Math.round((k * (count - 1)) / (picks - 1));
    const value = valueAt(index);
    if (typeof value === 'number' && Number.isFinite(value)) out.push(value);
  }
  return out.length > 0 ? out : null;
}
