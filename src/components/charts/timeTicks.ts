import { DAY_MS as DAY, HOUR_MS as HOUR, MINUTE_MS as MINUTE, wallToInstant, zoneOffsetMs } from '@/time';

/** Tick spacings a reader expects on a time axis, finest first. */
const TICK_STEPS = [
  MINUTE,
  5 * MINUTE,
  15 * MINUTE,
  30 * MINUTE,
  HOUR,
  3 * HOUR,
  6 * HOUR,
  12 * HOUR,
  DAY,
  2 * DAY,
  7 * DAY,
  14 * DAY,
  30 * DAY,
  91 * DAY,
  182 * DAY,
  365 * DAY,
];

/**
 * About `count` ticks between `lo` and `hi` (epoch ms) on whole minutes, hours or days of the
 * wall clock in `timeZone` (default UTC): market midnight and round hours of the chosen zone, not
 * 19:00 CDT because it is midnight in UTC.
 */
export function timeTicks(lo: number, hi: number, count = 6, timeZone = 'UTC'): number[] {
  if (!Number.isFinite(lo) || !Number.isFinite(hi) || hi <= lo) return Number.isFinite(lo) ? [lo] : [];
  const step = TICK_STEPS.find((s) => (hi - lo) / s <= count) ?? Math.ceil((hi - lo) / count / DAY) * DAY;
  const ticks: number[] = [];
  // Counted on the zone's wall clock (as if it were UTC), each turned back into an instant, so a
  // day tick stays at midnight across a 23- or 25-hour day.
  const wallLo = lo + zoneOffsetMs(lo, timeZone);
  const wallHi = hi + zoneOffsetMs(hi, timeZone);
  for (let wall = Math.ceil(wallLo / step) * step; wall <= wallHi + HOUR; wall += step) {
    const t = wallToInstant(wall, timeZone);
    if (t >= lo && t <= hi && t !== ticks[ticks.length - 1]) ticks.push(t);
  }
  return ticks;
}
