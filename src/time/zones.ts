/**
 * Zone arithmetic through Intl, once for the app: which zones exist, the offset of a zone at an
 * instant, the instant a wall-clock time happens in a zone (the market's days are 23 or 25 hours
 * on DST changes, so days are counted in the zone, never as 24 h), and the parts of an instant
 * shown in a zone. Formats are cached per zone: building one loads ICU's zone data.
 */
import { CENTRAL_TIME_ZONE, CLOSED_FORM_FROM, centralOffsetMinutes, formatCentral } from './centralTime';

/** Whether this runtime's Intl knows `zone` as an IANA name (or `UTC`). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The viewer's own zone, as the browser reports it. */
export function viewerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** The wall-clock fields both formats below read, in 24-hour time. */
const WALL_CLOCK_FIELDS = {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
} as const satisfies Intl.DateTimeFormatOptions;

const formats = new Map<string, Intl.DateTimeFormat>();
/** One cached format per zone and shape: building one loads ICU's data for the zone. */
function wallClockFormat(zone: string | undefined, seconds: boolean, zoneName: boolean): Intl.DateTimeFormat {
  const key = `${zone ?? ''}|${seconds}|${zoneName}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      ...WALL_CLOCK_FIELDS,
      timeZone: zone,
      second: seconds ? '2-digit' : undefined,
      timeZoneName: zoneName ? 'short' : undefined,
    });
    formats.set(key, format);
  }
  return format;
}

/** Offset of `zone` from UTC at an instant, in ms (negative west of Greenwich). */
export function zoneOffsetMs(ms: number, zone: string): number {
  const parts: Partial<Record<string, string>> = {};
  for (const p of wallClockFormat(zone, true, false).formatToParts(ms)) parts[p.type] = p.value;
  const wall = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return wall - Math.floor(ms / 1000) * 1000;
}

/**
 * The instant a wall-clock time happens in `zone`, the wall time given as if it were UTC ms
 * (`wallMs(2025, 3, 9)` for midnight of 9 March). A time skipped by a DST change resolves
 * to the instant after the gap.
 */
export function wallToInstant(wallTime: number, zone: string): number {
  const guess = wallTime - zoneOffsetMs(wallTime, zone);
  return wallTime - zoneOffsetMs(guess, zone);
}

/** An instant as a zone shows it: `2025-07-15`, `15:00` (or `15:00:00`) and `CDT`. */
export interface ZonedParts {
  date: string;
  time: string;
  zoneName: string;
}

/** The parts of an instant in `zone` (an IANA name; undefined for the viewer's own zone). */
export function zonedParts(millis: number, zone: string | undefined, seconds: boolean): ZonedParts {
  // Market times without Intl: the first Intl object of a page loads ICU's zone data on the first
  // screen's critical path, and the closed form is exact for every market time since 2007.
  if (zone === CENTRAL_TIME_ZONE && millis >= CLOSED_FORM_FROM) {
    const iso = formatCentral(millis);
    return {
      date: iso.slice(0, 10),
      time: iso.slice(11, seconds ? 19 : 16),
      zoneName: centralOffsetMinutes(millis) === -300 ? 'CDT' : 'CST',
    };
  }
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const part of wallClockFormat(zone, seconds, true).formatToParts(millis))
    parts[part.type] = part.value;
  const time = [parts.hour, parts.minute, ...(seconds ? [parts.second] : [])].join(':');
  return {
    date: `${parts.year ?? ''}-${parts.month ?? ''}-${parts.day ?? ''}`,
    time,
    zoneName: parts.timeZoneName ?? '',
  };
}
