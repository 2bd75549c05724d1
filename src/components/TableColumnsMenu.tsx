import styles from './VirtualTable.module.css';

/** Which columns show, in what order, and which stay pinned at the start while the rest scroll sideways. */
export interface TableView {
  /** Ids of hidden columns. */
  hidden: readonly string[];
  /** Ids pinned to the start, in order. */
  pinned: readonly string[];
  /** Ids in display order; columns not listed follow in their own order. */
  order: readonly string[];
}

interface Props {
  columns: readonly { id: string; label: string }[];
  view: TableView;
  onViewChange: (view: TableView) => void;
}

/** Column ids in the order the table shows them: pinned first (in pin order), then by `order`, then the rest. */
function displayOrder(ids: readonly string[], view: TableView): string[] {
  const known = new Set(ids);
  const pinned = view.pinned.filter((id) => known.has(id));
  const ordered = view.order.filter((id) => known.has(id) && !pinned.includes(id));
  const rest = ids.filter((id) => !pinned.includes(id) && !ordered.includes(id));
  return [...pinned, ...ordered, ...rest];
}

/**
 * The table's Columns menu: show or hide each column, pin it to the start so it stays in view while
 * the others scroll sideways, and move it left or right. A disclosure of plain controls, so it
 * works from the keyboard and reads well to a screen reader.
 */
export function TableColumnsMenu({ columns, view, onViewChange }: Props) {
  const ids = columns.map((c) => c.id);
  const order = displayOrder(ids, view);
  const labelOf = new Map(columns.map((c) => [c.id, c.label]));
  const hidden = new Set(view.hidden.filter((id) => labelOf.has(id)));
  const shownCount = ids.length - hidden.size;

  const setShown = (id: string, show: boolean) =>
    onViewChange({ ...view, hidden: show ? view.hidden.filter((h) => h !== id) : [...view.hidden, id] });
  const setPinned = (id: string, pin: boolean) =>
    onViewChange({
      ...view,
      pinned: pin ? [...view.pinned.filter((p) => p !== id), id] : view.pinned.filter((p) => p !== id),
    });
  const move = (id: string, by: -1 | 1) => {
    const next = [...order];
    const at = next.indexOf(id);
    const to = at + by;
    const other = next[to];
    if (at < 0 || other === undefined) return;
    next[at] = other;
    next[to] = id;
    // Pinned columns keep their region: moving one reorders the pins.
    onViewChange({ ...view, order: next, pinned: next.filter((c) => view.pinned.includes(c)) });
  };

  return (
    <details className={styles.columnsMenu}>
      <summary>
        Columns ({shownCount} of {ids.length} shown)
      </summary>
      <ul aria-label="Table columns">
        {order.map((id, i) => {
          const label = labelOf.get(id) ?? id;
          const isShown = !hidden.has(id);
          const isPinned = view.pinned.includes(id);
          return (
            <li key={id}>
              <label>
                <input
                  type="checkbox"
                  checked={isShown}
                  // The last column shown stays: a table of no columns says nothing.
                  disabled={isShown && shownCount === 1}
                  onChange={(e) => setShown(id, e.target.checked)}
                />{' '}
                {label}
              </label>
              <button
                type="button"
                aria-pressed={isPinned}
                aria-label={`Pin ${label}`}
                onClick={() => setPinned(id, !isPinned)}
              >
                {isPinned ? 'Pinned' : 'Pin'}
              </button>
              <button
                type="button"
                aria-label={`Move ${label} left`}
                disabled={i === 0}
                onClick={() => move(id, -1)}
              >
                ←
              </button>
              <button
                type="button"
                aria-label={`Move ${label} right`}
                disabled={i === order.length - 1}
                onClick={() => move(id, 1)}
              >
                →
              </button>
            </li>
          );
        })}
      </ul>
    </details>
  );
}
