import fc from 'fast-check';
import { buildGrid, startedBuckets } from './grid';
import { correlation, emptyIntervals, seriesStats } from './stats';

const grid = buildGrid('2025-11-01', '2025-11-03', '1h', 'US/Central'); // 24 + 25 + 24 hours
const value = fc.option(fc.integer({ min: -5000, max: 5000 }), { nil: Number.NaN });
const column = fc
  .array(value, { minLength: grid.times.length, maxLength: grid.times.length })
  .map((a) => Float64Array.from(a));

/** numpy's default percentile, written the plain way. */
function percentile(values: number[], q: number): number {
  const s = [...values].sort((a, b) => a - b);
  if (s.length === 0) return Number.NaN;
  const h = (s.length - 1) * q;
  const lo = Math.floor(h);
  const hi = Math.ceil(h);
  return (s[lo] ?? 0) + (h - lo) * ((s[hi] ?? 0) - (s[lo] ?? 0));
}

describe('series statistics', () => {
  it('equal a plain reference computation', () => {
    fc.assert(
      fc.property(column, (values) => {
        const present = Array.from(values).filter((v) => !Number.isNaN(v));
        const stats = seriesStats(values, grid, 'MW');
        expect(stats.count).toBe(present.length);
        expect(stats.missing).toBe(values.length - present.length);
        if (present.length === 0) {
          expect(stats.mean).toBeNaN();
          return;
        }
        expect(stats.min).toBe(Math.min(...present));
        expect(stats.max).toBe(Math.max(...present));
        expect(stats.mean).toBeCloseTo(present.reduce((a, b) => a + b, 0) / present.length, 9);
        expect(stats.p5).toBeCloseTo(percentile(present, 0.05), 9);
        expect(stats.median).toBeCloseTo(percentile(present, 0.5), 9);
        expect(stats.p95).toBeCloseTo(percentile(present, 0.95), 9);
        // Hourly MW: one MWh per MW per present hour.
        expect(stats.energy).toBeCloseTo(
          present.reduce((a, b) => a + b, 0),
          6,
        );
      }),
    );
  });

  it('counts as missing only the empty intervals that had begun; the later ones are yet to come', () => {
    fc.assert(
      fc.property(column, fc.integer({ min: 0, max: grid.times.length }), (values, started) => {
        const stats = seriesStats(values, grid, 'MW', started);
        const empty = (from: number, to: number) =>
          Array.from(values.subarray(from, to)).filter((v) => Number.isNaN(v)).length;
        expect(stats.missing).toBe(empty(0, started));
        expect(stats.toCome).toBe(empty(started, values.length));
        // A value after now (a forecast) still counts.
        expect(stats.count + stats.missing + stats.toCome).toBe(values.length);
      }),
    );
  });

  it('finds how many of the grid’s intervals had begun at an instant', () => {
    const first = grid.times[0] ?? 0;
    expect(startedBuckets(grid, first - 1)).toBe(0);
    expect(startedBuckets(grid, first)).toBe(1);
    expect(startedBuckets(grid, grid.end)).toBe(grid.times.length);
    fc.assert(
      fc.property(fc.integer({ min: first - 7_200_000, max: grid.end + 7_200_000 }), (now) => {
        expect(startedBuckets(grid, now)).toBe(Array.from(grid.times).filter((t) => t <= now).length);
      }),
    );
  });

  it('counts energy by the real length of each bucket: a 25-hour day holds 25 MWh per MW', () => {
    const days = buildGrid('2025-11-01', '2025-11-03', '1d', 'US/Central');
    expect(seriesStats(Float64Array.of(1, 1, 1), days, 'MW').energy).toBe(73);
    expect(seriesStats(Float64Array.of(1, 1, 1), days, '$/MWh').energy).toBeNull();
  });

  it('correlates over the intervals where both series have a value', () => {
    const a = Float64Array.of(1, 2, 3, Number.NaN, 5);
    expect(correlation(a, Float64Array.of(2, 4, 6, 100, 10))).toEqual({ r: 1, pairs: 4 });
    expect(correlation(a, Float64Array.of(-1, -2, -3, 0, -5)).r).toBeCloseTo(-1, 12);
    expect(correlation(a, Float64Array.of(7, 7, 7, 7, 7)).r).toBeNaN();
  });
});

describe('emptyIntervals', () => {
  it('splits the intervals without a value at `started`: missing before it, not begun from it on', () => {
    const values = Float64Array.from([1, Number.NaN, 2, Number.NaN, Number.NaN]);
    expect(emptyIntervals(values, 4)).toEqual({ missing: 2, toCome: 1 });
    expect(emptyIntervals(values, 5)).toEqual({ missing: 3, toCome: 0 });
    expect(emptyIntervals(values)).toEqual({ missing: 3, toCome: 0 });
    expect(emptyIntervals(values, 0)).toEqual({ missing: 0, toCome: 3 });
    expect(emptyIntervals(new Float64Array(0), 0)).toEqual({ missing: 0, toCome: 0 });
  });
});
