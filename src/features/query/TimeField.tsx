import { useState } from 'react';
import { FieldError } from './FieldError';
import { typedTimeProblem } from './typedTime';

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
 * what it cannot read and which forms it takes, beside the field.
 */
export function TimeField({ id, label, value, onChange, describedBy, runError }: Props) {
  const [left, setLeft] = useState(false);
  const message = runError ?? (left ? (typedTimeProblem(value) ?? undefined) : undefined);
  const errorId = `${id}-error`;
  return (
    <>
      <label>
        {label}
        <input
          id={id}
          type="text"
          value={value}
          placeholder="2025-07-01 13:00, today, now-7d"
          aria-invalid={message ? true : undefined}
          aria-describedby={
            [message ? errorId : undefined, describedBy].filter(Boolean).join(' ') || undefined
          }
          onChange={(e) => onChange(e.target.value)}
          onBlur={() => setLeft(true)}
        />
      </label>
      <FieldError id={errorId} message={message} />
    </>
  );
}
