import fc from 'fast-check';
import { addDays, DAY_MS, HOUR_MS } from '@/time';
import { alignToGrid, buildGrid, bucketHours, dayShifter, sourceRange } from './grid';

const ZONE = 'US/Central';
/** Dates from 2023 to 2026, DST changes included. */
const date = fc
  .integer({ min: Date.UTC(2023, 0, 1) / DAY_MS, max: Date.UTC(2026, 11, 31) / DAY_MS })
  .map((d) => new Date(d * DAY_MS).toISOString().slice(0, 10));
const wallFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  hourCycle: 'h23',
  timeZoneName: 'short',
  weekday: 'short',
});
/** The wall clock of an instant in the zone: date, weekday, hour and zone name (CDT or CST). */
function wall(ms: number): Record<string, string> {
  return Object.fromEntries(wallFormat.formatToParts(ms).map((p) => [p.type, p.value]));
}
const wallHour = (ms: number): string => {
  const w = wall(ms);
  return `${w.year}-${w.month}-${w.day} ${w.hour} ${w.timeZoneName}`;
};

describe('the compare grid', () => {
  it('has 23 hours on the spring DST day, 25 on the autumn one and 24 otherwise', () => {
    expect(buildGrid('2025-03-09', '2025-03-09', '1h', ZONE).times).toHaveLength(23);
    expect(buildGrid('2025-11-02', '2025-11-02', '1h', ZONE).times).toHaveLength(25);
    expect(buildGrid('2025-07-01', '2025-07-01', '1h', ZONE).times).toHaveLength(24);
    expect(buildGrid('2025-11-02', '2025-11-02', '5min', ZONE).times).toHaveLength(300);
    const days = buildGrid('2025-11-01', '2025-11-03', '1d', ZONE);
    expect([0, 1, 2].map((i) => bucketHours(days, i))).toEqual([24, 25, 24]);
  });

  it('keeps every market hour of a range exactly once, across DST days', () => {
    fc.assert(
      fc.property(date, fc.integer({ min: 0, max: 9 }), (from, extra) => {
        const to = addDays(from, extra);
        const grid = buildGrid(from, to, '1h', ZONE);
        // Every bucket is a distinct wall-clock hour (with its zone name: the repeated 01:00 CDT and CST)...
        const labels = Array.from(grid.times, wallHour);
        expect(new Set(labels).size).toBe(labels.length);
        // ...one hour apart, and together they cover the market days from midnight to midnight.
        for (let i = 1; i < grid.times.length; i++)
          expect((grid.times[i] ?? 0) - (grid.times[i - 1] ?? 0)).toBe(HOUR_MS);
        expect(grid.end - (grid.times[0] ?? 0)).toBe(grid.times.length * HOUR_MS);
        expect(wall(grid.times[0] ?? 0).hour).toBe('00');
        expect(wall(grid.end).hour).toBe('00');
      }),
      { numRuns: 200 },
    );
  });

  it('shifts by days of the calendar: −364 days keeps the weekday and the wall-clock hour', () => {
    fc.assert(
      fc.property(date, fc.integer({ min: 0, max: 23 }), (day, hour) => {
        const grid = buildGrid(day, day, '1h', ZONE);
        const t = grid.times[Math.min(hour, grid.times.length - 1)] ?? 0;
        const back = dayShifter(-364, ZONE)(t);
        if (Number.isNaN(back)) return; // that wall hour does not exist a year earlier (spring forward)
        expect(wall(back).weekday).toBe(wall(t).weekday);
        expect(wall(back).hour).toBe(wall(t).hour);
      }),
      { numRuns: 300 },
    );
  });

  it('never shifts by a naive 24 hours across a DST change', () => {
    // 2025-03-10 12:00 CDT shown one day later from 2025-03-09 12:00 CDT is 24 h, but from
    // 2025-03-08 12:00 CST it is 23 h: the same noon on the wall clock.
    const noon10 = Date.UTC(2025, 2, 10, 17);
    expect(dayShifter(-2, ZONE)(noon10)).toBe(Date.UTC(2025, 2, 8, 18));
    // The 02:00 hour does not exist on 2025-03-09: nothing to draw there.
    expect(dayShifter(-1, ZONE)(Date.UTC(2025, 2, 10, 7))).toBeNaN();
  });

  it('draws a shifted series at its source time plus the shift, and fetches the matching range', () => {
    const grid = buildGrid('2025-07-08', '2025-07-08', '1h', ZONE);
    const [from, to] = sourceRange(grid.times[0] ?? 0, grid.end, -7, ZONE);
    expect([from, to]).toEqual([(grid.times[0] ?? 0) - 7 * DAY_MS, grid.end - 7 * DAY_MS]);
    const source = Float64Array.from({ length: 24 }, (_, i) => from + i * HOUR_MS);
    const values = Float64Array.from({ length: 24 }, (_, i) => i);
    expect(Array.from(alignToGrid(grid, source, values, -7))).toEqual(Array.from(values));
    // Unshifted, those week-old points fall outside the grid.
    expect(Array.from(alignToGrid(grid, source, values, 0)).every(Number.isNaN)).toBe(true);
  });

  it('puts each point in the bucket that contains it and averages points that share one', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 24 * 12 - 1 }), fc.integer({ min: -1000, max: 1000 })), {
          maxLength: 100,
        }),
        (points) => {
          const grid = buildGrid('2025-07-01', '2025-07-01', '1h', ZONE);
          const t0 = grid.times[0] ?? 0;
          const times = points.map(([k]) => t0 + k * 5 * 60_000);
          const aligned = alignToGrid(
            grid,
            times,
            points.map(([, v]) => v),
          );
          for (let h = 0; h < 24; h++) {
            const inHour = points.filter(([k]) => Math.floor(k / 12) === h).map(([, v]) => v);
            const expected = inHour.length ? inHour.reduce((a, b) => a + b, 0) / inHour.length : Number.NaN;
            if (Number.isNaN(expected)) expect(aligned[h]).toBeNaN();
            else expect(aligned[h]).toBeCloseTo(expected, 9);
          }
        },
      ),
    );
  });
});
