import { useState, type InputHTMLAttributes } from 'react';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'> & {
  value: string;
  onCommit: (value: string) => void;
};

/**
 * A text box that hands its value over on Enter or when focus leaves, not on every key: each
 * commit writes the URL and may fetch a series, and half-typed names should do neither.
 */
export function CommitInput({ value, onCommit, onKeyDown, onBlur, ...rest }: Props) {
  const [draft, setDraft] = useState(value);
  // A new value from outside (a preset, back/forward) replaces the draft.
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setDraft(value);
  }
  const commit = () => {
    if (draft !== value) onCommit(draft.trim());
  };
  return (
    <input
      {...rest}
      value={draft}
      onChange={(e) => setDraft(e.target.value)}
      onKeyDown={(e) => {
        if (e.key === 'Enter') commit();
        onKeyDown?.(e);
      }}
      onBlur={(e) => {
        commit();
        onBlur?.(e);
      }}
    />
  );
}
