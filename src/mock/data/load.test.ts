import { FIVE_MINUTES_MS, HOUR_MS, marketMidnight } from '@/time';
import { DATA_START } from './climate';
import { loadAt } from './load';

describe('ercot load', () => {
  it('is deterministic and independent of call order', () => {
    const times = Array.from(
      { length: 200 },
      (_, i) => DATA_START + ((i * 7919) % 100_000) * FIVE_MINUTES_MS,
    );
    const forward = times.map(loadAt);
    const backward = [...times].reverse().map(loadAt).reverse();
    expect(backward).toEqual(forward);
    expect(times.map(loadAt)).toEqual(forward);
  });

  it('stays within 35–85 GW, peaks in summer above winter, 2 decimals', () => {
    let min = Infinity;
    let max = -Infinity;
    const monthlyMax = new Array<number>(12).fill(0);
    for (let t = DATA_START; t < DATA_START + 365 * 24 * HOUR_MS; t += 3 * FIVE_MINUTES_MS) {
      const v = loadAt(t);
      expect(Math.round(v * 100) / 100).toBe(v);
      min = Math.min(min, v);
      max = Math.max(max, v);
      const m = new Date(t).getUTCMonth();
      monthlyMax[m] = Math.max(monthlyMax[m] ?? 0, v);
    }
    expect(min).toBeGreaterThanOrEqual(35_000);
    expect(max).toBeLessThanOrEqual(85_000);
    const summer = Math.max(monthlyMax[6] ?? 0, monthlyMax[7] ?? 0);
    expect(summer).toBeGreaterThan(75_000);
    expect(summer).toBeGreaterThan((monthlyMax[0] ?? 0) + 5_000);
    expect(summer).toBeGreaterThan((monthlyMax[3] ?? 0) + 10_000);
  });

  it('peaks in the late afternoon local time on a summer day', () => {
    const start = marketMidnight('2024-07-18');
    const hourly = Array.from({ length: 24 }, (_, h) => loadAt(start + h * HOUR_MS));
    const peakHour = hourly.indexOf(Math.max(...hourly));
    expect(peakHour).toBeGreaterThanOrEqual(15);
    expect(peakHour).toBeLessThanOrEqual(19);
    expect(Math.min(...hourly)).toBeLessThan(Math.max(...hourly) * 0.8);
  });
});
