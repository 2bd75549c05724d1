import type { Order } from '@/contract';
import { describedBy, FieldError } from './FieldError';
import type { ControlProps } from './controlProps';
import { timeIndexColumns } from './fitToDataset';
import styles from './QueryPage.module.css';

const ERROR_ID = 'query-columns-error';

/**
 * Chosen columns in their output order first (with move up/down), then the others in the
 * dataset's order. None chosen means all. The time-index columns always come first on the wire.
 */
export function ColumnsControl({ dataset, draft, onChange, error }: ControlProps) {
  const fixed = new Set(timeIndexColumns(dataset));
  const selectable = dataset.all_columns.map((c) => c.name).filter((n) => !fixed.has(n));
  const chosen = draft.cols.filter((c) => selectable.includes(c));
  const rest = selectable.filter((c) => !chosen.includes(c));
  const described = describedBy(ERROR_ID, error);

  const toggle = (name: string, on: boolean) =>
    onChange({ cols: on ? [...chosen, name] : chosen.filter((c) => c !== name) });
  const move = (index: number, by: -1 | 1) => {
    const next = [...chosen];
    const target = index + by;
    const a = next[index];
    const b = next[target];
    if (a === undefined || b === undefined) return;
    next[index] = b;
    next[target] = a;
    onChange({ cols: next });
  };

  return (
    <fieldset className={styles.control}>
      <legend>Columns to return</legend>
      <p className={styles.hint}>
        {chosen.length === 0 ? 'All columns.' : `${chosen.length} chosen, in this order.`}{' '}
        {[...fixed].join(', ')} always come first.
      </p>
      <ul className={styles.columnList}>
        {chosen.map((name, i) => (
          <li key={name}>
            <label>
              <input
                type="checkbox"
                checked
                aria-describedby={described}
                onChange={() => toggle(name, false)}
              />{' '}
              {name}
            </label>
            <button
              type="button"
              aria-label={`Move ${name} up`}
              disabled={i === 0}
              onClick={() => move(i, -1)}
            >
              ↑
            </button>
            <button
              type="button"
              aria-label={`Move ${name} down`}
              disabled={i === chosen.length - 1}
              onClick={() => move(i, 1)}
            >
              ↓
            </button>
          </li>
        ))}
        {rest.map((name) => (
          <li key={name}>
            <label>
              <input
                type="checkbox"
                checked={false}
                aria-describedby={described}
                onChange={() => toggle(name, true)}
              />{' '}
              {name}
            </label>
          </li>
        ))}
      </ul>
      <label>
        Order
        <select
          value={draft.order}
          aria-describedby={described}
          onChange={(e) => onChange({ order: e.target.value as Order })}
        >
          <option value="asc">Oldest first</option>
          <option value="desc">Newest first</option>
        </select>
      </label>
      <FieldError id={ERROR_ID} message={error} />
    </fieldset>
  );
}
