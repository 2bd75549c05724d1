import { useState, type KeyboardEvent } from 'react';
import styles from './QueryPage.module.css';

interface Props {
  label: string;
  /** Comma-separated, as the API takes it. */
  value: string;
  onChange: (value: string) => void;
  multiple: boolean;
  /** Suggestions (location names); free text when empty. */
  options: readonly string[];
  describedBy?: string;
}

const split = (value: string): string[] =>
  value
    .split(',')
    .map((v) => v.trim())
    .filter((v) => v !== '');

/**
 * A searchable picker over a datalist. With `multiple`, Enter (or "Add") adds the typed value as a
 * removable chip; otherwise the box is the value.
 */
export function ValuePicker({ label, value, onChange, multiple, options, describedBy }: Props) {
  const [text, setText] = useState('');
  const listId = `picker-${label.replace(/\W+/g, '-').toLowerCase()}`;
  const list = options.length > 0 ? listId : undefined;
  const datalist =
    options.length > 0 ? (
      <datalist id={listId}>
        {options.map((o) => (
          <option key={o} value={o} />
        ))}
      </datalist>
    ) : null;

  if (!multiple) {
    return (
      <label>
        {label}
        <input
          type="text"
          list={list}
          value={value}
          aria-describedby={describedBy}
          onChange={(e) => onChange(e.target.value)}
        />
        {datalist}
      </label>
    );
  }

  const values = split(value);
  const add = () => {
    const added = split(text).filter((v) => !values.includes(v));
    if (added.length > 0) onChange([...values, ...added].join(','));
    setText('');
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    // Enter adds a value here instead of running the query; an empty box still runs it.
    if (e.key === 'Enter' && text.trim() !== '') {
      e.preventDefault();
      add();
    }
  };
  return (
    <div className={styles.picker}>
      <label>
        {label}
        <input
          type="text"
          list={list}
          value={text}
          aria-describedby={describedBy}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
        />
      </label>
      {datalist}
      <button type="button" onClick={add} disabled={text.trim() === ''}>
        Add
      </button>
      {values.length > 0 && (
        <ul className={styles.chips} aria-label={`${label}: selected`}>
          {values.map((v) => (
            <li key={v}>
              {v}{' '}
              <button
                type="button"
                aria-label={`Remove ${v}`}
                onClick={() => onChange(values.filter((x) => x !== v).join(','))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
