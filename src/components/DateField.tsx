import { useId, useState, type ReactNode } from 'react';
import { isCalendarDate } from '@/time';
import styles from './DateField.module.css';

interface Props {
  label: string;
  /** The committed date (from the URL or its default); empty while unknown. */
  value: string;
  onCommit: (date: string) => void;
  min?: string;
  max?: string;
  /** Shown under the field and read with it (an error about this date, for example). */
  message?: ReactNode;
  messageRole?: 'alert' | 'status';
  /** Controls beside the input (previous/next buttons). */
  before?: ReactNode;
  after?: ReactNode;
}

/**
 * `<input type="date">` that commits only whole dates: while a person types a year digit by digit
 * the browser reports dates like 0002-07-14, which must not each become a request and a history
 * entry. What is not yet a plausible date stays a local draft.
 */
export function DateField({ label, value, onCommit, min, max, message, messageRole, before, after }: Props) {
  const id = useId();
  const messageId = `${id}-message`;
  const [draft, setDraft] = useState<string | null>(null);
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <div className={styles.dateRow}>
        {before}
        <input
          id={id}
          type="date"
          value={draft ?? value}
          min={min}
          max={max}
          required
          aria-describedby={message ? messageId : undefined}
          onChange={(event) => {
            const next = event.target.value;
            if (isCalendarDate(next) && next >= '1900-01-01') {
              setDraft(null);
              if (next !== value) onCommit(next);
            } else {
              setDraft(next);
            }
          }}
          onBlur={() => setDraft(null)}
        />
        {after}
      </div>
      {message && (
        <p id={messageId} role={messageRole} className={styles.fieldMessage}>
          {message}
        </p>
      )}
    </div>
  );
}
