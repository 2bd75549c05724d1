/**
 * The shared "weather and calendar" of the mock grid, per UTC hour: season, temperature anomaly,
 * load level, wind and cloud. Load, fuel mix, forecasts and prices all read it, which is what makes
 * the datasets agree with each other (hot afternoons raise load, load raises prices, windy nights
 * push West prices below zero).
 *
 * Every quantity is a smooth function of time, the season and the weekend included: a level that
 * changed at midnight would show in every dataset as a step no grid makes.
 *
 * Hour states are cached in a small direct-mapped table: they are pure functions of the hour, so
 * the cache never changes a value, it only spares the trigonometry on the next 11 five-minute rows.
 */
import { centralOffsetMinutes, DAY_MS, HOUR_MS, MINUTE_MS, wallMs } from '@/time';
import { clamp, signedNoise, valueNoise } from './noise';
import type { Millis } from './types';

export const DATA_START: Millis = wallMs(2023, 1, 1, 6);
const YEAR_DAYS = 365.2425;
const TAU = Math.PI * 2;
/** US/Central's offset in daylight-saving time. */
const CDT_MINUTES = -300;

const S_HEAT_SLOW = 11;
const S_HEAT_FAST = 12;
const S_WIND_FAST = 13;
const S_WIND_SLOW = 14;
const S_CLOUD = 15;
const S_GAS = 16;

const SIZE = 512;
const keys = new Float64Array(SIZE).fill(NaN);
const localHourArr = new Int8Array(SIZE);
const localDayArr = new Int32Array(SIZE);
const shiftArr = new Float64Array(SIZE);
const summerArr = new Float64Array(SIZE);
const winterArr = new Float64Array(SIZE);
const springArr = new Float64Array(SIZE);
const levelArr = new Float64Array(SIZE);
const yearsArr = new Float64Array(SIZE);
const dayLenArr = new Float64Array(SIZE);
const gasArr = new Float64Array(SIZE);

/** Fraction of the calendar year elapsed (0 = Jan 1) at `t`, continuous (standard time, no DST). */
function yearPhase(t: Millis): number {
  const p = (t - 6 * HOUR_MS) / DAY_MS / YEAR_DAYS;
  return p - Math.floor(p);
}

const isWeekend = (localDay: number): boolean => {
  const dow = (((localDay + 4) % 7) + 7) % 7;
  return dow === 0 || dow === 6;
};

/** Half the time the load takes to settle into or out of the weekend, around midnight. */
const WEEKEND_EASE_HOURS = 6;

/**
 * How much of the weekend's lower demand is in force at local (wall-clock) time `local`: 0 on
 * weekdays, 1 on Saturday and Sunday, easing across the Friday and Sunday nights as offices and
 * plants wind down and start up, rather than stepping at midnight.
 */
function weekendShare(local: Millis): number {
  const midnight = Math.round(local / DAY_MS);
  const before = isWeekend(midnight - 1) ? 1 : 0;
  const after = isWeekend(midnight) ? 1 : 0;
  if (before === after) return after;
  const hours = (local - midnight * DAY_MS) / HOUR_MS;
  const f = clamp((hours + WEEKEND_EASE_HOURS) / (2 * WEEKEND_EASE_HOURS), 0, 1);
  return before + (after - before) * 0.5 * (1 - Math.cos(Math.PI * f));
}

/** Hours the daily routine takes to follow the clock when daylight-saving time starts or ends. */
const CLOCK_EASE_HOURS = 3;

/**
 * Share of the daylight-saving hour the daily routine has taken up at hour start `t`: 0 in standard
 * time, 1 in daylight time, in between for a few hours after the clocks change, so load does not
 * repeat or skip an hour of its shape at 02:00.
 */
function routineShift(t: Millis): number {
  let dst = 0;
  for (let k = 1; k <= CLOCK_EASE_HOURS; k++)
    if (centralOffsetMinutes(t - k * HOUR_MS) === CDT_MINUTES) dst++;
  return dst / CLOCK_EASE_HOURS;
}

/** Slot of the cache holding the state of UTC hour `hourIdx` (= floor(t / 1 h)). */
export function hourSlot(hourIdx: number): number {
  const slot = hourIdx & (SIZE - 1);
  if (keys[slot] === hourIdx) return slot;
  const t = hourIdx * HOUR_MS;
  const local = t + centralOffsetMinutes(t) * MINUTE_MS;
  const localDay = Math.floor(local / DAY_MS);
  const localHour = Math.floor((local - localDay * DAY_MS) / HOUR_MS);
  const phase = yearPhase(t);
  const summer = Math.pow(0.5 * (1 + Math.cos(TAU * (phase - 0.56))), 1.5);
  const winter = Math.pow(Math.max(0, Math.cos(TAU * (phase - 0.04))), 4) * (1 - summer);
  const spring = 0.5 * (1 + Math.cos(TAU * (phase - 0.3)));
  // Positive = hotter than normal. A slow multi-day swing plus a faster diurnal wobble.
  const heat =
    0.8 * signedNoise(S_HEAT_SLOW, t, 3 * DAY_MS) + 0.3 * signedNoise(S_HEAT_FAST, t, 10 * HOUR_MS);
  const years = Math.max(0, (t - DATA_START) / (YEAR_DAYS * DAY_MS));
  let level =
    50000 + 25000 * summer + 12000 * winter + 4500 * summer * heat - 10000 * winter * heat + 1000 * heat;
  level *= (1 - 0.07 * weekendShare(local)) * (1 + 0.022 * years);

  keys[slot] = hourIdx;
  localHourArr[slot] = localHour;
  localDayArr[slot] = localDay;
  shiftArr[slot] = routineShift(t);
  summerArr[slot] = summer;
  winterArr[slot] = winter;
  springArr[slot] = spring;
  levelArr[slot] = level;
  yearsArr[slot] = years;
  dayLenArr[slot] = 12 + 1.8 * Math.cos(TAU * (phase - 0.47));
  gasArr[slot] = 2.0 + 1.6 * valueNoise(S_GAS, t, 14 * DAY_MS);
  return slot;
}

export const climate = {
  localHour: (slot: number): number => localHourArr[slot] ?? 0,
  /** Market day (days since the epoch) of the hour. */
  localDay: (slot: number): number => localDayArr[slot] ?? 0,
  /** Hours the daily routine runs ahead of standard time (0–1, easing after a clock change). */
  routineShift: (slot: number): number => shiftArr[slot] ?? 0,
  summer: (slot: number): number => summerArr[slot] ?? 0,
  winter: (slot: number): number => winterArr[slot] ?? 0,
  spring: (slot: number): number => springArr[slot] ?? 0,
  /** Peak load level (MW) before the intraday shape, at the start of the hour. */
  level: (slot: number): number => levelArr[slot] ?? 0,
  /** Years since the data start: installed solar, storage and load grow with it. */
  years: (slot: number): number => yearsArr[slot] ?? 0,
  dayLength: (slot: number): number => dayLenArr[slot] ?? 12,
  /** Natural gas price ($/MMBtu), the main driver of the marginal energy price. */
  gasPrice: (slot: number): number => gasArr[slot] ?? 3,
};

/** Local hour as a fraction of a day in standard time (no DST), where the sun keeps its clock. */
export function standardHour(t: Millis): number {
  const std = t - 6 * HOUR_MS;
  return (std - Math.floor(std / DAY_MS) * DAY_MS) / HOUR_MS;
}

/** Wind capacity factor (0–1): stronger at night and in spring, drifting with the weather. */
export function windFactor(t: Millis, slot: number): number {
  const h = standardHour(t);
  const night = 0.5 * (1 + Math.cos((TAU * (h - 3)) / 24));
  const cf =
    0.3 +
    0.13 * climate.spring(slot) -
    0.07 * climate.summer(slot) +
    0.12 * night +
    0.22 * signedNoise(S_WIND_FAST, t, 9 * HOUR_MS) +
    0.1 * signedNoise(S_WIND_SLOW, t, 2 * DAY_MS);
  return clamp(cf, 0.03, 0.8);
}

/** Installed wind capacity (MW). */
export function windCapacity(slot: number): number {
  return 37000 + 1500 * climate.years(slot);
}

/** Solar output as a fraction of installed capacity: zero from sunset to sunrise. */
export function solarFactor(t: Millis, slot: number): number {
  const dayLen = climate.dayLength(slot);
  const x = (standardHour(t) - (12.55 - dayLen / 2)) / dayLen;
  if (x <= 0 || x >= 1) return 0;
  const clear = 0.35 + 0.65 * Math.sqrt(valueNoise(S_CLOUD, t, 30 * HOUR_MS));
  return 0.82 * Math.pow(Math.sin(Math.PI * x), 1.4) * clear * (0.9 + 0.1 * climate.summer(slot));
}

export function solarCapacity(slot: number): number {
  return 15000 + 6500 * climate.years(slot);
}
