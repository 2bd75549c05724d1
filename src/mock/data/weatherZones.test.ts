import { getDataset } from './catalog';
import { HOUR_MS } from '@/time';
import { DATA_START } from './climate';
import { loadAt } from './load';

const def = getDataset('ercot_load_by_weather_zone');
if (!def) throw new Error('ercot_load_by_weather_zone missing');

describe('ercot load by weather zone', () => {
  it('has a total equal to the sum of the zones and close to the system load', () => {
    for (let t = DATA_START; t < DATA_START + 500 * 24 * HOUR_MS; t += 13 * HOUR_MS) {
      const row = def.row(t, null, null) as number[];
      const zones = row.slice(2, 10);
      const total = row[10] ?? NaN;
      expect(total).toBe(Math.round(zones.reduce((a, b) => a + b, 0) * 100) / 100);
      expect(Math.abs(total - loadAt(t))).toBeLessThan(1);
      for (const z of zones) expect(z).toBeGreaterThan(0);
    }
  });

  it('makes the coast and north central the largest zones', () => {
    const row = def.row(Date.UTC(2024, 6, 1, 20), null, null) as number[];
    const zones = row.slice(2, 10);
    const sorted = [...zones].sort((a, b) => b - a);
    expect(new Set(sorted.slice(0, 2))).toEqual(new Set([row[2], row[6]]));
  });
});
