import { useEffect, useState } from 'react';
import { annotationSpan, type Annotation } from '@/lib/annotations';
import {
  annotationInstant,
  annotationTimeText,
  orderedAnnotations,
  wallTimeText,
} from '@/lib/annotationTimes';
import { readActiveView, updateActiveView, useActiveAnnotations } from '@/workspace/activeView';
import type { ViewKind } from '@/workspace/types';
import { EMPTY_DRAFT, NoteForm, type NoteDraft, type NoteValue } from './NoteForm';
import styles from './AnnotationsPanel.module.css';

interface Props {
  /** The page whose open view holds the notes. */
  kind: ViewKind;
  /** The page's time zone setting (`market`, `local` or an IANA name): times are shown and typed in it. */
  timeZone: string;
  /** The time the page's chart shows (epoch ms): notes outside it are said to be. Null when unknown. */
  range?: { from: number; to: number } | null;
}

/** How long "Undo" stays after a note is deleted. */
const UNDO_MS = 10_000;

const zoneText = (timeZone: string): string =>
  timeZone === 'market'
    ? 'Times are market time (US/Central).'
    : timeZone === 'local'
      ? 'Times are your own time zone.'
      : `Times are ${timeZone}.`;

function newNoteId(): string {
  return crypto.randomUUID();
}

function noteOf(value: NoteValue, id: string): Annotation {
  return {
    id,
    start: annotationInstant(value.start),
    end: value.end === null ? null : annotationInstant(value.end),
    text: value.text,
  };
}

function draftOf(note: Annotation, timeZone: string): NoteDraft {
  const { start, end } = annotationSpan(note);
  return {
    range: note.end !== null,
    start: wallTimeText(start, timeZone),
    end: note.end === null ? '' : wallTimeText(end, timeZone),
    text: note.text,
  };
}

/** The notes stored for `kind` now: read at the moment of a change, so two quick edits both count. */
const current = (kind: ViewKind): Annotation[] => readActiveView(kind).annotations;

/**
 * The notes of the page's open view (kept with the view when it is saved): listed by time in the
 * page's zone, numbered as the chart's markers are, each editable and deletable (with Undo), and a
 * form to pin a new one to an instant or a range. A disclosure, closed by default, near the chart.
 */
export function AnnotationsPanel({ kind, timeZone, range = null }: Props) {
  const annotations = useActiveAnnotations(kind);
  const notes = orderedAnnotations(annotations);
  const [editing, setEditing] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const [deleted, setDeleted] = useState<Annotation | null>(null);

  useEffect(() => {
    if (deleted === null) return;
    const timer = setTimeout(() => setDeleted(null), UNDO_MS);
    return () => clearTimeout(timer);
  }, [deleted]);

  const write = (next: Annotation[]) => updateActiveView(kind, { annotations: next });
  const add = (value: NoteValue) => {
    write([...current(kind), noteOf(value, newNoteId())]);
    setDeleted(null);
    setStatus('Note added.');
  };
  const save = (id: string, value: NoteValue) => {
    write(current(kind).map((n) => (n.id === id ? noteOf(value, id) : n)));
    setEditing(null);
    setStatus('Note saved.');
  };
  const remove = (note: Annotation) => {
    write(current(kind).filter((n) => n.id !== note.id));
    setDeleted(note);
    setStatus('');
  };
  const undo = () => {
    if (deleted === null) return;
    write([...current(kind), deleted]);
    setDeleted(null);
    setStatus('Note restored.');
  };
  const outside = (note: Annotation): boolean => {
    if (range === null) return false;
    const { start, end } = annotationSpan(note);
    return end < range.from || start > range.to;
  };

  return (
    <details className={styles.panel}>
      <summary>Notes ({notes.length})</summary>
      {notes.length === 0 ? (
        <p className={styles.hint}>No notes yet. A note pins your words to a time of the chart.</p>
      ) : (
        <ol className={styles.list} aria-label="Notes">
          {notes.map((note, i) => (
            <li key={note.id}>
              {editing === note.id ? (
                <NoteForm
                  label={`Edit note ${i + 1}`}
                  initial={draftOf(note, timeZone)}
                  timeZone={timeZone}
                  zoneText={zoneText(timeZone)}
                  submitLabel="Save note"
                  onSubmit={(value) => save(note.id, value)}
                  onCancel={() => setEditing(null)}
                />
              ) : (
                <>
                  <p className={styles.noteTime}>
                    <span className={styles.number}>{i + 1}</span> {annotationTimeText(note, timeZone)}
                    {outside(note) && <span className={styles.hint}> (outside the chart&rsquo;s range)</span>}
                  </p>
                  <p className={styles.noteText}>{note.text}</p>
                  <div className={styles.actions}>
                    <button
                      type="button"
                      onClick={() => setEditing(note.id)}
                      aria-label={`Edit note ${i + 1}`}
                    >
                      Edit
                    </button>
                    <button type="button" onClick={() => remove(note)} aria-label={`Delete note ${i + 1}`}>
                      Delete
                    </button>
                  </div>
                </>
              )}
            </li>
          ))}
        </ol>
      )}
      <div role="status" className={styles.status}>
        {deleted !== null ? (
          <>
            Note deleted.{' '}
            <button type="button" onClick={undo}>
              Undo
            </button>
          </>
        ) : (
          status
        )}
      </div>
      <NoteForm
        label="Add a note"
        initial={EMPTY_DRAFT}
        timeZone={timeZone}
        zoneText={zoneText(timeZone)}
        submitLabel="Add note"
        onSubmit={add}
      />
    </details>
  );
}
