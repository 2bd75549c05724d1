import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table';
import { observeElementRect, useVirtualizer, type Rect, type Virtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { Row } from '@/api/types';
import { cellText, columnWidths, textWidth } from './columnWidths';
import styles from './VirtualTable.module.css';

export interface VirtualTableColumn {
  id: string;
  header: string;
  /** Shown after the header in brackets (`spp ($/MWh)`). */
  unit?: string | null;
  /** Right-aligned with tabular figures. */
  numeric?: boolean;
}

export interface VirtualTableProps {
  /** Names the table and its scroll region. */
  caption: string;
  columns: readonly VirtualTableColumn[];
  /** Keep the array identity stable between renders: a new array rebuilds the row model. */
  rows: readonly Row[];
  /** Height of the scroll region in px. */
  height?: number;
  rowHeight?: number;
  /** Called when the last rows come into view (load the next page). */
  onEndReached?: () => void;
  /** A line kept visible under the table ("500 rows loaded · more available"). */
  status?: ReactNode;
  /**
   * Size assumed while the scroll region measures as empty (jsdom, a tab not yet laid out), so
   * the first rows still render.
   */
  fallbackRect?: Rect;
}

const features = tableFeatures({});
const helper = createColumnHelper<typeof features, Row>();

/** Horizontal padding of a cell (0.75rem each side, as in the stylesheet). */
const CELL_PADDING_REM = 1.5;

/**
 * Widths that only grow while the same result is shown: loading the next page never narrows a
 * column under the reader's eyes. A new result (new columns or a new first row) starts afresh.
 */
function useStableWidths(columns: readonly VirtualTableColumn[], rows: readonly Row[]): number[] {
  const measured = useMemo(
    () =>
      columnWidths(
        columns.map((c) => ({ id: c.id, label: headerLabel(c) })),
        rows,
      ),
    [columns, rows],
  );
  const [shown, setShown] = useState({ columns, first: rows[0], widths: measured });
  const sameResult = shown.columns === columns && shown.first === rows[0];
  const widths = sameResult ? measured.map((w, i) => Math.max(w, shown.widths[i] ?? 0)) : measured;
  if (!sameResult || widths.some((w, i) => w !== shown.widths[i]))
    setShown({ columns, first: rows[0], widths });
  return widths;
}

function headerLabel(column: VirtualTableColumn): string {
  return column.unit ? `${column.header} (${column.unit})` : column.header;
}

// Rows drawn beyond the view on each side: enough for keyboard and wheel steps, few enough that a
// jump renders quickly.
const OVERSCAN = 5;

/**
 * A large result as a real table: TanStack Table for the model, TanStack Virtual for the rows (the
 * DOM holds only the rows in view plus a few, spacer rows keep the scroll height honest), a sticky
 * header, and a focusable region that scrolls with arrow, page, Home and End keys.
 */
export function VirtualTable({
  caption,
  columns,
  rows,
  height = 480,
  rowHeight = 32,
  onEndReached,
  status,
  fallbackRect = { width: 1024, height },
}: VirtualTableProps) {
  const columnDefs = useMemo(
    () =>
      columns.map((column) =>
        helper.accessor((row: Row): unknown => row[column.id] ?? null, {
          id: column.id,
          header: headerLabel(column),
        }),
      ),
    [columns],
  );
  const data = rows as Row[];
  // The table model gives the header; body cells are read straight from the data, so scrolling
  // through 100,000 rows never builds (and keeps) a row or cell object per row.
  const table = useTable({ features, columns: columnDefs, data });
  const rowCount = rows.length;

  const scrollRef = useRef<HTMLDivElement>(null);
  const fallbackWidth = fallbackRect.width;
  const fallbackHeight = fallbackRect.height;
  const observeRect = useCallback(
    (instance: Virtualizer<HTMLDivElement, Element>, cb: (rect: Rect) => void) =>
      observeElementRect(instance, (rect) =>
        cb(rect.height > 0 ? rect : { width: fallbackWidth, height: fallbackHeight }),
      ),
    [fallbackWidth, fallbackHeight],
  );
  // The virtualizer's functions change identity as it scrolls; this component is not compiler-memoized.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rowCount,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: OVERSCAN,
    initialRect: fallbackRect,
    observeElementRect: observeRect,
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items[items.length - 1]?.index ?? -1;

  useEffect(() => {
    if (onEndReached && rowCount > 0 && lastIndex >= rowCount - 1 - OVERSCAN) onEndReached();
  }, [lastIndex, rowCount, onEndReached]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const el = event.currentTarget;
    const page = Math.max(rowHeight, el.clientHeight - rowHeight);
    const moves: Record<string, number> = {
      ArrowDown: rowHeight,
      ArrowUp: -rowHeight,
      PageDown: page,
      PageUp: -page,
      ' ': page,
    };
    if (event.key === 'Home') el.scrollTop = 0;
    else if (event.key === 'End') el.scrollTop = el.scrollHeight;
    else if (event.key in moves) el.scrollTop += moves[event.key] ?? 0;
    else return;
    event.preventDefault();
  };

  const numeric = new Set(columns.filter((c) => c.numeric).map((c) => c.id));
  const widths = useStableWidths(columns, rows);
  const cellClass = (id: string) => (numeric.has(id) ? `${styles.cell} ${styles.numeric}` : styles.cell);
  const first = items[0];
  const last = items[items.length - 1];
  const padTop = first ? first.start : 0;
  const padBottom = last ? virtualizer.getTotalSize() - last.end : 0;

  return (
    <div className={styles.wrapper}>
      <div
        ref={scrollRef}
        className={styles.scroll}
        style={{ height }}
        role="region"
        aria-label={caption}
        tabIndex={0}
        onKeyDown={onKeyDown}
      >
        <table
          className={styles.table}
          aria-rowcount={rowCount + 1}
          style={{
            width: `calc(${widths.reduce((a, b) => a + b, 0)}ch + ${columns.length * CELL_PADDING_REM}rem)`,
          }}
        >
          <caption className={styles.visuallyHidden}>{caption}</caption>
          <colgroup>
            {columns.map((column, i) => (
              <col key={column.id} style={{ width: `calc(${widths[i] ?? 0}ch + ${CELL_PADDING_REM}rem)` }} />
            ))}
          </colgroup>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id} aria-rowindex={1}>
                {group.headers.map((header) => (
                  <th key={header.id} scope="col" className={cellClass(header.column.id)}>
                    <table.FlexRender header={header} />
                  </th>
                ))}
              </tr>
            ))}
          </thead>
          <tbody>
            {padTop > 0 && (
              <tr aria-hidden="true" style={{ height: padTop }}>
                <td colSpan={columns.length} />
              </tr>
            )}
            {items.map((item) => {
              const row = rows[item.index];
              if (!row) return null;
              return (
                <tr key={item.index} aria-rowindex={item.index + 2} style={{ height: rowHeight }}>
                  {columns.map((column, i) => {
                    // Cells are plain text: no renderer component per cell, so a jump that draws
                    // a whole new screen of rows stays within a frame.
                    const text = cellText(row[column.id]);
                    return (
                      <td
                        key={column.id}
                        className={cellClass(column.id)}
                        title={textWidth(text) > (widths[i] ?? 0) ? text : undefined}
                      >
                        {text}
                      </td>
                    );
                  })}
                </tr>
              );
            })}
            {padBottom > 0 && (
              <tr aria-hidden="true" style={{ height: padBottom }}>
                <td colSpan={columns.length} />
              </tr>
            )}
          </tbody>
        </table>
      </div>
      {status !== undefined && (
        <p className={styles.status} role="status">
          {status}
        </p>
      )}
    </div>
  );
}
