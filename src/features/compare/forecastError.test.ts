import fc from 'fast-check';
import { HOUR_MS } from '@/time';
import { errorByLead, errorSummary, leadHoursOf, pickAtLead } from './forecastError';
import { buildGrid } from './grid';

const grid = buildGrid('2025-07-01', '2025-07-01', '1h', 'US/Central');
const t0 = grid.times[0] ?? 0;

/** Vintages published hourly at HH:30 from 30 h before the day, each forecasting every hour of it. */
const vintages = fc
  .array(fc.integer({ min: 0, max: 54 }), { minLength: 1, maxLength: 30 })
  .map((ks) => [...new Set(ks)].map((k) => t0 - 30 * HOUR_MS + k * HOUR_MS + HOUR_MS / 2));

function rowsOf(published: number[], value: (t: number, p: number) => number) {
  const times: number[] = [];
  const pubs: number[] = [];
  const values: number[] = [];
  for (const p of published)
    for (const t of grid.times)
      if (t > p) {
        times.push(t);
        pubs.push(p);
        values.push(value(t, p));
      }
  return {
    times: Float64Array.from(times),
    published: Float64Array.from(pubs),
    values: Float64Array.from(values),
  };
}

describe('forecast against actual', () => {
  it('at a lead of N hours uses only forecasts published at least N hours before, the newest of them', () => {
    fc.assert(
      fc.property(vintages, fc.integer({ min: 1, max: 48 }), (published, lead) => {
        // A value that names its vintage: the publish time itself.
        const rows = rowsOf(published, (_, p) => p);
        const picked = pickAtLead(rows, lead);
        picked.times.forEach((t, i) => {
          const p = picked.values[i] ?? 0;
          expect(p).toBeLessThanOrEqual(t - lead * HOUR_MS);
          const newer = published.filter((q) => q > p && q <= t - lead * HOUR_MS && t > q);
          expect(newer).toEqual([]);
        });
        // And every interval that has such a forecast gets one.
        for (const t of grid.times) {
          const has = published.some((p) => t > p && p <= t - lead * HOUR_MS);
          expect(picked.times.includes(t)).toBe(has);
        }
      }),
    );
  });

  it('rounds the lead up to whole hours: a forecast from 13:30 for 14:00 is one hour ahead', () => {
    expect(leadHoursOf(Date.UTC(2025, 6, 1, 14), Date.UTC(2025, 6, 1, 13, 30))).toBe(1);
    expect(leadHoursOf(Date.UTC(2025, 6, 2, 13), Date.UTC(2025, 6, 1, 13, 30))).toBe(24);
  });

  it('computes MAE, MAPE and bias against the actual, and the error by lead hour', () => {
    const actual = Float64Array.from(grid.times, () => 100);
    // Every vintage forecasts 100 + (its lead in hours): the error grows by 1 MW per hour of lead.
    const rows = rowsOf([t0 - 30 * HOUR_MS + HOUR_MS / 2], (t, p) => 100 + leadHoursOf(t, p));
    const byLead = errorByLead(rows, grid, actual);
    expect(byLead).toHaveLength(168);
    expect(byLead[29]).toMatchObject({ count: 1, mae: 30, bias: 30, mape: 30 });
    expect(byLead[0]?.count).toBe(0);
    const summary = errorSummary(
      Float64Array.of(110, 90, Number.NaN, 100),
      Float64Array.of(100, 100, 100, 0),
    );
    // Errors +10, −10 and +100; the zero actual counts in MAE and bias but not in MAPE.
    expect(summary).toEqual({ count: 3, mae: 40, bias: 100 / 3, mape: 10 });
  });
});
