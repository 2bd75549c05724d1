/**
 * The times of annotations as the app reads and writes them: the UTC instant a note is stored at,
 * a wall time typed in the page's zone and back, and the one order notes are numbered in, so the
 * marker "2" on a chart is the second note of the list beside it.
 */
import { MINUTE_MS, parseTimestamp, viewerTimeZone, wallToInstant } from '@/time';
import { annotationSpan, type Annotation } from './annotations';
import { formatTimestamp, resolveTimeZone } from './format';

/** `2026-11-18T06:00:00Z`: how a note's time is stored (to the second, UTC). */
export function annotationInstant(ms: number): string {
  return `${new Date(Math.floor(ms / 1000) * 1000).toISOString().slice(0, 19)}Z`;
}

/** The notes by start, then end, then text: the order lists show them and charts number them in. */
export function orderedAnnotations(notes: readonly Annotation[]): Annotation[] {
  return [...notes].sort((a, b) => {
    const x = annotationSpan(a);
    const y = annotationSpan(b);
    return x.start - y.start || x.end - y.end || (a.text < b.text ? -1 : a.text > b.text ? 1 : 0);
  });
}

/** The IANA zone a page's `timeZone` setting stands for (`market`, `local` or a name). */
const zoneOf = (timeZone: string): string => resolveTimeZone(timeZone) ?? viewerTimeZone();

/**
 * A typed time (`2026-11-18 06:00`, `2026-11-18`, or with an offset) as an instant, the wall time
 * read in `timeZone`; null when it is not a real date and time.
 */
export function parseWallTime(text: string, timeZone: string): number | null {
  const parsed = parseTimestamp(text);
  if (parsed === null) return null;
  if (parsed.offsetMinutes !== null) return parsed.wall - parsed.offsetMinutes * MINUTE_MS;
  return wallToInstant(parsed.wall, zoneOf(timeZone));
}

/** An instant as the time fields show it, the wall time of `timeZone`: `2026-11-18 06:00`. */
export function wallTimeText(ms: number, timeZone: string): string {
  return formatTimestamp(ms, { timeZone, zoneName: false });
}

/** A note's time in words, in the page's zone: `2026-11-18 06:00 CST` or `… 06:00 CST – … 09:00 CST`. */
export function annotationTimeText(note: Annotation, timeZone: string): string {
  const { start, end } = annotationSpan(note);
  const from = formatTimestamp(start, { timeZone });
  return note.end === null ? from : `${from} – ${formatTimestamp(end, { timeZone })}`;
}
