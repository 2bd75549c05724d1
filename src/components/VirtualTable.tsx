import {
  columnOrderingFeature,
  columnPinningFeature,
  columnResizingFeature,
  columnSizingFeature,
  columnVisibilityFeature,
  createColumnHelper,
  functionalUpdate,
  tableFeatures,
  useTable,
  type Column,
  type ColumnSizingState,
  type Updater,
} from '@tanstack/react-table';
import {
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
  type ReactNode,
  type UIEvent,
} from 'react';
import { flushSync } from 'react-dom';
import { ColumnResizer, MAX_COLUMN_PX, MIN_COLUMN_PX } from './ColumnResizer';
import { columnWidths, textWidth } from './columnWidths';
import { columnWindow } from './columnWindow';
import { TableColumnsMenu, type TableView } from './TableColumnsMenu';
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
interface Rect {
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
  /** Visibility, order and pinning, owned by the caller (kept in the URL); with it comes a Columns menu. */
  view?: TableView;
  onViewChange?: (view: TableView) => void;
}

const features = tableFeatures({
  columnSizingFeature,
  columnResizingFeature,
  columnVisibilityFeature,
  columnOrderingFeature,
  columnPinningFeature,
});
type Features = typeof features;
const helper = createColumnHelper<Features, Record<string, never>>();
/** The header model needs no row data: body cells are read from `rows` directly. */
const NO_DATA: Record<string, never>[] = [];
const NO_VIEW: TableView = { hidden: [], pinned: [], order: [] };

/** Horizontal padding of a cell (0.75rem each side, as in the stylesheet), in px at 16px/rem. */
const CELL_PADDING_PX = 24;
/** The width of `0` at the table's font size (0.875rem) until it is measured in the page. */
const FALLBACK_CH_PX = 7.7;

/**
 * Widths in `ch` that only grow while the same result is shown: loading the next page never
 * narrows a column under the reader's eyes. A new result (new columns or a new first row) starts afresh.
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

let measuredChPx: number | null = null;

/**
 * The px of one `ch` at the table's font size (0.875rem) in this page's font, measured once per
 * page (jsdom measures 0: the fallback stays).
 */
function chPx(): number {
  if (measuredChPx !== null) return measuredChPx;
  if (typeof document === 'undefined') return FALLBACK_CH_PX;
  const probe = document.createElement('span');
  probe.style.cssText =
    'position:absolute;visibility:hidden;white-space:nowrap;font-size:0.875rem;width:100ch';
  document.body.append(probe);
  const width = probe.getBoundingClientRect().width / 100;
  probe.remove();
  measuredChPx = width > 0 ? width : FALLBACK_CH_PX;
  return measuredChPx;
}

/** Widths the user set (drag or keys), by column id; forgotten with a new set of columns. */
function useResizedWidths(columns: readonly VirtualTableColumn[]) {
  const [resized, setResized] = useState<{ columns: readonly VirtualTableColumn[]; px: ColumnSizingState }>({
    columns,
    px: {},
  });
  const px = resized.columns === columns ? resized.px : {};
  const update = (updater: Updater<ColumnSizingState>) =>
    setResized((current) => ({
      columns,
      px: functionalUpdate(updater, current.columns === columns ? current.px : {}),
    }));
  return { px, update };
}

function headerLabel(column: VirtualTableColumn): string {
  return column.unit ? `${column.header} (${column.unit})` : column.header;
}

/** A pinned column sticks at its offset from the start; the last pinned one casts an edge. */
function pinnedStyle(column: Column<Features, Record<string, never>>): CSSProperties | undefined {
  if (column.getIsPinned() !== 'start') return undefined;
  return { position: 'sticky', insetInlineStart: column.getStart('start') };
}

// Rows drawn beyond the view on each side: enough for keyboard and wheel steps, few enough that a
// jump renders quickly.
const OVERSCAN = 5;
// Columns drawn beyond the view on each side: a small horizontal scroll or a Tab into the next
// column lands on cells already drawn.
const OVERSCAN_COLUMNS = 2;

/**
 * A large result as a real table: TanStack Table for the column model (sizes, resizing,
 * visibility, order, pinning), a fixed-height window for the rows (the DOM holds only the rows in
 * view plus a few, spacer rows keep the scroll height honest), a sticky header, and a focusable
 * region that scrolls with arrow, page, Home and End keys.
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
  view = NO_VIEW,
  onViewChange,
}: VirtualTableProps) {
  const [ch] = useState(chPx);
  const widths = useStableWidths(columns, rows);
  const resized = useResizedWidths(columns);
  // Column definitions carry the fitted width as their size; the user's widths are sizing state.
  const columnDefs = useMemo(
    () =>
      columns.map((column, i) =>
        helper.display({
          id: column.id,
          header: headerLabel(column),
          size: Math.round((widths[i] ?? 0) * ch + CELL_PADDING_PX),
          minSize: MIN_COLUMN_PX,
          maxSize: MAX_COLUMN_PX,
        }),
      ),
    [columns, widths, ch],
  );
  const state = useMemo(
    () => ({
      columnSizing: resized.px,
      columnVisibility: Object.fromEntries(view.hidden.map((id) => [id, false])),
      columnPinning: { start: [...view.pinned], end: [] },
      columnOrder: [...view.order],
    }),
    [resized.px, view],
  );
  // The table model gives the columns, their sizes and order; body cells are read straight from
  // `rows`, so scrolling through a million rows never builds (and keeps) a row or cell object per row.
  const table = useTable({
    features,
    columns: columnDefs,
    data: NO_DATA,
    state,
    columnResizeMode: 'onChange',
    onColumnSizingChange: (updater) => {
      resized.update(updater);
      syncScrollLeft();
    },
  });
  const pinnedColumns = table.getStartVisibleLeafColumns();
  const centerColumns = table.getCenterVisibleLeafColumns();
  const shown = [...pinnedColumns, ...centerColumns];
  const indexOf = useMemo(() => new Map(columns.map((c, i) => [c.id, i])), [columns]);
  const headerOf = new Map(table.getLeafHeaders().map((h) => [h.column.id, h]));
  const rowCount = rows.count;

  const scrollRef = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [viewHeight, setViewHeight] = useState(0);
  const [viewWidth, setViewWidth] = useState(0);
  // The horizontal offset the drawn columns were chosen for: set only when another set of columns
  // is due (or the columns' sizes, order or the view changed), so a sideways scroll within the
  // drawn columns re-renders nothing.
  const [scrollLeft, setScrollLeft] = useState(0);
  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    const measure = () => {
      setViewHeight(el.clientHeight);
      setViewWidth(el.clientWidth);
      setScrollLeft(el.scrollLeft);
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  /** Takes the region's current offset, after a change that moves columns under it. */
  const syncScrollLeft = () => {
    const el = scrollRef.current;
    if (el) setScrollLeft(el.scrollLeft);
  };
  // Rows all have one height, so the window is arithmetic: nothing is kept per row, and a result
  // growing to a million rows costs no more per page than one of a thousand (a virtualizer that
  // measures every row walked all of them on each new page; bench table-grid, decision 0011).
  const shownHeight = viewHeight > 0 ? viewHeight : fallbackRect.height;
  const maxTop = Math.max(0, rowCount * rowHeight - shownHeight);
  const top = Math.min(scrollTop, maxTop);
  const firstIndex = rowCount === 0 ? -1 : Math.max(0, Math.floor(top / rowHeight) - OVERSCAN);
  const lastIndex =
    rowCount === 0 ? -1 : Math.min(rowCount - 1, Math.ceil((top + shownHeight) / rowHeight) - 1 + OVERSCAN);
  // Columns are virtualised like rows (a 30-column result drew 30 cells a row, and the frame's
  // layout grew with them: decision 0031). Pinned columns are always drawn; of the others, those
  // meeting the view plus a few, with a spacer cell before and after for the rest's width.
  const pinnedWidth = pinnedColumns.reduce((sum, column) => sum + column.getSize(), 0);
  const centerSizes = centerColumns.map((column) => column.getSize());
  const shownWidth = viewWidth > 0 ? viewWidth : fallbackRect.width;
  const windowAt = (left: number) =>
    columnWindow(centerSizes, pinnedWidth, left, shownWidth, OVERSCAN_COLUMNS);
  const columnsDrawn = windowAt(scrollLeft);
  // Drawn in the scroll event itself, so no frame shows the spacer where rows or columns should be.
  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    const next = event.currentTarget.scrollTop;
    const nextLeft = event.currentTarget.scrollLeft;
    const moved = windowAt(nextLeft);
    const newColumns = moved.first !== columnsDrawn.first || moved.last !== columnsDrawn.last;
    flushSync(() => {
      setScrollTop(next);
      if (newColumns) setScrollLeft(nextLeft);
    });
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
  const classOf = (column: Column<Features, Record<string, never>>): string => {
    const pinned = column.getIsPinned() === 'start';
    return [
      styles.cell,
      numeric.has(column.id) ? styles.numeric : '',
      pinned ? styles.pinned : '',
      pinned && column.getIsLastColumn('start') ? styles.pinnedEdge : '',
    ]
      .filter(Boolean)
      .join(' ');
  };
  const drawn =
    columnsDrawn.first < 0
      ? pinnedColumns
      : [...pinnedColumns, ...centerColumns.slice(columnsDrawn.first, columnsDrawn.last + 1)];
  const firstCenterPosition = pinnedColumns.length + Math.max(0, columnsDrawn.first);
  // Computed once per render for the columns drawn, not per cell.
  const cellColumns = drawn.map((column, i) => ({
    column,
    // Its place among all columns shown (1-based), for assistive tech: most are not in the DOM.
    colIndex: i < pinnedColumns.length ? i + 1 : firstCenterPosition + (i - pinnedColumns.length) + 1,
    index: indexOf.get(column.id) ?? -1,
    className: classOf(column),
    style: pinnedStyle(column),
    resized: resized.px[column.id] !== undefined,
    fitted: widths[indexOf.get(column.id) ?? -1] ?? 0,
  }));
  const indexes: number[] = [];
  for (let i = firstIndex; i >= 0 && i <= lastIndex; i++) indexes.push(i);
  // Rows are keyed by slot, not by index: a row scrolled out lends its DOM row to the one scrolled
  // in, whose cells get new text, instead of one row removed and another built. The window never
  // draws more rows than there are slots, so no two drawn rows share one.
  const slots = Math.ceil(shownHeight / rowHeight) + 1 + 2 * OVERSCAN;
  const padTop = firstIndex > 0 ? firstIndex * rowHeight : 0;
  const padBottom = lastIndex >= 0 ? (rowCount - 1 - lastIndex) * rowHeight : 0;
  const spacers = { before: columnsDrawn.before, after: columnsDrawn.after };
  const span = Math.max(1, drawn.length + (spacers.before > 0 ? 1 : 0) + (spacers.after > 0 ? 1 : 0));
  // Cells standing in for the columns not drawn on each side (their <col> gives the width), placed
  // after the pinned cells and after the drawn ones; a th in the header, so it sticks with it.
  const withSpacers = (cells: ReactNode[], Cell: 'th' | 'td'): ReactNode[] => [
    ...cells.slice(0, pinnedColumns.length),
    spacers.before > 0 && <Cell key="spacer-before" aria-hidden="true" className={styles.spacer} />,
    ...cells.slice(pinnedColumns.length),
    spacers.after > 0 && <Cell key="spacer-after" aria-hidden="true" className={styles.spacer} />,
  ];

  return (
    <div className={styles.wrapper}>
      {onViewChange && (
        <TableColumnsMenu
          columns={columns.map((c) => ({ id: c.id, label: headerLabel(c) }))}
          view={view}
          onViewChange={(next) => {
            onViewChange(next);
            syncScrollLeft();
          }}
        />
      )}
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
          aria-colcount={shown.length}
          style={{ width: table.getTotalSize() }}
        >
          <caption className={styles.visuallyHidden}>{caption}</caption>
          <colgroup>
            {pinnedColumns.map((column) => (
              <col key={column.id} style={{ width: column.getSize() }} />
            ))}
            {spacers.before > 0 && <col key="spacer-before" style={{ width: spacers.before }} />}
            {drawn.slice(pinnedColumns.length).map((column) => (
              <col key={column.id} style={{ width: column.getSize() }} />
            ))}
            {spacers.after > 0 && <col key="spacer-after" style={{ width: spacers.after }} />}
          </colgroup>
          <thead>
            <tr aria-rowindex={1}>
              {withSpacers(
                cellColumns.map(({ column, className, style, index, colIndex }) => {
                  const source = columns[index];
                  const header = headerOf.get(column.id);
                  if (!source) return null;
                  const label = headerLabel(source);
                  return (
                    // Named by its text alone: the resize handle inside has a name of its own.
                    <th
                      key={column.id}
                      scope="col"
                      className={className}
                      style={style}
                      aria-label={label}
                      aria-colindex={colIndex}
                    >
                      {label}
                      <ColumnResizer
                        label={label}
                        width={column.getSize()}
                        onPointerStart={header?.getResizeHandler()}
                        onResize={(px) => table.setColumnSizing((old) => ({ ...old, [column.id]: px }))}
                        onReset={() => column.resetSize()}
                      />
                    </th>
                  );
                }),
                'th',
              )}
            </tr>
          </thead>
          <tbody>
            {padTop > 0 && (
              <tr aria-hidden="true" style={{ height: padTop }}>
                <td colSpan={span} />
              </tr>
            )}
            {indexes.map((index) => {
              if (rows.text(index, 0) === null && columns.length > 0)
                return (
                  // A dropped page being fetched again: a row of the same height keeps the scroll still.
                  <tr
                    key={index % slots}
                    aria-rowindex={index + 2}
                    aria-busy="true"
                    className={styles.placeholder}
                    style={{ height: rowHeight }}
                  >
                    <td colSpan={span}>Loading rows…</td>
                  </tr>
                );
              return (
                <tr key={index % slots} aria-rowindex={index + 2} style={{ height: rowHeight }}>
                  {withSpacers(
                    cellColumns.map(
                      ({ column, index: c, className, style, resized: wasResized, fitted, colIndex }) => {
                        // Cells are plain text: no renderer component per cell, so a jump that draws
                        // a whole new screen of rows stays within a frame.
                        const text = rows.text(index, c) ?? '';
                        const full = rows.fullText?.(index, c);
                        return (
                          <td
                            key={column.id}
                            className={className}
                            style={style}
                            aria-colindex={colIndex}
                            title={
                              full !== undefined && full !== text
                                ? full
                                : wasResized || textWidth(text) > fitted
                                  ? text || undefined
                                  : undefined
                            }
                          >
                            {text}
                          </td>
                        );
                      },
                    ),
                    'td',
                  )}
                </tr>
              );
            })}
            {padBottom > 0 && (
              <tr aria-hidden="true" style={{ height: padBottom }}>
                <td colSpan={span} />
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
