import { useEffect, useEffectEvent, useState, type InputHTMLAttributes } from 'react';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'> & {
  value: string;
  onCommit: (value: string) => void;
  /**
   * Also hands the value over after a short pause in typing, for fields whose text is checked as
   * it is typed (the caller applies it only when it is valid).
   */
  live?: boolean;
  /** The text as it is typed, for checks shown beside the field before anything is applied. */
  onDraft?: (draft: string) => void;
};

/** How long typing must pause before a live field hands its text over. */
const TYPING_PAUSE_MS = 300;

/**
 * A text box that hands its value over on Enter or when focus leaves (a live one also after a
 * pause in typing), not on every key: each commit writes the URL and may fetch a series, and
 * half-typed names should do neither.
 */
export function CommitInput({ value, onCommit, live = false, onDraft, onKeyDown, onBlur, ...rest }: Props) {
  const [draft, setDraft] = useState(value);
  // A new value from outside (a preset, back/forward, a suggestion taken) replaces the draft; the
  // draft's own value coming back keeps the text as typed (a trailing space the user goes on from).
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    if (draft.trim() !== value) setDraft(value);
  }
  const commit = () => {
    if (draft.trim() !== value) onCommit(draft.trim());
  };
  const commitLater = useEffectEvent(commit);
  useEffect(() => {
    if (!live) return;
    const timer = setTimeout(commitLater, TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [live, draft]);
  return (
    <input
      {...rest}
      value={draft}
      onChange={(e) => {
        setDraft(e.target.value);
        onDraft?.(e.target.value);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Enter') commit();
        onKeyDown?.(e);
      }}
      onBlur={(e) => {
        // Focus going to the field's own description (the check of the typed name, whose buttons
        // put a known name in its place) keeps the draft: committing it would apply the name the
        // check is about, redraw the check, and take the button from under the click.
        const into = e.relatedTarget instanceof Node ? e.relatedTarget : null;
        const toOwnCheck =
          into !== null &&
          (rest['aria-describedby'] ?? '')
            .split(' ')
            .some((id) => id !== '' && document.getElementById(id)?.contains(into) === true);
        if (!toOwnCheck) commit();
        onBlur?.(e);
      }}
    />
  );
}
