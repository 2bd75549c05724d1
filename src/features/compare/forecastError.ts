/**
 * Forecast against actual. Every vintage of a forecast is fetched for the range; for a lead time
 * of N hours each interval takes the latest forecast published at least N hours before the
 * interval starts (what was known N hours ahead), and the error is forecast − actual. The error
 * by lead hour uses every vintage: lead = the whole hours between publication and the interval's
 * start, rounded up (a vintage published at 13:30 forecasts 14:00 one hour ahead).
 */
import { HOUR_MS } from '@/time';
import type { Grid } from './grid';

export const MAX_LEAD_HOURS = 168;

export interface ForecastRows {
  /** Interval start, publish time (epoch ms) and value, one entry per (interval, vintage). */
  times: Float64Array;
  published: Float64Array;
  values: Float64Array;
}

export interface ErrorSummary {
  count: number;
  /** Mean absolute error, in the series' unit. */
  mae: number;
  /** Mean absolute percentage error, %, over intervals whose actual is not zero. */
  mape: number;
  /** Mean error (forecast − actual): positive when the forecast runs high. */
  bias: number;
}

export const leadHoursOf = (interval: number, published: number): number =>
  Math.ceil((interval - published) / HOUR_MS);

/**
 * For each interval, the value of the newest vintage published at least `leadHours` before it
 * starts: what was known that far ahead. Intervals without such a vintage are left out.
 */
export function pickAtLead(
  rows: ForecastRows,
  leadHours: number,
): { times: Float64Array; values: Float64Array } {
  const best = new Map<number, { published: number; value: number }>();
  for (let r = 0; r < rows.times.length; r++) {
    const t = rows.times[r] ?? Number.NaN;
    const p = rows.published[r] ?? Number.NaN;
    const v = rows.values[r] ?? Number.NaN;
    if (Number.isNaN(t) || Number.isNaN(p) || Number.isNaN(v) || p > t - leadHours * HOUR_MS) continue;
    const current = best.get(t);
    if (!current || p > current.published) best.set(t, { published: p, value: v });
  }
  const times = [...best.keys()].sort((x, y) => x - y);
  return {
    times: Float64Array.from(times),
    values: Float64Array.from(times, (t) => best.get(t)?.value ?? Number.NaN),
  };
}

function summarise(errors: readonly { e: number; actual: number }[]): ErrorSummary {
  let abs = 0;
  let sum = 0;
  let pct = 0;
  let pctCount = 0;
  for (const { e, actual } of errors) {
    abs += Math.abs(e);
    sum += e;
    if (actual !== 0) {
      pct += Math.abs(e / actual);
      pctCount++;
    }
  }
  const n = errors.length;
  return {
    count: n,
    mae: n ? abs / n : Number.NaN,
    mape: pctCount ? (100 * pct) / pctCount : Number.NaN,
    bias: n ? sum / n : Number.NaN,
  };
}

/** MAE, MAPE and bias of `forecast` against `actual` on the intervals where both exist. */
export function errorSummary(forecast: Float64Array, actual: Float64Array): ErrorSummary {
  const errors: { e: number; actual: number }[] = [];
  for (let i = 0; i < forecast.length; i++) {
    const f = forecast[i] ?? Number.NaN;
    const a = actual[i] ?? Number.NaN;
    if (!Number.isNaN(f) && !Number.isNaN(a)) errors.push({ e: f - a, actual: a });
  }
  return summarise(errors);
}

/** The summary per lead hour 1…168, from every vintage of every interval with an actual. */
export function errorByLead(rows: ForecastRows, grid: Grid, actual: Float64Array): ErrorSummary[] {
  const index = new Map<number, number>();
  grid.times.forEach((t, i) => index.set(t, i));
  const byLead: { e: number; actual: number }[][] = Array.from({ length: MAX_LEAD_HOURS }, () => []);
  for (let r = 0; r < rows.times.length; r++) {
    const t = rows.times[r] ?? 0;
    const i = index.get(t);
    if (i === undefined) continue;
    const lead = leadHoursOf(t, rows.published[r] ?? 0);
    const a = actual[i] ?? Number.NaN;
    const v = rows.values[r] ?? Number.NaN;
    if (lead < 1 || lead > MAX_LEAD_HOURS || Number.isNaN(a) || Number.isNaN(v)) continue;
    byLead[lead - 1]?.push({ e: v - a, actual: a });
  }
  return byLead.map(summarise);
}
