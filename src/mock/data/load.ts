/**
 * ERCOT system load (MW) on the 5-minute grid: a peak level from the season, the weekend and the
 * weather (`climate.ts`) times an intraday shape that depends on the season (summer: one
 * late-afternoon peak; winter: morning and evening peaks). Both are continuous in time, midnight
 * and the clock changes included.
 */
import { climate, hourSlot } from './climate';
import { DAY_MS, FIVE_MINUTES_MS, HOUR_MS } from '@/time';
import { clamp, gauss2, round2 } from './noise';
import { once } from './once';
import type { Millis } from './types';

const SLOTS_PER_DAY = 288;
/** US/Central standard time is UTC−6. */
const STANDARD_OFFSET = 6 * HOUR_MS;
const S_LOAD_NOISE = 21;

function shapeTable(f: (h: number) => number, min: number): Float64Array {
  const raw = Array.from({ length: SLOTS_PER_DAY }, (_, i) => f(i / 12));
  const lo = Math.min(...raw);
  const hi = Math.max(...raw);
  return Float64Array.from(raw, (v) => min + ((v - lo) / (hi - lo)) * (1 - min));
}

/** A bump at hour `at` of every day: yesterday's evening peak still shows just after midnight. */
const gaussBump = (h: number, at: number, width: number): number =>
  [-24, 0, 24].reduce((sum, day) => sum + Math.exp(-(((h - at - day) / width) ** 2)), 0);
const TAU = Math.PI * 2;

interface IntradayShapes {
  summer: Float64Array;
  winter: Float64Array;
  spring: Float64Array;
}

/**
 * Intraday shapes by local 5-minute slot, scaled so the daily peak is 1: built at the first load
 * value, not when the module loads (the catalog, the first screen, needs none of them).
 */
const intradayShapes = once((): IntradayShapes => ({
  summer: shapeTable(
    (h) => Math.cos((TAU * (h - 16.8)) / 24) + 0.25 * Math.cos((2 * TAU * (h - 16.5)) / 24),
    0.66,
  ),
  winter: shapeTable(
    (h) => 0.85 * gaussBump(h, 7.5, 2) + gaussBump(h, 19, 3) + 0.3 * gaussBump(h, 13, 4),
    0.8,
  ),
  spring: shapeTable((h) => Math.cos((TAU * (h - 17.5)) / 24) + 0.15 * gaussBump(h, 8, 2), 0.78),
}));

/** Unrounded load (MW) at a 5-minute grid point. */
export function loadRaw(t: Millis): number {
  const hourIdx = Math.floor(t / HOUR_MS);
  const slot = hourSlot(hourIdx);
  const next = hourSlot(hourIdx + 1);
  // The state moves from one hour's to the next's across the hour: no step at the top of the hour.
  const f = (t - hourIdx * HOUR_MS) / HOUR_MS;
  const shift = climate.routineShift(slot) + (climate.routineShift(next) - climate.routineShift(slot)) * f;
  const std = t - STANDARD_OFFSET;
  const stdSlot = Math.floor((std - Math.floor(std / DAY_MS) * DAY_MS) / FIVE_MINUTES_MS);
  const daySlot = (stdSlot + Math.round(shift * 12)) % SLOTS_PER_DAY;
  const ws = climate.summer(slot);
  const ww = climate.winter(slot);
  const { summer, winter, spring } = intradayShapes();
  const shape =
    ws * (summer[daySlot] ?? 1) + ww * (winter[daySlot] ?? 1) + (1 - ws - ww) * (spring[daySlot] ?? 1);
  const level = climate.level(slot) + (climate.level(next) - climate.level(slot)) * f;
  let x = level * shape + 140 * gauss2(S_LOAD_NOISE, Math.floor(t / FIVE_MINUTES_MS), 0);
  // Soft limits keep the extremes inside ERCOT's real 35–85 GW envelope without flat tops.
  if (x > 80000) x = 80000 + (x - 80000) * 0.5;
  if (x < 37000) x = 37000 - (37000 - x) * 0.5;
  return clamp(x, 35050, 84950);
}

/** Load (MW, 2 decimals) at a 5-minute grid point: the `load` column of `ercot_load`. */
export function loadAt(t: Millis): number {
  return round2(loadRaw(t));
}
