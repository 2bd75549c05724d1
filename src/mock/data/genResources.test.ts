import fc from 'fast-check';
import { DAY_MS, FIVE_MINUTES_MS, MINUTE_MS } from '@/time';
import { getDataset } from './catalog';
import { DATA_START } from './climate';
import { fuelMixAt, FUEL_COLUMNS } from './fuelMix';
import { FLEET_SIZED_THROUGH, type Fuel, FUEL_COLUMN_OF_FUEL, genResources } from './genResources';

const def = getDataset('ercot_sced_gen_resource_60_day');
if (!def) throw new Error('no disclosure dataset');
const cols = def.columns.map((c) => c.name);
const at = (name: string): number => cols.indexOf(name);

describe('the 60-day generation fleet', () => {
  it('is a few hundred uniquely named resources, sorted by name bytes', () => {
    const names = genResources().map((r) => r.name);
    expect(names.length).toBeGreaterThan(300);
    expect(new Set(names).size).toBe(names.length);
    expect([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))).toEqual(names);
  });

  it('adds up, type by type, to the fuel mix of the same interval (within 3 %)', () => {
    const byFuel = new Map<string, number>();
    for (const t of [Date.UTC(2024, 0, 12, 8), Date.UTC(2024, 6, 20, 21, 35), Date.UTC(2025, 3, 2, 3, 10)]) {
      byFuel.clear();
      for (const r of genResources()) {
        const out = def.row(t, r, null)[at('telemetered_net_output')] as number;
        const fuel = FUEL_COLUMN_OF_FUEL[r.fuel];
        byFuel.set(fuel, (byFuel.get(fuel) ?? 0) + out);
      }
      const mix = fuelMixAt(t);
      const mixOf: Record<(typeof FUEL_COLUMNS)[number], number> = {
        coal_and_lignite: mix.coal,
        hydro: mix.hydro,
        nuclear: mix.nuclear,
        power_storage: mix.storage,
        solar: mix.solar,
        wind: mix.wind,
        natural_gas: mix.gas,
        other: mix.other,
      };
      for (const fuel of FUEL_COLUMNS) {
        const want = mixOf[fuel];
        // Telemetry carries meter noise around the base point: a few MW per resource.
        expect(Math.abs((byFuel.get(fuel) ?? 0) - want)).toBeLessThanOrEqual(
          Math.max(60, 0.03 * Math.abs(want)),
        );
      }
    }
  });

  it('keeps each row within its own limits, and names a status the output agrees with', () => {
    for (let t = Date.UTC(2024, 7, 1, 5); t < Date.UTC(2024, 7, 1, 5) + DAY_MS; t += 97 * 5 * MINUTE_MS) {
      for (const r of genResources()) {
        const row = def.row(t, r, null);
        const n = (c: string): number => row[at(c)] as number;
        expect(n('lsl')).toBeLessThanOrEqual(n('hsl'));
        expect(n('base_point')).toBeLessThanOrEqual(n('hsl') + 0.01);
        expect(n('base_point')).toBeGreaterThanOrEqual(n('lsl') - 0.01);
        if (row[at('telemetered_resource_status')] !== 'ON') expect(n('base_point')).toBe(0);
        expect(row[at('resource_name')]).toBe(r.name);
      }
    }
  });

  it('never dispatches or meters a unit outside its limits, at any interval the fleet is sized for', () => {
    const intervals = Math.floor((FLEET_SIZED_THROUGH - DATA_START) / FIVE_MINUTES_MS);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: intervals - 1 }),
        fc.integer({ min: 0, max: genResources().length - 1 }),
        (i, k) => {
          const r = genResources()[k];
          if (!r) return;
          const row = def.row(DATA_START + i * FIVE_MINUTES_MS, r, null);
          const n = (c: string): number => row[at(c)] as number;
          expect(n('lsl')).toBeLessThanOrEqual(n('base_point'));
          expect(n('base_point')).toBeLessThanOrEqual(n('hsl'));
          // Only storage (charging) meters below zero.
          expect(n('telemetered_net_output')).toBeGreaterThanOrEqual(r.fuel === 'storage' ? n('lsl') : 0);
          expect(n('telemetered_net_output')).toBeLessThanOrEqual(n('hsl'));
        },
      ),
      { numRuns: 3000 },
    );
  });

  it("has, fuel by fuel, the capacity for the fuel mix's peak through the time it is sized for", () => {
    const capacity = new Map<Fuel, number>();
    for (const r of genResources()) capacity.set(r.fuel, (capacity.get(r.fuel) ?? 0) + r.capacity);
    const fuels = [...capacity.keys()];
    const peak = new Map<Fuel, number>(fuels.map((f) => [f, -Infinity]));
    for (let t = DATA_START; t < FLEET_SIZED_THROUGH; t += FIVE_MINUTES_MS) {
      const mix = fuelMixAt(t);
      for (const f of fuels) if (mix[f] > (peak.get(f) ?? 0)) peak.set(f, mix[f]);
    }
    for (const f of fuels) expect(capacity.get(f), f).toBeGreaterThanOrEqual(peak.get(f) ?? Infinity);
  });
});
