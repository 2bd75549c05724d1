import fc from 'fast-check';
import { decimateMinMax } from '@/lib/decimate';
import { mergeSeries, type MergedRow, type TimeSeries } from './mergeSeries';

/** The definition: every cut point set on the row of its x, the rows sorted by x. */
function reference(series: readonly TimeSeries[], buckets: number): MergedRow[] {
  const byX = new Map<number, MergedRow>();
  series.forEach((s, i) => {
    for (const p of decimateMinMax(s.points, buckets)) {
      const row = byX.get(p.x) ?? { x: p.x };
      byX.set(p.x, row);
      row[`s${i}`] = p.y;
    }
  });
  return [...byX.values()].sort((a, b) => (a.x ?? 0) - (b.x ?? 0));
}

/** A series as a chart gets it: points in x order, a time possibly repeated. */
const seriesArb = fc
  .array(fc.record({ x: fc.integer({ min: 0, max: 60 }), y: fc.double({ noNaN: true }) }), { maxLength: 40 })
  .map((points) => ({ name: 's', points: [...points].sort((a, b) => a.x - b.x) }));

describe('mergeSeries', () => {
  it('equals the rows of a map sorted by x, for any series in x order, cut or whole', () => {
    fc.assert(
      fc.property(
        fc.array(seriesArb, { minLength: 2, maxLength: 6 }),
        fc.constantFrom(3, 10, Infinity),
        (series, buckets) => {
          expect(mergeSeries(series, buckets)).toEqual(reference(series, buckets));
        },
      ),
      { numRuns: 300 },
    );
  });

  it("stacks a day's fuels at the same times into one row per interval, and an hourly forecast between them", () => {
    const at = (minutes: number) => Date.UTC(2025, 6, 15, 5) + minutes * 60_000;
    const fiveMinute = (y: number) => [0, 5, 10, 15].map((m) => ({ x: at(m), y: y + m }));
    const rows = mergeSeries(
      [
        { name: 'Gas', points: fiveMinute(100) },
        { name: 'Wind', points: fiveMinute(200) },
        {
          name: 'Forecast',
          points: [
            { x: at(0), y: 1 },
            { x: at(60), y: 2 },
          ],
        },
      ],
      Infinity,
    );
    expect(rows.map((r) => r.x)).toEqual([at(0), at(5), at(10), at(15), at(60)]);
    expect(rows[0]).toEqual({ x: at(0), s0: 100, s1: 200, s2: 1 });
    expect(rows[4]).toEqual({ x: at(60), s2: 2 });
  });

  it('gives a point without a time no row', () => {
    const rows = mergeSeries(
      [
        {
          name: 'a',
          points: [
            { x: Number.NaN, y: 1 },
            { x: 5, y: 2 },
          ],
        },
        { name: 'b', points: [{ x: 5, y: 3 }] },
      ],
      Infinity,
    );
    expect(rows).toEqual([{ x: 5, s0: 2, s1: 3 }]);
  });
});
