import { useEffect, type ReactNode } from 'react';
import { addDays } from '@/time';
import { DateField } from './DateField';
import styles from './DateField.module.css';

/** Keys typed into a field are the field's own: ← and → move the day only from elsewhere on the page. */
function isTyping(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))
  );
}

interface Props {
  label: string;
  /** The day shown; empty while it is not known yet (the buttons wait for it). */
  date: string;
  onChange: (date: string) => void;
  min: string | undefined;
  max: string;
  /** The last day Next steps to, where it stops before the last day the field takes. */
  last?: string;
  /** ← and → step the day from anywhere on the page outside a field. */
  arrowKeys?: boolean;
  message?: ReactNode;
  messageRole?: 'alert' | 'status';
  /** Controls after the Next button. */
  after?: ReactNode;
}

/** One day picked: a date field that commits only whole dates, with previous and next buttons. */
export function DayField({
  label,
  date,
  onChange,
  min,
  max,
  last = max,
  arrowKeys = false,
  message,
  messageRole,
  after,
}: Props) {
  const atFirst = date === '' || (min !== undefined && date <= min);
  const atLast = date === '' || date >= last;

  useEffect(() => {
    if (!arrowKeys) return;
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
  }, [arrowKeys, date, atFirst, atLast, onChange]);

  return (
    <DateField
      label={label}
      value={date}
      min={min}
      max={max}
      onCommit={onChange}
      message={message}
      messageRole={messageRole}
      before={
        <button
          type="button"
          disabled={atFirst}
          onClick={() => onChange(addDays(date, -1))}
          aria-label="Previous day"
          aria-keyshortcuts={arrowKeys ? 'ArrowLeft' : undefined}
        >
          ‹ <span className={styles.buttonText}>Previous</span>
        </button>
      }
      after={
        <>
          <button
            type="button"
            disabled={atLast}
            onClick={() => onChange(addDays(date, 1))}
            aria-label="Next day"
            aria-keyshortcuts={arrowKeys ? 'ArrowRight' : undefined}
          >
            <span className={styles.buttonText}>Next</span> ›
          </button>
          {after}
        </>
      }
    />
  );
}
