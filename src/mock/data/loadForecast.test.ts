import fc from 'fast-check';
import { getDataset } from './catalog';
import { formatUtc, HOUR_MS, MINUTE_MS } from '@/time';
import { DATA_START } from './climate';
import { FORECAST_HORIZON, forecastValues, latestVintage } from './loadForecast';
import { weatherZoneLoads } from './weatherZones';

const def = getDataset('ercot_load_forecast_by_forecast_zone');
if (!def?.vintages) throw new Error('forecast dataset missing');
const vintages = def.vintages;
const NOW = Date.UTC(2025, 6, 15, 20, 10);

describe('ercot load forecast', () => {
  it('publishes a vintage every hour at HH:30 up to now', () => {
    expect(formatUtc(latestVintage(NOW))).toBe('2025-07-15T19:30:00+00:00');
    expect(formatUtc(latestVintage(Date.UTC(2025, 6, 15, 20, 30)))).toBe('2025-07-15T20:30:00+00:00');
  });

  it('gives 168 vintages to an interval far enough from the start and from now', () => {
    const t = Date.UTC(2025, 0, 10, 12);
    const v = vintages(t, NOW);
    expect(v).toHaveLength(FORECAST_HORIZON);
    expect(v[0]).toBe(t - 30 * 60_000 - 167 * HOUR_MS);
    expect(v.at(-1)).toBe(t - 30 * 60_000);
  });

  it('gives fewer vintages near the data start and in the future', () => {
    expect(vintages(DATA_START, NOW)).toEqual([DATA_START - 30 * 60_000]);
    expect(vintages(DATA_START + 5 * HOUR_MS, NOW)).toHaveLength(6);
    const last = def.lastTime(NOW);
    expect(formatUtc(last)).toBe('2025-07-22T19:00:00+00:00');
    expect(vintages(last, NOW)).toEqual([latestVintage(NOW)]);
    expect(vintages(Date.UTC(2025, 6, 16, 0), NOW)).toHaveLength(168 - 4);
  });

  it('makes system_total the sum of the zones', () => {
    const t = Date.UTC(2025, 0, 10, 12);
    for (const p of vintages(t, NOW)) {
      const row = def.row(t, null, p) as number[];
      expect(row[2]).toBe(p);
      const zones = row.slice(3, 7);
      expect(row[7]).toBe(Math.round(zones.reduce((a, b) => a + b, 0) * 100) / 100);
    }
  });

  it('forecasts worse the further ahead it looks', () => {
    const actual = new Float64Array(8);
    let nearErr = 0;
    let farErr = 0;
    let n = 0;
    for (let t = Date.UTC(2024, 0, 1); t < Date.UTC(2025, 0, 1); t += 29 * HOUR_MS, n++) {
      const truth = weatherZoneLoads(t, actual);
      const near = forecastValues(t, t - 30 * 60_000)[4] ?? 0;
      const far = forecastValues(t, t - 30 * 60_000 - 160 * HOUR_MS)[4] ?? 0;
      nearErr += Math.abs(near - truth) / truth;
      farErr += Math.abs(far - truth) / truth;
    }
    expect(nearErr / n).toBeLessThan(0.02);
    expect(farErr / n).toBeGreaterThan((nearErr / n) * 3);
  });

  it('gives an interval exactly the HH:30 vintages of the 168 hours before it that are out by now', () => {
    const hours = 4 * 365 * 24;
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: hours }),
        fc.integer({ min: -200, max: hours }),
        fc.integer({ min: 0, max: 59 }),
        (i, h, minute) => {
          const t = DATA_START + i * HOUR_MS;
          const now = DATA_START + h * HOUR_MS + minute * MINUTE_MS;
          // Counted from the rule in words, independently of the window arithmetic.
          const expected: number[] = [];
          for (let lead = FORECAST_HORIZON - 1; lead >= 0; lead--) {
            const p = t - 30 * MINUTE_MS - lead * HOUR_MS;
            if (p >= DATA_START - 30 * MINUTE_MS && p <= now) expected.push(p);
          }
          expect(vintages(t, now)).toEqual(expected);
          expect(latestVintage(now) <= now && latestVintage(now) > now - HOUR_MS).toBe(true);
        },
      ),
      { numRuns: 500 },
    );
  });
});
