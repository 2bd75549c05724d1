import { timeTicks } from './TimeSeriesChart';

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

  it('gives the single instant, or nothing, for a degenerate range', () => {
    expect(timeTicks(5, 5)).toEqual([5]);
    expect(timeTicks(Number.NaN, Number.NaN)).toEqual([]);
  });
});
