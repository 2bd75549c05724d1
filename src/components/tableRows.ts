import type { CellValue, Row } from '@/contract';

/**
 * What VirtualTable reads its body from: a row count for the scroll height and a cell's text on
 * demand, so rows can be held however suits their owner (in columns, partly dropped) and the
 * table never builds an object per row.
 */
export interface TableRows {
  /** Rows the scroll height covers, held or not. */
  readonly count: number;
  /** A cell's text (`column` indexes the table's columns), or null while its row is not loaded. */
  text(row: number, column: number): string | null;
  /**
   * The cell's whole value where the shown text rounds it (a price shown to the cent), for the
   * tooltip; undefined where the text is the whole value.
   */
  fullText?(row: number, column: number): string | undefined;
  /**
   * The same for every state of one result while its pages arrive or are dropped; another value
   * means another result, whose column widths start afresh.
   */
  readonly result: unknown;
}

/** A cell's value as the table shows it: blank where there is none. */
export function cellText(value: CellValue | undefined): string {
  if (value === null || value === undefined) return '';
  return String(value);
}

/** Plain row objects as TableRows (small tables, tests). Keep `rows` stable: a new array is a new result. */
export function objectRows(rows: readonly Row[], columnIds: readonly string[]): TableRows {
  return {
    count: rows.length,
    text: (row, column) => {
      const r = rows[row];
      const id = columnIds[column];
      return r && id !== undefined ? cellText(r[id]) : null;
    },
    result: rows[0] ?? rows,
  };
}
