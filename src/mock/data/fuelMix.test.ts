import { getDataset } from './catalog';
import { FIVE_MINUTES_MS, HOUR_MS } from '@/time';
import { DATA_START } from './climate';
import { FUEL_COLUMNS, fuelMixAt } from './fuelMix';
import { loadAt } from './load';
import { standardHour } from './climate';

const fuelMix = getDataset('ercot_fuel_mix');
if (!fuelMix) throw new Error('ercot_fuel_mix missing');

describe('ercot fuel mix', () => {
  it('has the fuel columns of the contract after the interval columns', () => {
    expect(fuelMix.columns.map((c) => c.name)).toEqual([
      'interval_start_utc',
      'interval_end_utc',
      ...FUEL_COLUMNS,
    ]);
  });

  it('sums to ercot_load of the same interval within 1 MW, with no negative gas', () => {
    for (let t = DATA_START; t < DATA_START + 400 * 24 * HOUR_MS; t += 37 * FIVE_MINUTES_MS) {
      const row = fuelMix.row(t, null, null) as number[];
      const sum = row.slice(2).reduce((a, b) => a + b, 0);
      expect(Math.abs(sum - loadAt(t))).toBeLessThanOrEqual(1);
      expect(row[8]).toBeGreaterThan(0);
    }
  });

  it('has no solar at night and more wind at night than in the afternoon', () => {
    let nightWind = 0;
    let dayWind = 0;
    for (let t = DATA_START; t < DATA_START + 365 * 24 * HOUR_MS; t += 7 * FIVE_MINUTES_MS) {
      const h = standardHour(t);
      const m = fuelMixAt(t);
      if (h < 5 || h > 21) expect(m.solar).toBe(0);
      if (h >= 1 && h < 5) nightWind += m.wind;
      if (h >= 13 && h < 17) dayWind += m.wind;
    }
    expect(nightWind).toBeGreaterThan(dayWind * 1.1);
  });

  it('blows harder in spring than in summer', () => {
    const mean = (from: number): number => {
      let s = 0;
      let n = 0;
      for (let t = from; t < from + 60 * 24 * HOUR_MS; t += 11 * FIVE_MINUTES_MS, n++) s += fuelMixAt(t).wind;
      return s / n;
    };
    expect(mean(Date.UTC(2024, 2, 15))).toBeGreaterThan(mean(Date.UTC(2024, 6, 15)));
  });
});
