import { useId, useState, type SyntheticEvent } from 'react';
import { MAX_ANNOTATION_TEXT } from '@/lib/annotations';
import { parseWallTime } from '@/lib/annotationTimes';
import { formatInteger } from '@/lib/format';
import styles from './AnnotationsPanel.module.css';

/** What the form holds: the times as typed (wall times of the page's zone) and the text. */
export interface NoteDraft {
  range: boolean;
  start: string;
  end: string;
  text: string;
}

/** A checked draft: the instants it stands for. */
export interface NoteValue {
  start: number;
  end: number | null;
  text: string;
}

type Field = 'start' | 'end' | 'text';

export const EMPTY_DRAFT: NoteDraft = { range: false, start: '', end: '', text: '' };
const EXAMPLE = '2026-11-18 06:00';

/** The draft as instants, or what is wrong with each field, in words for beside it. */
function checkNote(
  draft: NoteDraft,
  timeZone: string,
): { ok: true; value: NoteValue } | { ok: false; errors: Partial<Record<Field, string>> } {
  const errors: Partial<Record<Field, string>> = {};
  const timeOf = (field: 'start' | 'end'): number | null => {
    const typed = draft[field].trim();
    if (typed === '') {
      errors[field] = `Enter a time, like ${EXAMPLE}.`;
      return null;
    }
    const ms = parseWallTime(typed, timeZone);
    if (ms === null) errors[field] = `“${typed}” is not a date and time: write it like ${EXAMPLE}.`;
    return ms;
  };
  const start = timeOf('start');
  const end = draft.range ? timeOf('end') : null;
  if (draft.range && start !== null && end !== null && end <= start)
    errors.end = 'The end must be after the start.';
  const text = draft.text.trim();
  if (text === '') errors.text = 'Write what the note says.';
  else if (text.length > MAX_ANNOTATION_TEXT)
    errors.text = `A note holds at most ${formatInteger(MAX_ANNOTATION_TEXT)} characters; this one has ${formatInteger(text.length)}.`;
  if (start === null || Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, value: { start, end, text } };
}

interface Props {
  initial: NoteDraft;
  /** The page's time zone setting: times are typed in it. */
  timeZone: string;
  /** Says which zone the times are typed in. */
  zoneText: string;
  submitLabel: string;
  onSubmit: (value: NoteValue) => void;
  onCancel?: () => void;
  /** Names the form: "Add a note", "Edit note 2". */
  label: string;
}

/**
 * A note's time (an instant, or a range from … to …) typed as wall times of the page's zone, and
 * its text with a count of what is left. Checked on submit; each problem is said beside its field
 * and the first such field takes the focus.
 */
export function NoteForm({ initial, timeZone, zoneText, submitLabel, onSubmit, onCancel, label }: Props) {
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const id = useId();
  const change = (patch: Partial<NoteDraft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    // An edited field is judged afresh on the next submit.
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([key]) => !(key in patch))));
  };
  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = checkNote(draft, timeZone);
    if (!checked.ok) {
      setErrors(checked.errors);
      const first = (['start', 'end', 'text'] as const).find((f) => checked.errors[f] !== undefined);
      if (first) document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    setErrors({});
    onSubmit(checked.value);
    setDraft(initial);
  };
  const fieldProps = (field: Field) => ({
    id: `${id}-${field}`,
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': errors[field] ? `${id}-${field}-error` : undefined,
  });
  const fieldError = (field: Field) =>
    errors[field] ? (
      <p id={`${id}-${field}-error`} className={styles.fieldError} role="alert">
        {errors[field]}
      </p>
    ) : null;
  const length = draft.text.trim().length;
  return (
    <form className={styles.form} onSubmit={submit} aria-label={label} noValidate>
      <fieldset className={styles.kind}>
        <legend>Pinned to</legend>
        <label>
          <input
            type="radio"
            name={`${id}-kind`}
            checked={!draft.range}
            onChange={() => change({ range: false })}
          />{' '}
          An instant
        </label>
        <label>
          <input
            type="radio"
            name={`${id}-kind`}
            checked={draft.range}
            onChange={() => change({ range: true })}
          />{' '}
          A time range
        </label>
      </fieldset>
      <div className={styles.times}>
        <div className={styles.field}>
          <label htmlFor={`${id}-start`}>{draft.range ? 'From' : 'At'}</label>
          <input
            type="text"
            {...fieldProps('start')}
            value={draft.start}
            placeholder={EXAMPLE}
            onChange={(e) => change({ start: e.target.value })}
          />
          {fieldError('start')}
        </div>
        {draft.range && (
          <div className={styles.field}>
            <label htmlFor={`${id}-end`}>To</label>
            <input
              type="text"
              {...fieldProps('end')}
              value={draft.end}
              placeholder={EXAMPLE}
              onChange={(e) => change({ end: e.target.value })}
            />
            {fieldError('end')}
          </div>
        )}
      </div>
      <p className={styles.hint}>{zoneText}</p>
      <div className={styles.field}>
        <label htmlFor={`${id}-text`}>Note</label>
        <textarea
          rows={2}
          {...fieldProps('text')}
          aria-describedby={[errors.text ? `${id}-text-error` : null, `${id}-count`]
            .filter(Boolean)
            .join(' ')}
          value={draft.text}
          onChange={(e) => change({ text: e.target.value })}
        />
        <p id={`${id}-count`} className={length > MAX_ANNOTATION_TEXT ? styles.fieldError : styles.hint}>
          {formatInteger(length)} of {formatInteger(MAX_ANNOTATION_TEXT)} characters
        </p>
        {fieldError('text')}
      </div>
      <div className={styles.actions}>
        <button type="submit">{submitLabel}</button>
        {onCancel && (
          <button type="button" onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
