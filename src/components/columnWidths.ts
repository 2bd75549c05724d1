import type { TableRows } from './tableRows';

/** What a column's width is estimated from. */
export interface WidthColumn {
  id: string;
  /** The header text as shown (unit included). */
  label: string;
}

/** Rows read to estimate widths: spread over the whole result, so a long value late on counts too. */
const SAMPLE_ROWS = 256;
const MIN_CHARS = 4;
/** Longer values are cut with an ellipsis (the whole value stays in the DOM and in a tooltip). */
export const MAX_CHARS = 48;
/** Bold header text is wider than body text. */
const HEADER_FACTOR = 1.1;

/**
 * Width of `text` in `ch` (the width of the digit `0`), from the classes of its characters in a
 * proportional sans-serif: digits are exactly 1, capitals wider, punctuation narrower. Estimated
 * on the generous side, so that values are rarely cut.
 */
export function textWidth(text: string): number {
  let width = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 48 && c <= 57) width += 1;
    else if (c >= 65 && c <= 90) width += 1.3;
    else if (c >= 97 && c <= 122) width += 1;
    else if (c === 32) width += 0.5;
    else if (c < 128) width += 0.8;
    else width += 1.6;
  }
  return width;
}

/**
 * Column widths in `ch`, fixed for the whole table: the browser then lays out each new row on its
 * own (`table-layout: fixed`) instead of re-measuring every column whenever rows scroll in, and
 * columns stop jumping sideways as values of other lengths come into view.
 */
export function columnWidths(columns: readonly WidthColumn[], rows: TableRows): number[] {
  const count = rows.count;
  const step = Math.max(1, Math.floor(count / SAMPLE_ROWS));
  return columns.map((column, c) => {
    let widest = 0;
    // Rows not loaded (dropped pages) are skipped: widths only grow, so what they held still counts.
    const measure = (row: number) => {
      const text = rows.text(row, c);
      if (text !== null) widest = Math.max(widest, textWidth(text));
    };
    for (let i = 0; i < count; i += step) measure(i);
    if (count > 0) measure(count - 1);
    const header = textWidth(column.label) * HEADER_FACTOR;
    return Math.ceil(Math.max(MIN_CHARS, Math.min(MAX_CHARS, widest), header));
  });
}
