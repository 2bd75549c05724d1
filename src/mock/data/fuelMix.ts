/**
 * Generation by fuel (MW) on the 5-minute grid. Every fuel but natural gas is modelled on its own;
 * gas is the residual that balances `ercot_load.load`, as it does on the real grid, so the columns
 * sum to the load of the same interval.
 */
import {
  climate,
  hourSlot,
  solarCapacity,
  solarFactor,
  standardHour,
  windCapacity,
  windFactor,
} from './climate';
import { DAY_MS, FIVE_MINUTES_MS, HOUR_MS } from '@/time';
import { gauss2, round2, u2, valueNoise } from './noise';
import { loadAt } from './load';
import type { Millis } from './types';

export const FUEL_COLUMNS = [
  'coal_and_lignite',
  'hydro',
  'nuclear',
  'power_storage',
  'solar',
  'wind',
  'natural_gas',
  'other',
] as const;

const S_NUKE = 31;
const S_COAL = 32;
const S_HYDRO = 33;
const S_OTHER = 34;
const S_STORAGE = 35;
const S_HYDRO_LEVEL = 36;
const WEEK_MS = 7 * DAY_MS;

const OUTAGE_MW = 1250;
/** A unit coasts down into its outage, and back up after it, over a day around the week's start. */
const OUTAGE_EASE_MS = 12 * HOUR_MS;
const outageWeek = new Float64Array(4).fill(NaN);
const outageMw = new Float64Array(4);

/**
 * Refuelling outages take one of the four units out for a week or more in spring and autumn: a
 * week's outage is decided once, by the season at its middle, so it never starts mid-week.
 */
function weekOutage(week: number): number {
  const k = week & 3;
  if (outageWeek[k] === week) return outageMw[k] ?? 0;
  const slot = hourSlot(Math.floor((week + 0.5) * (WEEK_MS / HOUR_MS)));
  const season = climate.spring(slot) > 0.8 || (climate.summer(slot) < 0.35 && climate.winter(slot) < 0.05);
  const mw = season && u2(S_NUKE, week, 0) < 0.45 ? OUTAGE_MW : 0;
  outageWeek[k] = week;
  outageMw[k] = mw;
  return mw;
}

/** Nuclear capacity out (MW) at `t`, easing between weeks. */
function nuclearOutage(t: Millis): number {
  const week = Math.floor(t / WEEK_MS);
  const into = t - week * WEEK_MS;
  let from: number;
  let to: number;
  let f: number;
  if (into < OUTAGE_EASE_MS) {
    from = weekOutage(week - 1);
    to = weekOutage(week);
    f = 0.5 + into / (2 * OUTAGE_EASE_MS);
  } else if (into > WEEK_MS - OUTAGE_EASE_MS) {
    from = weekOutage(week);
    to = weekOutage(week + 1);
    f = (into - (WEEK_MS - OUTAGE_EASE_MS)) / (2 * OUTAGE_EASE_MS);
  } else {
    return weekOutage(week);
  }
  return from === to ? to : from + (to - from) * 0.5 * (1 - Math.cos(Math.PI * f));
}

export interface FuelMix {
  load: number;
  coal: number;
  hydro: number;
  nuclear: number;
  storage: number;
  solar: number;
  wind: number;
  gas: number;
  other: number;
}

// One reusable result: the engine scans forward, and fuelMixAt is called once per row.
const out: FuelMix = {
  load: 0,
  coal: 0,
  hydro: 0,
  nuclear: 0,
  storage: 0,
  solar: 0,
  wind: 0,
  gas: 0,
  other: 0,
};
let outKey = NaN;

/**
 * The mix at a 5-minute grid point, rounded to 2 decimals with gas as the residual. The returned
 * object is shared and overwritten by the next call with another `t`.
 */
export function fuelMixAt(t: Millis): Readonly<FuelMix> {
  if (outKey === t) return out;
  const hourIdx = Math.floor(t / HOUR_MS);
  const slot = hourSlot(hourIdx);
  const i5 = Math.floor(t / FIVE_MINUTES_MS);
  const load = loadAt(t);
  const nuclear = 5050 - nuclearOutage(t) + 15 * gauss2(S_NUKE, i5, 1);
  const loadShare = Math.max(0, Math.min(1, (load - 38000) / 42000));
  const coal = 5200 + 8200 * loadShare + 120 * gauss2(S_COAL, hourIdx, 0);
  // River flows drift from day to day.
  const hydro = 60 + 160 * valueNoise(S_HYDRO_LEVEL, t, DAY_MS) + 8 * gauss2(S_HYDRO, i5, 1);
  const other = 90 + 35 * u2(S_OTHER, hourIdx, 0);
  let solar = solarCapacity(slot) * solarFactor(t, slot);
  let wind = windCapacity(slot) * windFactor(t, slot);
  const h = standardHour(t);
  const evening = Math.exp(-(((h - 19) / 1.8) ** 2));
  const midday = solar / Math.max(1, solarCapacity(slot));
  const storageCap = 2500 + 3200 * climate.years(slot);
  const storage = storageCap * (0.6 * evening - 0.45 * midday + 0.04 * gauss2(S_STORAGE, i5, 0));

  // Gas never falls below a reliability floor: surplus wind and then solar are curtailed instead.
  const minGas = 0.12 * load;
  let surplus = nuclear + coal + hydro + other + storage + solar + wind + minGas - load;
  if (surplus > 0) {
    const cutWind = Math.min(surplus, wind * 0.9);
    wind -= cutWind;
    surplus -= cutWind;
    if (surplus > 0) solar -= Math.min(surplus, solar * 0.9);
  }

  out.load = load;
  out.coal = round2(coal);
  out.hydro = round2(hydro);
  out.nuclear = round2(nuclear);
  out.storage = round2(storage);
  out.solar = round2(solar);
  out.wind = round2(wind);
  out.other = round2(other);
  out.gas = round2(
    load - out.coal - out.hydro - out.nuclear - out.storage - out.solar - out.wind - out.other,
  );
  outKey = t;
  return out;
}
