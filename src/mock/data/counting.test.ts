import { DATASETS, getDataset } from './catalog';
import { DAY_MS, HOUR_MS, marketMidnight } from '@/time';
import { DATA_START } from './climate';
import { activeLocationCount, countRows, type RowCount } from './counting';
import { locationDefs } from './locations';
import type { DatasetDef, Millis } from './types';

const NOW = Date.UTC(2025, 6, 15, 20, 7, 13);

function dataset(id: string): DatasetDef {
  const def = getDataset(id);
  if (!def) throw new Error(`no ${id}`);
  return def;
}

/** The rows a query would walk, counted one by one. */
function bruteForce(def: DatasetDef, from: Millis, to: Millis, now: Millis): RowCount {
  let rows = 0;
  let times = 0;
  const series = new Set<string>();
  for (let t = def.firstTime(now); t <= def.lastTime(now); t += def.stepMs) {
    if (t < from || t >= to) continue;
    let here = 0;
    if (def.locations) {
      for (const l of def.locations) {
        const alive = l.firstSeen <= t && (l.retiredAt === null || t < l.retiredAt);
        if (alive && (def.rowExists?.(t, l) ?? true)) {
          here++;
          series.add(l.name);
        }
      }
    } else if (def.vintages) {
      here = def.vintages(t, now).length;
    } else {
      here = 1;
    }
    rows += here;
    if (here > 0) times++;
  }
  return { rows, timeValues: times, subseriesValues: def.locations ? series.size : null };
}

describe('countRows', () => {
  const days = ['2024-03-10', '2024-11-03', '2025-07-14', '2023-01-01'];
  for (const def of DATASETS) {
    if (def.id === 'ercot_real_time_as_monitor') continue;
    for (const day of days) {
      it(`matches enumeration for ${def.id} on ${day}`, () => {
        const from = marketMidnight(day);
        const to = from + 25 * HOUR_MS;
        expect(countRows(def, from, to, NOW)).toEqual(bruteForce(def, from, to, NOW));
        // Ranges that do not sit on the grid.
        expect(countRows(def, from - 7 * 60_000, from + 5 * HOUR_MS + 1, NOW)).toEqual(
          bruteForce(def, from - 7 * 60_000, from + 5 * HOUR_MS + 1, NOW),
        );
      });
    }
  }

  it('counts a location that retires or appears mid-range', () => {
    const def = dataset('ercot_spp_real_time_15_min');
    const retired = locationDefs().find((l) => l.retiredAt !== null);
    const late = locationDefs().find((l) => l.firstSeen > DATA_START);
    if (!retired?.retiredAt || !late) throw new Error('registry lacks retired or late nodes');
    for (const edge of [retired.retiredAt, late.firstSeen]) {
      const from = edge - 5 * HOUR_MS - 15 * 60_000;
      const to = edge + 3 * HOUR_MS;
      const got = countRows(def, from, to, NOW);
      expect(got).toEqual(bruteForce(def, from, to, NOW));
    }
    const before = countRows(def, retired.retiredAt - HOUR_MS, retired.retiredAt, NOW);
    const after = countRows(def, retired.retiredAt, retired.retiredAt + HOUR_MS, NOW);
    expect((before.subseriesValues ?? 0) - (after.subseriesValues ?? 0)).toBeGreaterThanOrEqual(1);
  });

  // The load forecast's window looks ahead only; the solar and wind reports also repeat 48 hours back.
  it.each([
    'ercot_load_forecast_by_forecast_zone',
    'ercot_solar_actual_and_forecast_hourly',
    'ercot_wind_actual_and_forecast_by_geo_region_hourly',
  ])('counts the vintages of %s at the start, in the middle and past now', (id) => {
    const def = dataset(id);
    for (const [from, to] of [
      [DATA_START - DAY_MS, DATA_START + 9 * DAY_MS],
      [Date.UTC(2024, 5, 1), Date.UTC(2024, 5, 12)],
      [NOW - 3 * DAY_MS, NOW + 10 * DAY_MS],
    ] as const) {
      expect(countRows(def, from, to, NOW)).toEqual(bruteForce(def, from, to, NOW));
    }
  });

  it('counts the 10-second monitor from 30 days before now', () => {
    const def = dataset('ercot_real_time_as_monitor');
    const first = def.firstTime(NOW);
    expect(first % 10_000).toBe(0);
    expect(countRows(def, 0, NOW + DAY_MS, NOW).rows).toBe(30 * 8640 + 1);
    expect(countRows(def, first - 5_000, first + 60_000, NOW)).toEqual(
      bruteForce(def, first - 5_000, first + 60_000, NOW),
    );
  });

  it('is empty for ranges outside the data or reversed', () => {
    const def = dataset('ercot_load');
    expect(countRows(def, DATA_START - DAY_MS, DATA_START, NOW).rows).toBe(0);
    expect(countRows(def, NOW + HOUR_MS, NOW + DAY_MS, NOW).rows).toBe(0);
    expect(countRows(def, DATA_START + DAY_MS, DATA_START, NOW).rows).toBe(0);
    expect(
      countRows(dataset('ercot_lmp_by_settlement_point'), NOW + HOUR_MS, NOW + DAY_MS, NOW).subseriesValues,
    ).toBe(0);
  });
});

describe('activeLocationCount', () => {
  it('agrees with countRows on single intervals around retirements and late starts', () => {
    const def = getDataset('ercot_spp_real_time_15_min');
    const locations = def?.locations;
    if (!def || !locations) throw new Error('no price dataset');
    const edges = locationDefs()
      .flatMap((l) => [l.firstSeen, l.retiredAt ?? l.firstSeen])
      .slice(0, 200);
    for (const edge of edges) {
      for (const t of [edge - 15 * 60_000, edge, edge + 15 * 60_000]) {
        expect(activeLocationCount(locations, t)).toBe(countRows(def, t, t + def.stepMs, NOW).rows);
      }
    }
  });
});
