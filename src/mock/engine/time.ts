/**
 * Timestamps and zones for the query engine (contract §6.1): parsing the accepted forms, IANA
 * zones through Intl; timestamps are written by `data/centralTime.ts`. Formatting 100k `_local` values must be
 * fast, so a zone's UTC offset is asked of Intl once per hour (per minute only inside an hour that
 * holds a transition) and cached.
 */
import { formatWithOffset } from '@/contract/centralTime';
import type { Millis } from '@/mock/data/types';
import { invalid } from './rejection';
import { MARKET_TIME_ZONE } from '@/contract';
import { HOUR_MS as HOUR, MINUTE_MS as MINUTE } from '@/contract/time';

/** The market zone of ERCOT; `timezone=market` resolves to it. */
export const MARKET_ZONE = MARKET_TIME_ZONE;

/** A timestamp as written: its wall-clock fields (read as UTC) and its offset when it had one. */
export interface ParsedTimestamp {
  wall: Millis;
  offsetMinutes: number | null;
}

const TIMESTAMP_RE =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?)?(?:([zZ])|([+-])(\d{2}):?(\d{2}))?$/;

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The forms of §6.1, or null when `text` is none of them (the caller answers 422). */
export function parseTimestamp(text: string): ParsedTimestamp | null {
  const m = TIMESTAMP_RE.exec(text.trim());
  if (!m) return null;
  const [, y, mo, d, h = '0', mi = '0', s = '0', frac = '', z, sign, oh, om] = m;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  const hour = Number(h);
  const minute = Number(mi);
  const second = Number(s);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  if (hour > 23 || minute > 59 || second > 59) return null;
  const ms = Number(frac.slice(0, 3).padEnd(3, '0'));
  const wall = Date.UTC(year, month - 1, day, hour, minute, second, ms);
  // Date.UTC maps years 0..99 onto 1900..1999; the regex allows them, so set the year exactly.
  const exact = year < 100 ? new Date(wall).setUTCFullYear(year) : wall;
  let offsetMinutes: number | null = null;
  if (z) offsetMinutes = 0;
  else if (sign && oh && om) {
    if (Number(oh) > 23 || Number(om) > 59) return null;
    offsetMinutes = (sign === '-' ? -1 : 1) * (Number(oh) * 60 + Number(om));
  }
  return { wall: exact, offsetMinutes };
}

// Caches are bounded so that a long-running mock asked about many zones does not grow forever.
const CACHE_LIMIT = 200_000;

/** A resolved zone: offsets (cached), wall-clock conversion and formatting. */
export class Zone {
  readonly name: string;
  readonly isUtc: boolean;
  private readonly format: Intl.DateTimeFormat | null;
  private readonly hourOffsets = new Map<number, number>();
  private readonly minuteOffsets = new Map<number, number>();

  constructor(name: string, isUtc: boolean) {
    this.name = name;
    this.isUtc = isUtc;
    this.format = isUtc
      ? null
      : new Intl.DateTimeFormat('en-US', {
          timeZone: name,
          hourCycle: 'h23',
          year: 'numeric',
          month: 'numeric',
          day: 'numeric',
          hour: 'numeric',
          minute: 'numeric',
          second: 'numeric',
          era: 'short',
        });
  }

  /** Offset from Intl, uncached. */
  private rawOffset(ms: Millis): number {
    if (!this.format) return 0;
    const at = Math.floor(ms / 1000) * 1000;
    const f: Record<string, string> = {};
    for (const part of this.format.formatToParts(at)) f[part.type] = part.value;
    let year = Number(f.year);
    if (f.era === 'BC' || f.era === 'B') year = 1 - year;
    const wall = new Date(0).setUTCFullYear(year, Number(f.month) - 1, Number(f.day));
    const local = wall + Number(f.hour) * HOUR + Number(f.minute) * MINUTE + Number(f.second) * 1000;
    return Math.round((local - at) / MINUTE);
  }

  /** Minutes to add to UTC to get the zone's wall clock at `ms`. */
  offsetMinutes(ms: Millis): number {
    if (this.isUtc) return 0;
    const hour = Math.floor(ms / HOUR);
    let off = this.hourOffsets.get(hour);
    if (off === undefined) {
      const start = this.rawOffset(hour * HOUR);
      const end = this.rawOffset(hour * HOUR + HOUR - 1000);
      off = start === end ? start : Number.NaN;
      if (this.hourOffsets.size > CACHE_LIMIT) this.hourOffsets.clear();
      this.hourOffsets.set(hour, off);
    }
    if (!Number.isNaN(off)) return off;
    // A transition inside this hour: transitions fall on whole minutes.
    const minute = Math.floor(ms / MINUTE);
    let m = this.minuteOffsets.get(minute);
    if (m === undefined) {
      m = this.rawOffset(minute * MINUTE);
      if (this.minuteOffsets.size > CACHE_LIMIT) this.minuteOffsets.clear();
      this.minuteOffsets.set(minute, m);
    }
    return m;
  }

  /**
   * The instant whose wall clock in this zone reads `wall` (wall-clock fields as UTC millis).
   * Ambiguous wall times (fall back) give the earlier instant; wall times inside a gap (spring
   * forward) give the instant right after the gap, so a local midnight that does not exist becomes
   * the first instant of that day.
   */
  fromWall(wall: Millis): Millis {
    if (this.isUtc) return wall;
    const a = this.offsetMinutes(wall);
    const t1 = wall - a * MINUTE;
    const b = this.offsetMinutes(t1);
    const t2 = wall - b * MINUTE;
    const valid = [t1, t2].filter((t) => t + this.offsetMinutes(t) * MINUTE === wall);
    if (valid.length > 0) return Math.min(...valid);
    return wall - Math.min(a, b) * MINUTE;
  }

  /** Wall clock of `ms` in this zone, as UTC millis. */
  toWall(ms: Millis): Millis {
    return ms + this.offsetMinutes(ms) * MINUTE;
  }

  formatLocal(ms: Millis): string {
    return formatWithOffset(ms, this.offsetMinutes(ms));
  }

  /** A parsed timestamp as an instant: its own offset when written, else read in this zone. */
  instant(ts: ParsedTimestamp): Millis {
    return ts.offsetMinutes === null ? this.fromWall(ts.wall) : ts.wall - ts.offsetMinutes * MINUTE;
  }
}

const zones = new Map<string, Zone>();

/**
 * `timezone` as the contract reads it: absent or `UTC` → UTC (no `_local` columns), `market` →
 * `US/Central`, any IANA name Intl knows; anything else → 400.
 */
export function resolveZone(name: string | undefined): Zone {
  const requested = name === undefined || name.trim() === '' ? 'UTC' : name.trim();
  const key = requested.toLowerCase() === 'market' ? MARKET_ZONE : requested;
  const cached = zones.get(key);
  if (cached) return cached;
  if (key.toUpperCase() === 'UTC') {
    const utc = new Zone('UTC', true);
    zones.set(key, utc);
    return utc;
  }
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: key });
  } catch {
    throw invalid(
      `timezone '${requested}' is not a known IANA time zone; use UTC, market or a name such as US/Central.`,
    );
  }
  const zone = new Zone(key, false);
  zones.set(key, zone);
  return zone;
}
