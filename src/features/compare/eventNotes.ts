/**
 * The event finder's events as notes of the Compare view, in one step: each event a range note
 * whose text says what held and its peak (`A - B above 50 $/MWh, peak 212.4 at 2025-07-01 17:35 CDT`).
 * Adding them again adds only those not there yet (the same start, end and text), so the button
 * can be pressed after the condition or the range changes without doubling the notes.
 */
import type { Annotation } from '@/lib/annotations';
import { annotationInstant } from '@/lib/annotationTimes';
import { formatNumber } from '@/lib/format';
import type { Comparator, Condition, SeriesEvent } from './events';
import { formatExpression } from './expression';

const OP_WORDS: Record<Comparator, string> = {
  '>': 'above',
  '>=': 'at or above',
  '<': 'below',
  '<=': 'at or below',
};

/** What an event's note says: the condition in words, its unit, and the peak with its time. */
export function eventNoteText(
  event: SeriesEvent,
  condition: Condition,
  unit: string | null,
  formatTime: (ms: number) => string,
): string {
  const right = formatExpression(condition.right);
  const peak = formatNumber(event.peak);
  return `${formatExpression(condition.left)} ${OP_WORDS[condition.op]} ${right}${unit ? ` ${unit}` : ''}, peak ${peak} at ${formatTime(event.peakAt)}`;
}

const sameNote = (a: Annotation, b: Annotation): boolean =>
  a.start === b.start && a.end === b.end && a.text === b.text;

/** `existing` with a range note for each event not already among them, and how many were added. */
export function addEventNotes(
  existing: readonly Annotation[],
  events: readonly SeriesEvent[],
  textOf: (event: SeriesEvent) => string,
  newId: () => string,
): { notes: Annotation[]; added: number } {
  const notes = [...existing];
  let added = 0;
  for (const event of events) {
    const note = {
      id: '',
      start: annotationInstant(event.start),
      end: annotationInstant(event.end),
      text: textOf(event),
    };
    if (notes.some((n) => sameNote(n, note))) continue;
    notes.push({ ...note, id: newId() });
    added++;
  }
  return { notes, added };
}
