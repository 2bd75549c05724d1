import type { CSSProperties, ReactNode } from 'react';
import styles from './DataTable.module.css';

export interface DataTableColumn<T> {
  id: string;
  header: ReactNode;
  cell: (row: T) => ReactNode;
  /** Right-aligned with tabular figures, so digits line up down the column. */
  numeric?: boolean;
  /** Cells of this column name their row (`<th scope="row">`), for screen-reader table navigation. */
  rowHeader?: boolean;
  /** Keep the cell on one line (timestamps, ids). */
  nowrap?: boolean;
  /** A floor for prose columns, so a narrow screen scrolls the table instead of stacking words. */
  minWidth?: string;
}

export interface DataTableProps<T> {
  /** Every table is named; the caption doubles as the scroll region's label. */
  caption: string;
  /** Keep the caption for assistive technology only, when a heading right above already says it. */
  hideCaption?: boolean;
  columns: readonly DataTableColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T, index: number) => string;
  /** Header stays visible while the rows scroll inside the container (needs `maxHeight`). */
  stickyHeader?: boolean;
  /** Rows scroll inside the container beyond this height instead of lengthening the page. */
  maxHeight?: string;
  /** Shown in a single full-width row when there are no rows. */
  empty?: ReactNode;
  /** Extra class for the scroll container (spacing chosen by the page). */
  className?: string;
}

/**
 * A plain, accessible table: a caption, header cells with scope, right-aligned numbers, and a
 * horizontally scrolling container that is a labelled, focusable region so keyboard users can
 * scroll it too (WCAG 2.1.1). Knows nothing of the data it shows.
 */
export function DataTable<T>({
  caption,
  hideCaption = false,
  columns,
  rows,
  rowKey,
  stickyHeader = false,
  maxHeight,
  empty = 'No rows.',
  className,
}: DataTableProps<T>) {
  const scrollStyle: CSSProperties | undefined = maxHeight ? { maxHeight } : undefined;
  const cellClass = (column: DataTableColumn<T>): string | undefined =>
    [column.numeric ? styles.numeric : '', column.nowrap ? styles.nowrap : ''].filter(Boolean).join(' ') ||
    undefined;

  return (
    <div
      className={[styles.scroll, className].filter(Boolean).join(' ')}
      style={scrollStyle}
      role="region"
      aria-label={caption}
      tabIndex={0}
    >
      <table className={[styles.table, stickyHeader ? styles.sticky : ''].filter(Boolean).join(' ')}>
        <caption className={hideCaption ? styles.visuallyHidden : styles.caption}>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th
                key={column.id}
                scope="col"
                className={cellClass(column)}
                style={column.minWidth ? { minWidth: column.minWidth } : undefined}
              >
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className={styles.empty}>
                {empty}
              </td>
            </tr>
          ) : (
            rows.map((row, index) => (
              <tr key={rowKey(row, index)}>
                {columns.map((column) =>
                  column.rowHeader ? (
                    <th key={column.id} scope="row" className={cellClass(column)}>
                      {column.cell(row)}
                    </th>
                  ) : (
                    <td key={column.id} className={cellClass(column)}>
                      {column.cell(row)}
                    </td>
                  ),
                )}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
