/** Time zones and the relative time presets: zone arithmetic, preset ranges, the anchor they count from. */
import { bucketOf, type Dataset, type Frequency, type WallClock } from '@/contract';
import { CADENCE_MS } from '@/contract';
import { DAY_MS, HOUR_MS, isTimeZone, wallToInstant, zoneOffsetMs } from '@/time';
import { MARKET_TIME_ZONE } from '@/lib/format';

/** The ranges the query builder offers: relative ones resolved from an anchor, a typed range, or the latest rows. */
export const TIME_PRESETS = [
  'last_hour',
  'last_24h',
  'today',
  'yesterday',
  'last_7d',
  'custom',
  'latest',
] as const;
export type TimePreset = (typeof TIME_PRESETS)[number];

export const TIME_PRESET_LABELS = {
  last_hour: 'Last hour',
  last_24h: 'Last 24 hours',
  today: 'Today (market time)',
  yesterday: 'Yesterday (market time)',
  last_7d: 'Last 7 days',
  custom: 'Custom range',
  latest: 'Latest only',
} as const satisfies Record<TimePreset, string>;

/** Any zone this browser's Intl knows, plus the API's `market`. */
export function isKnownTimeZone(zone: string): boolean {
  return zone === 'market' || zone === 'UTC' || isTimeZone(zone);
}

/** The instant of local midnight starting the day that contains `ms` in `zone`, moved by `days`. */
export function zonedMidnight(ms: number, zone: string, days = 0): number {
  const localDay = Math.floor((ms + zoneOffsetMs(ms, zone)) / DAY_MS);
  return wallToInstant((localDay + days) * DAY_MS, zone);
}

/**
 * The instant relative presets count back from. Decision: the earlier of now and the end of the
 * dataset's data (`latestData` plus one interval, the end being exclusive), so that "last 24
 * hours" of a dataset whose data stops earlier than now (a demo on a fixed clock, a delayed feed)
 * still shows its latest data rather than an empty table.
 */
export function presetAnchor(dataset: Dataset, nowMs: number): number {
  const latest = Date.parse(dataset.latestData);
  if (Number.isNaN(latest)) return nowMs;
  return Math.min(nowMs, latest + CADENCE_MS[dataset.cadence]);
}

export function resolvePreset(
  preset: Exclude<TimePreset, 'custom' | 'latest'>,
  anchor: number,
): [number, number] {
  switch (preset) {
    case 'last_hour':
      return [anchor - HOUR_MS, anchor];
    case 'last_24h':
      return [anchor - DAY_MS, anchor];
    case 'last_7d':
      return [anchor - 7 * DAY_MS, anchor];
    case 'today':
      return [zonedMidnight(anchor - 1, MARKET_TIME_ZONE), zonedMidnight(anchor - 1, MARKET_TIME_ZONE, 1)];
    case 'yesterday':
      return [zonedMidnight(anchor - 1, MARKET_TIME_ZONE, -1), zonedMidnight(anchor - 1, MARKET_TIME_ZONE)];
  }
}

export function zoneLabel(tz: string): string {
  return tz === 'market' ? MARKET_TIME_ZONE : tz;
}

/** The wall clock of a query's zone (`market` is US/Central). */
export function wallClockOf(tz: string): WallClock {
  const zone = zoneLabel(tz);
  return { toWall: (ms) => ms + zoneOffsetMs(ms, zone), fromWall: (wall) => wallToInstant(wall, zone) };
}

/**
 * A relative range moved back to whole resampling buckets (contract §6.5 says where they start):
 * both ends go back to the start of the bucket holding them, so the first bucket is not cut by the
 * range's start and the last one, still filling, is left out. Null when the range is already
 * whole, or when moving it back would leave no whole bucket (the range is shorter than one bucket:
 * it is kept, and its bucket is partial).
 */
export function alignToBuckets(
  range: readonly [number, number],
  frequency: Frequency,
  tz: string,
): [number, number] | null {
  const clock = wallClockOf(tz);
  const start = bucketOf(range[0], frequency, clock).start;
  const end = bucketOf(range[1], frequency, clock).start;
  if (start === range[0] && end === range[1]) return null;
  return end > start ? [start, end] : null;
}
