/**
 * A resolved IANA zone for the query engine (contract §6.1): offsets, wall-clock conversion and
 * `_local` formatting. Formatting 100k `_local` values must be fast, so a zone's UTC offset is
 * asked of Intl once per hour (per minute only inside an hour that holds a transition) and cached.
 * The market zone, US/Central, is computed in closed form from 2007 on (`centralTime.ts`) and asks
 * Intl only before that: a demo engine worker's first query then does not wait for Intl's zone
 * data to load (20–30 ms).
 */
import { CENTRAL_TIME_ZONE, CLOSED_FORM_FROM, centralOffsetMinutes } from './centralTime';
import { HOUR_MS as HOUR, MINUTE_MS as MINUTE } from './constants';
import { formatWithOffset } from './isoFormat';
import type { ParsedTimestamp } from './timestamp';

// Caches are bounded so that a long-running mock asked about many zones does not grow forever.
const CACHE_LIMIT = 200_000;

/** A resolved zone: offsets (cached), wall-clock conversion and formatting. */
export class Zone {
  readonly name: string;
  readonly isUtc: boolean;
  /** Made on first use: a zone computed in closed form may never need it. */
  private format: Intl.DateTimeFormat | null = null;
  private readonly closedForm: boolean;
  private readonly hourOffsets = new Map<number, number>();
  private readonly minuteOffsets = new Map<number, number>();

  constructor(name: string, isUtc: boolean) {
    this.name = name;
    this.isUtc = isUtc;
    this.closedForm = name === CENTRAL_TIME_ZONE;
  }

  private intl(): Intl.DateTimeFormat {
    this.format ??= new Intl.DateTimeFormat('en-US', {
      timeZone: this.name,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      era: 'short',
    });
    return this.format;
  }

  /** Offset from Intl, uncached. */
  private rawOffset(ms: number): number {
    if (this.isUtc) return 0;
    const at = Math.floor(ms / 1000) * 1000;
    const f: Record<string, string> = {};
    for (const part of this.intl().formatToParts(at)) f[part.type] = part.value;
    let year = Number(f.year);
    if (f.era === 'BC' || f.era === 'B') year = 1 - year;
    const wall = new Date(0).setUTCFullYear(year, Number(f.month) - 1, Number(f.day));
    const local = wall + Number(f.hour) * HOUR + Number(f.minute) * MINUTE + Number(f.second) * 1000;
    return Math.round((local - at) / MINUTE);
  }

  /** Minutes to add to UTC to get the zone's wall clock at `ms`. */
  offsetMinutes(ms: number): number {
    if (this.isUtc) return 0;
    if (this.closedForm && ms >= CLOSED_FORM_FROM) return centralOffsetMinutes(ms);
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
  fromWall(wall: number): number {
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
  toWall(ms: number): number {
    return ms + this.offsetMinutes(ms) * MINUTE;
  }

  formatLocal(ms: number): string {
    return formatWithOffset(ms, this.offsetMinutes(ms));
  }

  /** A parsed timestamp as an instant: its own offset when written, else read in this zone. */
  instant(ts: ParsedTimestamp): number {
    return ts.offsetMinutes === null ? this.fromWall(ts.wall) : ts.wall - ts.offsetMinutes * MINUTE;
  }
}
