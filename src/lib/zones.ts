/**
 * Zone arithmetic, once for the app: the offset of a time zone at an instant, and the instant a
 * wall-clock time happens in a zone (the market's days are 23 or 25 hours on DST changes, so days
 * are counted in the zone, never as 24 h). Intl-based; formats are cached per zone.
 */

const offsetFormats = new Map<string, Intl.DateTimeFormat>();
function offsetFormat(zone: string): Intl.DateTimeFormat {
  let format = offsetFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    offsetFormats.set(zone, format);
  }
  return format;
}

/** Offset of `zone` from UTC at an instant, in ms (negative west of Greenwich). */
export function zoneOffsetMs(ms: number, zone: string): number {
  const parts: Partial<Record<string, string>> = {};
  for (const p of offsetFormat(zone).formatToParts(ms)) parts[p.type] = p.value;
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
 * (`Date.UTC(2025, 2, 9, 0)` for midnight of 9 March). A time skipped by a DST change resolves
 * to the instant after the gap.
 */
export function wallToInstant(wallMs: number, zone: string): number {
  const guess = wallMs - zoneOffsetMs(wallMs, zone);
  return wallMs - zoneOffsetMs(guess, zone);
}

/** `2025-07-15T05:00:00+00:00`: an instant as the API writes UTC times. */
export function isoUtc(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, '+00:00');
}
