/**
 * Seven-day hourly load forecast by forecast zone. A vintage is published every hour at HH:30 and
 * covers the 168 hourly intervals from the next full hour. A forecast is the actual zone load plus
 * an error that is smooth along the horizon of one vintage and grows with the lead time.
 */
import { DATA_START } from './climate';
import { HOUR_MS, MINUTE_MS } from '@/time';
import { gauss2, round2, signedNoise } from './noise';
import type { Millis } from './types';
import { newestVintageIndex, vintageTime, type VintageWindow, windowVintages } from './vintageWindow';
import { WEATHER_ZONES, weatherZoneLoads } from './weatherZones';

const FORECAST_ZONES = ['north', 'south', 'west', 'houston'] as const;
export const FORECAST_HORIZON = 168;
/** Vintages are published 30 minutes before the first interval they cover. */
export const PUBLISH_LEAD_MS = 30 * MINUTE_MS;
/** The first vintage: its first interval is the first interval of the data. */
const FIRST_PUBLISH: Millis = DATA_START - PUBLISH_LEAD_MS;

/**
 * The vintage rule, defined once: vintage j (published at FIRST_PUBLISH + j h) covers intervals
 * j … j + 167. The vintages of an interval, the last interval and the row counts all read it.
 */
export const LOAD_FORECAST_WINDOW: VintageWindow = {
  firstPublish: FIRST_PUBLISH,
  stepMs: HOUR_MS,
  before: FORECAST_HORIZON - 1,
  after: 0,
};

/** Weather zone → forecast zone (index into FORECAST_ZONES). */
const ZONE_OF: Record<(typeof WEATHER_ZONES)[number], number> = {
  north_central: 0,
  north: 0,
  east: 0,
  south_central: 1,
  southern: 1,
  west: 2,
  far_west: 2,
  coast: 3,
};
const ZONE_MAP = WEATHER_ZONES.map((z) => ZONE_OF[z]);

/** The newest vintage published at or before `now`. */
export function latestVintage(now: Millis): Millis {
  return vintageTime(LOAD_FORECAST_WINDOW, newestVintageIndex(LOAD_FORECAST_WINDOW, now));
}

/** Vintages of interval `t` as of `now`, ascending. */
export function forecastVintages(t: Millis, now: Millis): Millis[] {
  return windowVintages(LOAD_FORECAST_WINDOW, Math.round((t - DATA_START) / HOUR_MS), now);
}

/** Last interval as of `now`: the newest vintage's horizon. */
export function forecastLastTime(now: Millis): Millis {
  return latestVintage(now) + PUBLISH_LEAD_MS + (FORECAST_HORIZON - 1) * HOUR_MS;
}

const zoneLoads = new Float64Array(WEATHER_ZONES.length);
const actual = new Float64Array(FORECAST_ZONES.length);
let actualKey = NaN;
const S_BIAS = 51;

/** `north, south, west, houston, system_total` of vintage `publish` for interval `t`, 2 decimals. */
export function forecastValues(t: Millis, publish: Millis): number[] {
  // Rows come ordered by interval then vintage, so consecutive calls share the actual loads.
  if (actualKey !== t) {
    weatherZoneLoads(t, zoneLoads);
    actual.fill(0);
    for (let z = 0; z < WEATHER_ZONES.length; z++) {
      const f = ZONE_MAP[z] ?? 0;
      actual[f] = (actual[f] ?? 0) + (zoneLoads[z] ?? 0);
    }
    actualKey = t;
  }
  const vintage = Math.round((publish - FIRST_PUBLISH) / HOUR_MS);
  const leadHours = (t - publish + PUBLISH_LEAD_MS) / HOUR_MS;
  const sigma = 0.006 + 0.00042 * leadHours;
  const values: number[] = new Array<number>(FORECAST_ZONES.length + 1);
  let total = 0;
  for (let f = 0; f < FORECAST_ZONES.length; f++) {
    const stream = 1000 + vintage * 8 + f;
    const err = sigma * (1.2 * signedNoise(stream, t, 12 * HOUR_MS) + 0.5 * gauss2(S_BIAS, vintage, f));
    const v = round2((actual[f] ?? 0) * (1 + err));
    values[f] = v;
    total += v;
  }
  values[FORECAST_ZONES.length] = round2(total);
  return values;
}
