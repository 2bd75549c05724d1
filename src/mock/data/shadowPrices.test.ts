import { DAY_MS, HOUR_MS } from '@/time';
import { getDataset } from './catalog';
import { CONSTRAINTS } from './shadowPrices';
import type { DatasetDef } from './types';

function dataset(id: string): DatasetDef {
  const def = getDataset(id);
  if (!def?.rowExists) throw new Error(`no sparse ${id}`);
  return def;
}

/** Rows per grid point of a region's constraints, over the hours of a day that `pick` keeps. */
function bindingRate(def: DatasetDef, region: string, days: number[], pick: (h: number) => boolean): number {
  const members = CONSTRAINTS.filter((c) => c.region === region);
  let rows = 0;
  let cells = 0;
  for (const day of days) {
    for (let t = day; t < day + DAY_MS; t += def.stepMs) {
      const centralHour = new Date(t - 6 * HOUR_MS).getUTCHours();
      if (!pick(centralHour)) continue;
      for (const m of members) {
        cells++;
        if (def.rowExists?.(t, m)) rows++;
      }
    }
  }
  return rows / cells;
}

const SUMMER = Array.from({ length: 20 }, (_, i) => Date.UTC(2024, 6, 1 + i));
const SPRING = Array.from({ length: 20 }, (_, i) => Date.UTC(2024, 3, 1 + i));

describe('shadow prices of binding constraints', () => {
  it('has several rows in a congested interval and none in some quiet ones', () => {
    const def = dataset('ercot_shadow_prices_sced');
    const perInterval: number[] = [];
    for (let t = SUMMER[0] ?? 0; t < (SUMMER[0] ?? 0) + 3 * DAY_MS; t += def.stepMs) {
      perInterval.push(CONSTRAINTS.filter((c) => def.rowExists?.(t, c)).length);
    }
    expect(Math.max(...perInterval)).toBeGreaterThanOrEqual(6);
    expect(perInterval.some((n) => n === 0) || Math.min(...perInterval) <= 1).toBe(true);
  });

  it('binds in the West more at night, and in Houston more on summer afternoons than spring ones', () => {
    for (const id of ['ercot_shadow_prices_sced', 'ercot_shadow_prices_dam']) {
      const def = dataset(id);
      const night = (h: number): boolean => h >= 22 || h < 5;
      const day = (h: number): boolean => h >= 10 && h < 17;
      expect(bindingRate(def, 'west', SPRING, night)).toBeGreaterThan(bindingRate(def, 'west', SPRING, day));
      const afternoon = (h: number): boolean => h >= 14 && h < 18;
      expect(bindingRate(def, 'houston', SUMMER, afternoon)).toBeGreaterThan(
        1.5 * bindingRate(def, 'houston', SPRING, afternoon),
      );
    }
  });

  it('lists rows by constraint name, then contingency, with names as text', () => {
    const def = dataset('ercot_shadow_prices_sced');
    const keys = CONSTRAINTS.map((c) => `${c.name}\u0000${c.contingency}`);
    expect([...keys].sort()).toEqual(keys);
    const row = def.row(Date.UTC(2024, 6, 3, 21), CONSTRAINTS[0] ?? null, null);
    const cols = def.columns.map((c) => c.name);
    expect(row[cols.indexOf('constraint_name')]).toBe(CONSTRAINTS[0]?.name);
    expect(typeof row[cols.indexOf('contingency_name')]).toBe('string');
    expect(row[cols.indexOf('shadow_price')] as number).toBeLessThanOrEqual(
      row[cols.indexOf('max_shadow_price')] as number,
    );
  });
});
