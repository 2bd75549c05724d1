import fc from 'fast-check';
import { chartFrame } from './chartFrame';

describe('the compare chart frame', () => {
  it('keeps every series’ highest and lowest value of the window, however far it is cut', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 3000 }).chain((n) =>
          fc.tuple(
            fc.array(fc.option(fc.integer({ min: -1e6, max: 1e6 }), { nil: Number.NaN }), {
              minLength: n,
              maxLength: n,
            }),
            fc.array(fc.option(fc.integer({ min: -10, max: 10 }), { nil: Number.NaN }), {
              minLength: n,
              maxLength: n,
            }),
            fc.integer({ min: 1, max: 200 }),
          ),
        ),
        ([a, b, buckets]) => {
          const times = Float64Array.from(a, (_, i) => i * 1000);
          const series = [Float64Array.from(a), Float64Array.from(b)];
          const rows = chartFrame(times, series, 0, a.length - 1, buckets);
          expect(rows.length).toBeLessThanOrEqual(Math.max(a.length, 2 * buckets));
          series.forEach((values, s) => {
            const present = Array.from(values).filter((v) => !Number.isNaN(v));
            const drawn = rows.map((r) => r[`s${s}`]).filter((v): v is number => typeof v === 'number');
            if (present.length === 0) return expect(drawn).toEqual([]);
            expect(Math.max(...drawn)).toBe(Math.max(...present));
            expect(Math.min(...drawn)).toBe(Math.min(...present));
          });
          for (let i = 1; i < rows.length; i++) expect((rows[i]?.x ?? 0) >= (rows[i - 1]?.x ?? 0)).toBe(true);
        },
      ),
      { numRuns: 200 },
    );
  });
});
