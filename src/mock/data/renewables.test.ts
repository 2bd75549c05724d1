import { DATASET_IDS } from '@/contract';
import { HOUR_MS, MINUTE_MS, marketMidnight } from '@/time';
import { getDataset } from './catalog';
import { fuelMixAt } from './fuelMix';
import { round2 } from './noise';
import type { DatasetDef, Millis, RawCell } from './types';

const NOW = Date.UTC(2025, 6, 15, 20, 7, 13);

function dataset(id: string): DatasetDef {
  const def = getDataset(id);
  if (!def) throw new Error(`no ${id}`);
  return def;
}

/** The row as a record of column → cell. */
function record(def: DatasetDef, t: Millis, publish: Millis): Record<string, RawCell> {
  const row = def.row(t, null, publish);
  return Object.fromEntries(def.columns.map((c, i) => [c.name, row[i] ?? null]));
}

const num = (v: RawCell | undefined): number => {
  if (typeof v !== 'number') throw new Error(`expected a number, got ${String(v)}`);
  return v;
};

/** Hourly mean of the fuel mix's column over the hour's twelve 5-minute intervals. */
function fuelMixMean(kind: 'solar' | 'wind', t: Millis): number {
  let sum = 0;
  for (let k = 0; k < 12; k++) sum += fuelMixAt(t + k * 5 * MINUTE_MS)[kind];
  return round2(sum / 12);
}

const KINDS = [
  {
    kind: 'solar' as const,
    system: dataset(DATASET_IDS.solarActualAndForecast),
    geo: dataset(DATASET_IDS.solarByGeoRegion),
    forecast: 'stppf',
  },
  {
    kind: 'wind' as const,
    system: dataset(DATASET_IDS.windActualAndForecast),
    geo: dataset(DATASET_IDS.windByGeoRegion),
    forecast: 'stwpf',
  },
];

/** Hours spread over two years, at every time of day. */
const HOURS = Array.from({ length: 60 }, (_, i) => Date.UTC(2024, 0, 3) + i * 293 * HOUR_MS);

describe.each(KINDS)('$kind actual and forecast reports', ({ kind, system, geo, forecast }) => {
  it('publishes every hour at ten past: 48 hours of actuals back and 168 hours ahead', () => {
    const t = Date.UTC(2025, 2, 10, 15);
    const vintages = system.vintages?.(t, NOW) ?? [];
    expect(vintages).toHaveLength(216);
    expect(vintages.every((p) => new Date(p).getUTCMinutes() === 10)).toBe(true);
    expect(vintages[0]).toBe(t - 167 * HOUR_MS + 10 * MINUTE_MS);
    expect(vintages.at(-1)).toBe(t + 48 * HOUR_MS + 10 * MINUTE_MS);
    // Near now, only the vintages already published.
    const soon = Date.UTC(2025, 6, 16, 3);
    expect(system.vintages?.(soon, NOW).at(-1)).toBe(Date.UTC(2025, 6, 15, 19, 10));
  });

  it('fills the actuals only for hours that had ended at publication, as the hourly mean of the fuel mix', () => {
    for (const t of HOURS) {
      const vintages = system.vintages?.(t, NOW) ?? [];
      for (const p of [vintages[0], vintages[166], vintages[167], vintages[200], vintages.at(-1)]) {
        if (p === undefined) continue;
        const r = record(system, t, p);
        if (t + HOUR_MS <= p) {
          expect(r.gen_system_wide).toBe(fuelMixMean(kind, t));
          expect(num(r.hsl_system_wide)).toBeGreaterThanOrEqual(num(r.gen_system_wide));
        } else {
          expect(r.gen_system_wide).toBeNull();
          expect(r.hsl_system_wide).toBeNull();
        }
        expect(num(r[`${forecast}_system_wide`])).toBeGreaterThanOrEqual(0);
      }
    }
  });

  it('forecasts closer to the potential as the hour nears', () => {
    const error = (lead: number): number => {
      let sum = 0;
      for (const t of HOURS) {
        const p = t - lead * HOUR_MS + 10 * MINUTE_MS;
        const hsl = num(record(system, t, t + 2 * HOUR_MS + 10 * MINUTE_MS).hsl_system_wide);
        sum += Math.abs(num(record(system, t, p)[`${forecast}_system_wide`]) - hsl);
      }
      return sum / HOURS.length;
    };
    expect(error(1)).toBeLessThan(error(48));
    expect(error(48)).toBeLessThan(error(160));
  });

  it('adds the regions up to the system and agrees with the system report', () => {
    const regions = geo.columns.filter((c) => c.name.startsWith('gen_') && c.name !== 'gen_system_wide');
    for (const t of HOURS) {
      const p = t + 5 * HOUR_MS + 10 * MINUTE_MS;
      const g = record(geo, t, p);
      const s = record(system, t, p);
      for (const name of ['gen', 'cop_hsl', forecast]) {
        expect(g[`${name}_system_wide`]).toBe(s[`${name}_system_wide`]);
        const sum = regions.reduce((acc, c) => acc + num(g[c.name.replace(/^gen_/, `${name}_`)]), 0);
        expect(Math.abs(sum - num(g[`${name}_system_wide`]))).toBeLessThan(0.05);
      }
    }
  });

  if (kind === 'solar') {
    it('is zero at night, actual and forecast', () => {
      const night = marketMidnight('2025-03-04') + 2 * HOUR_MS;
      const r = record(geo, night, night + 3 * HOUR_MS + 10 * MINUTE_MS);
      for (const c of geo.columns) if (c.type === 'DOUBLE PRECISION') expect(r[c.name]).toBe(0);
    });
  } else {
    it("splits the system into the report's load zones", () => {
      for (const t of HOURS) {
        const r = record(system, t, t + 3 * HOUR_MS + 10 * MINUTE_MS);
        const zones = ['lz_south_houston', 'lz_west', 'lz_north'].map((z) => num(r[`gen_${z}`]));
        expect(Math.abs(zones.reduce((a, b) => a + b, 0) - num(r.gen_system_wide))).toBeLessThan(0.05);
      }
    });

    it('names each load-zone column after what fills it: the sum of the same column of its regions', () => {
      const zones = {
        lz_south_houston: ['coastal', 'south'],
        lz_west: ['panhandle', 'west'],
        lz_north: ['north'],
      };
      for (const t of HOURS) {
        const p = t + 2 * HOUR_MS + 10 * MINUTE_MS;
        const s = record(system, t, p);
        const g = record(geo, t, p);
        for (const [zone, regions] of Object.entries(zones)) {
          for (const q of ['gen', 'cop_hsl', 'stwpf', 'wgrpp']) {
            const sum = regions.reduce((acc, region) => acc + num(g[`${q}_${region}`]), 0);
            expect(Math.abs(num(s[`${q}_${zone}`]) - sum), `${q}_${zone}`).toBeLessThan(0.011);
          }
        }
      }
    });
  }
});
