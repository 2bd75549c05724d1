import { decimateMinMax, type Point } from '@/lib/decimate';

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
});
