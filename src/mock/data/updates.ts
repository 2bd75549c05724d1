/**
 * Publication runs of the last 7 days (contract §7). Each dataset publishes on its own schedule,
 * and a run inserts exactly the rows that become visible at its time, counted by `countRows`:
 * interval datasets publish each interval as it starts (a disclosure its delay later: the 60-day
 * SCED disclosure publishes an interval 60 days after it starts), a forecast or report publishes a
 * vintage at each publish time of its window (the load forecast every hour at HH:30, 168 hours; the
 * solar and wind reports at HH:10, 48 hours back and 168 ahead), and the day-ahead market publishes
 * the next market day at 13:00 Central.
 */
import type { DatasetUpdate, Order } from '@/contract';
import { DAY_MS, formatUtc, HOUR_MS, marketDayIndex, marketMidnightOfDay, wallMs } from '@/time';
import { activeLocationCount, countRows } from './counting';
import { dayAheadPublishTime } from './schedule';
import type { DatasetDef, Millis } from './types';
import { newestVintageIndex, vintageTime } from './vintageWindow';

const UPDATES_WINDOW_MS = 7 * DAY_MS;

type Schedule = 'interval' | 'vintage' | 'day-ahead';

const schedules = new WeakMap<DatasetDef, Schedule>();

function scheduleOf(def: DatasetDef): Schedule {
  let s = schedules.get(def);
  if (s === undefined) {
    // Datasets whose data runs past now are the day-ahead market's.
    const probe = wallMs(2024, 6, 1, 12);
    s = def.vintageWindow ? 'vintage' : def.lastTime(probe) > probe + HOUR_MS ? 'day-ahead' : 'interval';
    schedules.set(def, s);
  }
  return s;
}

/** Run times in (now − 7 days, now], newest first. */
function runTimes(def: DatasetDef, now: Millis): Millis[] {
  const since = now - UPDATES_WINDOW_MS;
  const first = def.firstTime(now);
  const runs: Millis[] = [];
  switch (scheduleOf(def)) {
    case 'interval': {
      const lag = def.publicationDelayMs ?? 0;
      for (let t = def.lastTime(now); t + lag > since && t >= first; t -= def.stepMs) runs.push(t + lag);
      break;
    }
    case 'vintage': {
      const w = def.vintageWindow;
      if (!w) break;
      for (let j = newestVintageIndex(w, now); j >= 0 && vintageTime(w, j) > since; j--)
        runs.push(vintageTime(w, j));
      break;
    }
    case 'day-ahead':
      for (let day = marketDayIndex(now); ; day--) {
        const at = dayAheadPublishTime(day);
        if (at <= since) break;
        if (at <= now) runs.push(at);
      }
      break;
  }
  return runs;
}

function rowsOfRun(def: DatasetDef, run: Millis, now: Millis): number {
  switch (scheduleOf(def)) {
    case 'interval': {
      // A sparse dataset adds the rows of its interval that exist; a dense one every alive member's.
      const t = run - (def.publicationDelayMs ?? 0);
      if (def.rowExists) return countRows(def, t, t + def.stepMs, now).rows;
      return def.locations ? activeLocationCount(def.locations, t) : 1;
    }
    case 'vintage':
      // What the vintage adds: the rows visible at its publish time and not a moment before.
      return total(def, run) - total(def, run - 1);
    case 'day-ahead': {
      const day = marketDayIndex(run) + 1;
      return countRows(def, marketMidnightOfDay(day), marketMidnightOfDay(day + 1), now).rows;
    }
  }
}

function total(def: DatasetDef, now: Millis): number {
  return countRows(def, def.firstTime(now), def.lastTime(now) + def.stepMs, now).rows;
}

export interface UpdatesOptions {
  /** Newest first (`desc`, the default) or oldest first. */
  order?: Order;
  /** At most this many records, taken after ordering. */
  limit?: number;
}

/** One record per publication run of the last 7 days as of `now` (newest first by default). */
export function datasetUpdates(def: DatasetDef, now: Millis, options: UpdatesOptions = {}): DatasetUpdate[] {
  let runs = runTimes(def, now);
  if (options.order === 'asc') runs.reverse();
  if (options.limit !== undefined) runs = runs.slice(0, Math.max(0, options.limit));
  return runs.map((run) => ({
    id: `${def.id}-${Math.floor(run / 1000)}`,
    dataset: def.id,
    time_utc: formatUtc(run),
    num_rows_inserted: rowsOfRun(def, run, now),
    num_rows_updated: 0,
    is_backfill: false,
  }));
}
