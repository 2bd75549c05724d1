import { timeTicks } from './timeTicks';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('timeTicks', () => {
  it('puts a few ticks on whole hours for a day of data', () => {
    const lo = Date.UTC(2025, 0, 1, 0, 7);
    const ticks = timeTicks(lo, lo + DAY);
    expect(ticks.length).toBeGreaterThanOrEqual(3);
    expect(ticks.length).toBeLessThanOrEqual(6);
    for (const t of ticks) {
      expect(t % HOUR).toBe(0);
      expect(t).toBeGreaterThanOrEqual(lo);
      expect(t).toBeLessThanOrEqual(lo + DAY);
    }
  });

  it('uses whole days for two years of 5-minute data', () => {
    const lo = Date.UTC(2024, 0, 1, 6);
    const ticks = timeTicks(lo, lo + 694 * DAY);
    expect(ticks.length).toBeGreaterThanOrEqual(2);
    expect(ticks.length).toBeLessThanOrEqual(6);
    expect(ticks.every((t) => t % DAY === 0)).toBe(true);
  });

  it('falls on market midnight and round market hours, not on UTC ones, across a DST change', () => {
    const wall = new Intl.DateTimeFormat('en-US', {
      timeZone: 'US/Central',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    // A week across the autumn change (2025-11-02 has 25 hours): daily ticks at 00:00 CDT/CST.
    const lo = Date.UTC(2025, 9, 29, 5);
    const week = timeTicks(lo, lo + 7 * DAY, 6, 'US/Central');
    expect(week.length).toBeGreaterThanOrEqual(3);
    for (const t of week) expect(wall.format(t)).toBe('00:00');
    // A day: whole hours that are multiples of the step in market time (00, 06, 12, 18 or finer).
    const day = timeTicks(Date.UTC(2025, 6, 14, 5), Date.UTC(2025, 6, 15, 5), 6, 'US/Central');
    expect(day.map((t) => wall.format(t))).toEqual(['00:00', '06:00', '12:00', '18:00', '00:00']);
  });

  it('gives the single instant, or nothing, for a degenerate range', () => {
    expect(timeTicks(5, 5)).toEqual([5]);
    expect(timeTicks(Number.NaN, Number.NaN)).toEqual([]);
  });
});
