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
  /** The options are every value there is, and few: pick from a list instead of typing. */
  pickable?: boolean;
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
export function ValuePicker({
  label,
  value,
  onChange,
  multiple,
  options,
  pickable = false,
  describedBy,
}: Props) {
  const [text, setText] = useState('');
  if (pickable && options.length > 0)
    return (
      <ChoicePicker
        label={label}
        value={value}
        onChange={onChange}
        multiple={multiple}
        options={options}
        describedBy={describedBy}
      />
    );
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

/**
 * A small known set as a list: a select for one value, checkboxes for several. A value from a link
 * that is not among them stays shown (and selected) so that nothing changes without the user.
 */
function ChoicePicker({ label, value, onChange, multiple, options, describedBy }: Omit<Props, 'pickable'>) {
  const selected = split(value);
  const shown = [...options, ...selected.filter((v) => !options.includes(v))];
  if (!multiple)
    return (
      <label>
        {label}
        <select
          value={value.trim()}
          aria-describedby={describedBy}
          onChange={(e) => onChange(e.target.value)}
        >
          <option value="">Choose…</option>
          {shown.map((o) => (
            <option key={o} value={o}>
              {o}
            </option>
          ))}
        </select>
      </label>
    );
  const toggle = (option: string, on: boolean) =>
    onChange((on ? [...selected, option] : selected.filter((v) => v !== option)).join(','));
  return (
    <fieldset className={styles.choices} aria-describedby={describedBy}>
      <legend>{label}</legend>
      {shown.map((o) => (
        <label key={o}>
          <input
            type="checkbox"
            checked={selected.includes(o)}
            onChange={(e) => toggle(o, e.target.checked)}
          />{' '}
          {o}
        </label>
      ))}
    </fieldset>
  );
}
