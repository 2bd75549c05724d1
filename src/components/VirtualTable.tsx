import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table';
import {
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
  type UIEvent,
} from 'react';
import { flushSync } from 'react-dom';
import { ColumnResizer } from './ColumnResizer';
import { columnWidths, textWidth } from './columnWidths';
import type { TableRows } from './tableRows';
import styles from './VirtualTable.module.css';

export interface VirtualTableColumn {
  id: string;
  header: string;
  /** Shown after the header in brackets (`spp ($/MWh)`). */
  unit?: string | null;
  /** Right-aligned with tabular figures. */
  numeric?: boolean;
}

/** A size in px. */
export interface Rect {
  width: number;
  height: number;
}

export interface VirtualTableProps {
  /** Names the table and its scroll region. */
  caption: string;
  columns: readonly VirtualTableColumn[];
  /** The body's rows, read cell by cell for the rows in view only. */
  rows: TableRows;
  /** Height of the scroll region in px. */
  height?: number;
  rowHeight?: number;
  /** Called when the last rows come into view (load the next page). */
  onEndReached?: () => void;
  /** The rows drawn (in view plus overscan) changed: the owner fetches what is missing, drops what is far. */
  onRangeChange?: (first: number, last: number) => void;
  /** A line kept visible under the table ("500 rows loaded · more available"). */
  status?: ReactNode;
  /**
   * Size assumed while the scroll region measures as empty (jsdom, a tab not yet laid out), so
   * the first rows still render.
   */
  fallbackRect?: Rect;
}

const features = tableFeatures({});
const helper = createColumnHelper<typeof features, Record<string, never>>();
/** The header model needs no row data: body cells are read from `rows` directly. */
const NO_DATA: Record<string, never>[] = [];

/** Horizontal padding of a cell (0.75rem each side, as in the stylesheet). */
const CELL_PADDING_REM = 1.5;

/**
 * Widths that only grow while the same result is shown: loading the next page never narrows a
 * column under the reader's eyes. A new result (new columns or a new first row) starts afresh.
 */
function useStableWidths(columns: readonly VirtualTableColumn[], rows: TableRows): number[] {
  const measured = useMemo(
    () =>
      columnWidths(
        columns.map((c) => ({ id: c.id, label: headerLabel(c) })),
        rows,
      ),
    [columns, rows],
  );
  const [shown, setShown] = useState({ columns, result: rows.result, widths: measured });
  const sameResult = shown.columns === columns && shown.result === rows.result;
  const widths = sameResult ? measured.map((w, i) => Math.max(w, shown.widths[i] ?? 0)) : measured;
  if (!sameResult || widths.some((w, i) => w !== shown.widths[i]))
    setShown({ columns, result: rows.result, widths });
  return widths;
}

/** About the px of one `ch` at the table's font size (0.875rem), for a width given to assistive technology. */
const CH_PX = 7.7;

/** Widths the user set by dragging a header's edge, in px, by column id; forgotten with a new set of columns. */
function useResizedWidths(columns: readonly VirtualTableColumn[]) {
  const [resized, setResized] = useState<{
    columns: readonly VirtualTableColumn[];
    px: Record<string, number>;
  }>({
    columns,
    px: {},
  });
  const px = resized.columns === columns ? resized.px : {};
  const set = (id: string, width: number | null) => {
    const next = Object.fromEntries(Object.entries(px).filter(([key]) => key !== id));
    setResized({ columns, px: width === null ? next : { ...next, [id]: width } });
  };
  return { px, set };
}

function headerLabel(column: VirtualTableColumn): string {
  return column.unit ? `${column.header} (${column.unit})` : column.header;
}

// Rows drawn beyond the view on each side: enough for keyboard and wheel steps, few enough that a
// jump renders quickly.
const OVERSCAN = 5;

/**
 * A large result as a real table: TanStack Table for the header model, a fixed-height window for the rows (the
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
  onRangeChange,
  status,
  fallbackRect = { width: 1024, height },
}: VirtualTableProps) {
  // Display columns: the model only names the headers, no cell is ever read through it.
  const columnDefs = useMemo(
    () => columns.map((column) => helper.display({ id: column.id, header: headerLabel(column) })),
    [columns],
  );
  // The table model gives the header; body cells are read straight from `rows`, so scrolling
  // through a million rows never builds (and keeps) a row or cell object per row.
  const table = useTable({ features, columns: columnDefs, data: NO_DATA });
  const rowCount = rows.count;

  const scrollRef = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [viewHeight, setViewHeight] = useState(0);
  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    setViewHeight(el.clientHeight);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setViewHeight(el.clientHeight));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  // Rows all have one height, so the window is arithmetic: nothing is kept per row, and a result
  // growing to a million rows costs no more per page than one of a thousand (a virtualizer that
  // measures every row walked all of them on each new page: 45 ms at a million rows).
  const shownHeight = viewHeight > 0 ? viewHeight : fallbackRect.height;
  const maxTop = Math.max(0, rowCount * rowHeight - shownHeight);
  const top = Math.min(scrollTop, maxTop);
  const firstIndex = rowCount === 0 ? -1 : Math.max(0, Math.floor(top / rowHeight) - OVERSCAN);
  const lastIndex =
    rowCount === 0 ? -1 : Math.min(rowCount - 1, Math.ceil((top + shownHeight) / rowHeight) - 1 + OVERSCAN);
  // Drawn in the scroll event itself, so no frame shows the spacer where rows should be.
  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    const next = event.currentTarget.scrollTop;
    flushSync(() => setScrollTop(next));
  };

  useEffect(() => {
    if (onRangeChange && lastIndex >= 0) onRangeChange(firstIndex, lastIndex);
  }, [firstIndex, lastIndex, onRangeChange]);

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
  const resized = useResizedWidths(columns);
  /** A column's width as CSS: the user's px, or the estimate in `ch` plus the cell padding. */
  const widthOf = (column: VirtualTableColumn, i: number): string => {
    const px = resized.px[column.id];
    return px === undefined ? `${widths[i] ?? 0}ch + ${CELL_PADDING_REM}rem` : `${px}px`;
  };
  const cellClass = (id: string) => (numeric.has(id) ? `${styles.cell} ${styles.numeric}` : styles.cell);
  const indexes: number[] = [];
  for (let i = firstIndex; i >= 0 && i <= lastIndex; i++) indexes.push(i);
  const padTop = firstIndex > 0 ? firstIndex * rowHeight : 0;
  const padBottom = lastIndex >= 0 ? (rowCount - 1 - lastIndex) * rowHeight : 0;

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
        onScroll={onScroll}
      >
        <table
          className={styles.table}
          aria-rowcount={rowCount + 1}
          style={{ width: `calc(${columns.map(widthOf).join(' + ')})` }}
        >
          <caption className={styles.visuallyHidden}>{caption}</caption>
          <colgroup>
            {columns.map((column, i) => (
              <col key={column.id} style={{ width: `calc(${widthOf(column, i)})` }} />
            ))}
          </colgroup>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id} aria-rowindex={1}>
                {group.headers.map((header, i) => {
                  const column = columns[i];
                  if (!column) return null;
                  const label = headerLabel(column);
                  const px = resized.px[column.id];
                  return (
                    // Named by its text alone: the resize handle inside has a name of its own.
                    <th key={header.id} scope="col" className={cellClass(column.id)} aria-label={label}>
                      <table.FlexRender header={header} />
                      <ColumnResizer
                        label={label}
                        width={px ?? (widths[i] ?? 0) * CH_PX + CELL_PADDING_REM * 16}
                        onResize={(width) => resized.set(column.id, width)}
                        onReset={() => resized.set(column.id, null)}
                      />
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {padTop > 0 && (
              <tr aria-hidden="true" style={{ height: padTop }}>
                <td colSpan={columns.length} />
              </tr>
            )}
            {indexes.map((index) => {
              if (rows.text(index, 0) === null && columns.length > 0)
                return (
                  // A dropped page being fetched again: a row of the same height keeps the scroll still.
                  <tr
                    key={index}
                    aria-rowindex={index + 2}
                    aria-busy="true"
                    className={styles.placeholder}
                    style={{ height: rowHeight }}
                  >
                    <td colSpan={columns.length}>Loading rows…</td>
                  </tr>
                );
              return (
                <tr key={index} aria-rowindex={index + 2} style={{ height: rowHeight }}>
                  {columns.map((column, i) => {
                    // Cells are plain text: no renderer component per cell, so a jump that draws
                    // a whole new screen of rows stays within a frame.
                    const text = rows.text(index, i) ?? '';
                    const full = rows.fullText?.(index, i);
                    return (
                      <td
                        key={column.id}
                        className={cellClass(column.id)}
                        title={
                          full !== undefined && full !== text
                            ? full
                            : resized.px[column.id] !== undefined || textWidth(text) > (widths[i] ?? 0)
                              ? text || undefined
                              : undefined
                        }
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
