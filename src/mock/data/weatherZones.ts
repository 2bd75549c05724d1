/**
 * Load by ERCOT weather zone (hourly): the system load of the hour split by shares that drift with
 * the season (the coast's air conditioning in summer) and the weather, so the zones add up to the
 * system load of `ercot_load` at the start of the hour.
 */
import { climate, hourSlot } from './climate';
import { HOUR_MS } from '@/time';
import { loadRaw } from './load';
import { round2, signedNoise } from './noise';
import type { Millis } from './types';

export const WEATHER_ZONES = [
  'coast',
  'east',
  'far_west',
  'north',
  'north_central',
  'south_central',
  'southern',
  'west',
] as const;

const BASE_SHARE = [0.255, 0.032, 0.07, 0.022, 0.28, 0.135, 0.078, 0.024];
const S_ZONE = 41;

const shares = new Float64Array(WEATHER_ZONES.length);

/**
 * Unrounded zone loads (MW) for the hour starting at `t`, written into `target` in
 * `WEATHER_ZONES` order; returns their sum.
 */
export function weatherZoneLoads(t: Millis, target: Float64Array): number {
  const slot = hourSlot(Math.floor(t / HOUR_MS));
  const summer = climate.summer(slot);
  const years = climate.years(slot);
  let sum = 0;
  for (let z = 0; z < WEATHER_ZONES.length; z++) {
    let s = (BASE_SHARE[z] ?? 0) * (1 + 0.04 * signedNoise(S_ZONE + z, t, 2 * 24 * HOUR_MS));
    if (z === 0) s *= 1 + 0.06 * summer;
    // Permian oil and gas load keeps growing.
    if (z === 2) s *= 1 + 0.09 * years;
    shares[z] = s;
    sum += s;
  }
  const load = loadRaw(t);
  for (let z = 0; z < WEATHER_ZONES.length; z++) target[z] = (load * (shares[z] ?? 0)) / sum;
  return load;
}

const scratch = new Float64Array(WEATHER_ZONES.length);

/** The row values after the time columns: the eight zones then `total`, 2 decimals. */
export function weatherZoneValues(t: Millis): number[] {
  weatherZoneLoads(t, scratch);
  const values: number[] = new Array<number>(WEATHER_ZONES.length + 1);
  let total = 0;
  for (let z = 0; z < WEATHER_ZONES.length; z++) {
    const v = round2(scratch[z] ?? 0);
    values[z] = v;
    total += v;
  }
  values[WEATHER_ZONES.length] = round2(total);
  return values;
}
