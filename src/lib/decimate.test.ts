import fc from 'fast-check';
import { decimateMinMax, type Point } from '@/lib/decimate';

/** The definition, one floor per point: what the fast loop must equal point for point. */
function reference(points: readonly Point[], buckets: number): Point[] {
  const n = Math.max(1, Math.floor(buckets));
  if (points.length <= 2 * n) return [...points];
  const x0 = points[0]?.x ?? 0;
  const span = (points[points.length - 1]?.x ?? 0) - x0;
  const perX = span > 0 ? n / span : 0;
  const groups = new Map<number, Point[]>();
  for (const p of points) {
    const b = Math.min(n - 1, Math.floor((p.x - x0) * perX));
    groups.set(b, [...(groups.get(b) ?? []), p]);
  }
  return [...groups.values()].flatMap((group) => {
    let min = group[0] as Point;
    let max = min;
    for (const p of group) {
      if (p.y < min.y) min = p;
      if (p.y > max.y) max = p;
    }
    if (min === max) return [min];
    return min.x <= max.x ? [min, max] : [max, min];
  });
}

const series = (n: number, f: (i: number) => number): Point[] =>
  Array.from({ length: n }, (_, i) => ({ x: i * 1000, y: f(i) }));

describe('decimateMinMax', () => {
  it('returns short series unchanged', () => {
    const points = series(10, (i) => i);
    expect(decimateMinMax(points, 100)).toEqual(points);
  });

  it('keeps at most two points per bucket', () => {
    const out = decimateMinMax(
      series(100_000, (i) => Math.sin(i / 50)),
      800,
    );
    expect(out.length).toBeLessThanOrEqual(1600);
    expect(out.length).toBeGreaterThan(800);
  });

  it('keeps a one-point spike and a one-point dip', () => {
    const points = series(50_000, (i) => (i === 31_337 ? 4999 : i === 7_000 ? -250 : 30));
    const out = decimateMinMax(points, 300);
    expect(out.some((p) => p.y === 4999 && p.x === 31_337_000)).toBe(true);
    expect(out.some((p) => p.y === -250)).toBe(true);
  });

  it('keeps the min and max of each bucket in time order', () => {
    const points = series(12, (i) => [5, 1, 9, 3, 7, 2, 8, 4, 6, 0, 10, 11][i] ?? 0);
    const out = decimateMinMax(points, 3);
    expect(out.map((p) => p.y)).toEqual([1, 9, 2, 8, 0, 11]);
    expect(out.map((p) => p.x)).toEqual([...out.map((p) => p.x)].sort((a, b) => a - b));
  });

  it('equals the one-floor-per-point definition for any sorted series and bucket count', () => {
    const sorted = fc
      .array(fc.tuple(fc.integer({ min: -1e6, max: 1e9 }), fc.double({ noNaN: true, min: -1e4, max: 1e4 })), {
        maxLength: 400,
      })
      .map((pairs) => pairs.map(([x, y]) => ({ x, y })).sort((a, b) => a.x - b.x));
    fc.assert(
      fc.property(sorted, fc.integer({ min: 1, max: 120 }), (points, buckets) => {
        expect(decimateMinMax(points, buckets)).toEqual(reference(points, buckets));
      }),
      { numRuns: 500 },
    );
  });
});
