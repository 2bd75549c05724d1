/**
 * How far a forecast has been from the load so far: MAE and MAPE over the hours whose actual load
 * is complete (every 5-minute interval of the hour held), the actual being the hour's mean, as the
 * hourly forecast means it.
 */
import type { Point } from '@/lib/decimate';
import { HOUR_MS } from '@/time';
import { hourOf } from './marketDayParams';

export interface ForecastError {
  /** Mean absolute error, MW. */
  mae: number;
  /** Mean absolute percentage error, as a fraction of the actual. */
  mape: number;
  /** Hours compared. */
  hours: number;
}

/** The mean of each hour whose `perHour` intervals are all present. */
export function completeHourMeans(actual: readonly Point[], perHour: number): Map<number, number> {
  const sums = new Map<number, { sum: number; n: number }>();
  for (const p of actual) {
    const h = hourOf(p.x);
    const s = sums.get(h) ?? { sum: 0, n: 0 };
    s.sum += p.y;
    s.n += 1;
    sums.set(h, s);
  }
  const means = new Map<number, number>();
  for (const [h, s] of sums) if (s.n === perHour) means.set(h, s.sum / s.n);
  return means;
}

/** The error of an hourly forecast against complete hourly means; null when no hour has both. */
export function forecastError(
  hourlyActual: ReadonlyMap<number, number>,
  forecast: readonly Point[],
): ForecastError | null {
  let abs = 0;
  let pct = 0;
  let hours = 0;
  for (const f of forecast) {
    const a = hourlyActual.get(f.x);
    if (a === undefined || a === 0) continue;
    abs += Math.abs(f.y - a);
    pct += Math.abs(f.y - a) / Math.abs(a);
    hours += 1;
  }
  return hours === 0 ? null : { mae: abs / hours, mape: pct / hours, hours };
}

export const INTERVALS_PER_HOUR = HOUR_MS / (5 * 60_000);
