import { useState } from 'react';
import { FieldError } from './FieldError';
import { timeFieldText, typedTimeProblem } from './typedTime';

interface Props {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The control's server error, when there is one. */
  describedBy?: string;
  /** Why the last "Run query" could not read this field. */
  runError?: string;
}

/**
 * A typed time: the text stays as typed, and once the field is left (or a run was refused) it says
 * what it cannot read and which forms it takes, beside the field. A value that comes from elsewhere
 * (the link, a word the run made absolute) is shown in the field's own form, `2025-07-14 00:00`.
 */
export function TimeField({ id, label, value, onChange, describedBy, runError }: Props) {
  const [left, setLeft] = useState(false);
  // What the field shows, and the value it shows: a new value from outside is shown afresh, while
  // what the user types stays exactly as typed.
  const [shown, setShown] = useState(() => ({ value, text: timeFieldText(value) }));
  if (shown.value !== value) setShown({ value, text: timeFieldText(value) });
  const text = shown.value === value ? shown.text : timeFieldText(value);
  const message = runError ?? (left ? (typedTimeProblem(value) ?? undefined) : undefined);
  const errorId = `${id}-error`;
  return (
    <>
      <label>
        {label}
        <input
          id={id}
          type="text"
          value={text}
          placeholder="2025-07-01 13:00, today, now-7d"
          aria-invalid={message ? true : undefined}
          aria-describedby={
            [message ? errorId : undefined, describedBy].filter(Boolean).join(' ') || undefined
          }
          onChange={(e) => {
            setShown({ value: e.target.value, text: e.target.value });
            onChange(e.target.value);
          }}
          onBlur={() => setLeft(true)}
        />
      </label>
      <FieldError id={errorId} message={message} />
    </>
  );
}
