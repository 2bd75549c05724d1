import { useEffect, useId, useRef, useState, type KeyboardEvent, type SyntheticEvent } from 'react';
import type { SaveWords } from './saveView';
import styles from './SaveViewBar.module.css';

interface Props {
  title: string;
  initial: SaveWords;
  submitLabel: string;
  busy: boolean;
  onSubmit: (words: SaveWords) => void;
  onCancel: () => void;
}

const FOCUSABLE = 'input, textarea, button:not([disabled])';

/**
 * Asks for a view's name and an optional note. Focus starts in the name field and stays inside
 * until the dialog closes (Tab wraps around); Escape closes it without saving.
 */
export function SaveViewDialog({ title, initial, submitLabel, busy, onSubmit, onCancel }: Props) {
  const id = useId();
  const [name, setName] = useState(initial.name);
  const [note, setNote] = useState(initial.note);
  const formRef = useRef<HTMLFormElement>(null);
  const nameRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    nameRef.current?.focus();
    nameRef.current?.select();
  }, []);

  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!busy) onSubmit({ name, note });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      onCancel();
      return;
    }
    if (event.key !== 'Tab') return;
    const items = [...(formRef.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? [])];
    const first = items[0];
    const last = items[items.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first?.focus();
    }
  };

  return (
    <form
      ref={formRef}
      role="dialog"
      aria-modal="true"
      aria-labelledby={`${id}-title`}
      className={styles.dialog}
      onSubmit={submit}
      onKeyDown={onKeyDown}
    >
      <h2 id={`${id}-title`} className={styles.dialogTitle}>
        {title}
      </h2>
      <label htmlFor={`${id}-name`}>Name</label>
      <input
        ref={nameRef}
        id={`${id}-name`}
        value={name}
        maxLength={200}
        onChange={(e) => setName(e.target.value)}
      />
      <label htmlFor={`${id}-note`}>Note (optional)</label>
      <textarea
        id={`${id}-note`}
        value={note}
        rows={3}
        maxLength={2000}
        onChange={(e) => setNote(e.target.value)}
      />
      <div className={styles.dialogActions}>
        <button type="submit" className="primary" disabled={busy}>
          {busy ? 'Saving…' : submitLabel}
        </button>
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
