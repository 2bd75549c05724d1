import { DATASET_IDS } from '@/contract';
import { centralOffsetMinutes, DAY_MS, MINUTE_MS, wallMs } from '@/time';
import { getDataset } from './catalog';
import { constraints } from './shadowPrices';
import type { DatasetDef, Millis } from './types';

const IDS = [DATASET_IDS.shadowPricesSced, DATASET_IDS.shadowPricesDam];

function dataset(id: string): DatasetDef {
  const def = getDataset(id);
  if (!def?.rowExists) throw new Error(`no sparse ${id}`);
  return def;
}

/** The wall-clock hour in Central time (CST or CDT, as the date has it). */
const centralHour = (t: Millis): number => new Date(t + centralOffsetMinutes(t) * MINUTE_MS).getUTCHours();

/** Central midnights of `count` market days from the given date. */
const days = (year: number, month: number, day: number, count: number): Millis[] =>
  Array.from({ length: count }, (_, i) => wallMs(year, month, day + i, 0));

/** Rows per grid point of a region's constraints, over the Central hours of the days that `pick` keeps. */
function bindingRate(def: DatasetDef, region: string, from: Millis[], pick: (h: number) => boolean): number {
  const members = constraints().filter((c) => c.region === region);
  let rows = 0;
  let cells = 0;
  for (const day of from) {
    for (let t = day; t < day + DAY_MS; t += def.stepMs) {
      if (!pick(centralHour(t))) continue;
      for (const m of members) {
        cells++;
        if (def.rowExists?.(t, m)) rows++;
      }
    }
  }
  return rows / cells;
}

const SUMMER = days(2024, 7, 1, 20);
const SPRING = days(2024, 4, 1, 20);
/** Three weeks across the end of daylight-saving time (2024-11-03). */
const AUTUMN = days(2024, 10, 24, 21);

describe('shadow prices of binding constraints', () => {
  it('has several rows in congested intervals and none at all in quiet ones', () => {
    for (const id of IDS) {
      const def = dataset(id);
      const perInterval: number[] = [];
      const from = SUMMER[0] ?? 0;
      for (let t = from; t < from + 3 * DAY_MS; t += def.stepMs) {
        perInterval.push(constraints().filter((c) => def.rowExists?.(t, c)).length);
      }
      expect(Math.max(...perInterval), id).toBeGreaterThanOrEqual(6);
      // Quiet intervals have no rows: the interval is absent from the dataset, not listed empty.
      expect(perInterval.filter((n) => n === 0).length, id).toBeGreaterThanOrEqual(5);
    }
  });

  it('binds in the West more at night, and in Houston more on summer afternoons than spring ones', () => {
    for (const id of IDS) {
      const def = dataset(id);
      const night = (h: number): boolean => h >= 22 || h < 5;
      const day = (h: number): boolean => h >= 10 && h < 17;
      for (const season of [SPRING, AUTUMN]) {
        expect(bindingRate(def, 'west', season, night), id).toBeGreaterThan(
          bindingRate(def, 'west', season, day),
        );
      }
      const afternoon = (h: number): boolean => h >= 14 && h < 18;
      expect(bindingRate(def, 'houston', SUMMER, afternoon), id).toBeGreaterThan(
        1.5 * bindingRate(def, 'houston', SPRING, afternoon),
      );
    }
  });

  it('lists rows by constraint name, then contingency, with names as text', () => {
    const def = dataset(DATASET_IDS.shadowPricesSced);
    const keys = constraints().map((c) => `${c.name}\u0000${c.contingency}`);
    expect([...keys].sort()).toEqual(keys);
    const row = def.row(Date.UTC(2024, 6, 3, 21), constraints()[0] ?? null, null);
    const cols = def.columns.map((c) => c.name);
    expect(row[cols.indexOf('constraint_name')]).toBe(constraints()[0]?.name);
    expect(typeof row[cols.indexOf('contingency_name')]).toBe('string');
    expect(row[cols.indexOf('shadow_price')] as number).toBeLessThanOrEqual(
      row[cols.indexOf('max_shadow_price')] as number,
    );
  });

  it("names the pair's own properties as member attributes, each equal to the cell of every row", () => {
    const expected: Record<string, string[]> = {
      [DATASET_IDS.shadowPricesSced]: [
        'constraint_id',
        'constraint_name',
        'contingency_name',
        'limiting_facility',
        'max_shadow_price',
        'limit',
        'from_station',
        'to_station',
        'from_station_kv',
        'to_station_kv',
        'cct_status',
      ],
      [DATASET_IDS.shadowPricesDam]: [
        'constraint_id',
        'constraint_name',
        'contingency_name',
        'constraint_limit',
        'from_station',
        'to_station',
        'from_station_kv',
        'to_station_kv',
      ],
    };
    for (const id of IDS) {
      const def = dataset(id);
      const attributes = def.columns.filter((c) => def.memberAttribute?.(c.name)).map((c) => c.name);
      expect(attributes, id).toEqual(expected[id]);
      for (const m of constraints()) {
        for (let t = SUMMER[2] ?? 0; t < (SUMMER[2] ?? 0) + DAY_MS; t += 7 * def.stepMs) {
          if (!def.rowExists?.(t, m)) continue;
          const row = def.row(t, m, null);
          def.columns.forEach((c, i) => {
            const read = def.memberAttribute?.(c.name);
            if (read) expect(read(m), `${id} ${c.name}`).toBe(row[i]);
          });
        }
      }
    }
  });
});
