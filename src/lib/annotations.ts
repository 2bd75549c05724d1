/**
 * A note an analyst pins to an instant or a time range of a view (issue 28): saved with the view,
 * drawn on every time chart of that view that covers its time, written into the workspace file
 * and the export sidecar. Times are UTC instants (ISO 8601 with `Z`), as the API writes them, so a
 * note means the same moment in every time zone the view is shown in.
 */
export interface Annotation {
  /** Stable within its view (a random id), so edits and deletions find it. */
  id: string;
  /** The instant, or the range's start: `2026-11-18T06:00:00Z`. */
  start: string;
  /** The range's end (exclusive), or null for a note on one instant. */
  end: string | null;
  /** What the analyst wrote, shown as text (never markup). */
  text: string;
}

/** The longest note kept: a note is a line or two beside a chart, not a document. */
export const MAX_ANNOTATION_TEXT = 500;

/** A note's start and end in epoch ms (the end equals the start for an instant). */
export function annotationSpan(note: Annotation): { start: number; end: number } {
  const start = Date.parse(note.start);
  return { start, end: note.end === null ? start : Date.parse(note.end) };
}

/** The notes whose time overlaps [fromMs, toMs]: an instant inside it, or a range that meets it. */
export function annotationsWithin(
  annotations: readonly Annotation[],
  fromMs: number,
  toMs: number,
): Annotation[] {
  return annotations.filter((note) => {
    const { start, end } = annotationSpan(note);
    return Number.isFinite(start) && Number.isFinite(end) && start <= toMs && end >= fromMs;
  });
}
