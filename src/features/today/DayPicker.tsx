import { useEffect, useId, useState } from 'react';
import { addDays, isCalendarDate } from '@/time';
import styles from './TodayPage.module.css';

/** Keys typed into a field are the field's own: ← and → move the day only from elsewhere on the page. */
function isTyping(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))
  );
}

/**
 * The market day shown: a date field that commits only whole dates, previous/next buttons, and
 * ← / → anywhere on the page outside a field.
 */
export function DayPicker({
  date,
  max,
  min,
  onChange,
}: {
  date: string;
  max: string;
  min: string | undefined;
  onChange: (date: string) => void;
}) {
  const id = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const atFirst = min !== undefined && date <= min;
  const atLast = date >= max;

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      if (isTyping(event.target)) return;
      if (event.key === 'ArrowLeft' && !atFirst) onChange(addDays(date, -1));
      else if (event.key === 'ArrowRight' && !atLast) onChange(addDays(date, 1));
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [date, atFirst, atLast, onChange]);

  return (
    <div className={styles.field}>
      <label htmlFor={id}>Market day</label>
      <div className={styles.dateRow}>
        <button
          type="button"
          disabled={atFirst}
          onClick={() => onChange(addDays(date, -1))}
          aria-label="Previous day"
          aria-keyshortcuts="ArrowLeft"
        >
          ‹ Previous
        </button>
        <input
          id={id}
          type="date"
          value={draft ?? date}
          min={min}
          max={max}
          required
          onChange={(event) => {
            const next = event.target.value;
            // A year typed digit by digit passes through dates like 0002-07-14: those stay a draft.
            if (isCalendarDate(next) && next >= '1900-01-01') {
              setDraft(null);
              if (next !== date) onChange(next);
            } else setDraft(next);
          }}
          onBlur={() => setDraft(null)}
        />
        <button
          type="button"
          disabled={atLast}
          onClick={() => onChange(addDays(date, 1))}
          aria-label="Next day"
          aria-keyshortcuts="ArrowRight"
        >
          Next ›
        </button>
      </div>
    </div>
  );
}
