/**
 * CSV for files a person opens in a spreadsheet: RFC 4180 quoting, plus neutralising text that a
 * spreadsheet would run as a formula (CSV injection). Numbers are written as numbers, so a
 * negative price stays a number and is never prefixed.
 */
import type { CellValue } from '@/api/types';

/** Leading characters that make Excel, Sheets or LibreOffice evaluate a cell. */
const FORMULA_START = /^[=+\-@\t\r]/;
const NUMBER_TEXT = /^-?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

/** Prefixes `'` to text a spreadsheet would treat as a formula. */
export function neutraliseText(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

const NEEDS_QUOTES = /[",\r\n]/;

function quote(text: string): string {
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * Whether text needs a formula prefix or quotes, by its character codes: a million-row export
 * checks every text cell, and most (timestamps, location names) need neither.
 */
function isPlainText(text: string): boolean {
  const first = text.charCodeAt(0);
  // = + - @ \t \r
  if (first === 61 || first === 43 || first === 45 || first === 64 || first === 9 || first === 13)
    return false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    // " , \r \n
    if (c === 34 || c === 44 || c === 13 || c === 10) return false;
  }
  return true;
}

/** One cell: null → empty, numbers and booleans as written, text neutralised then quoted. */
export function csvField(value: CellValue | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return isPlainText(value) ? value : quote(neutraliseText(value));
}

/** One line, with its `\n`. */
export function csvLine(values: readonly (CellValue | undefined)[]): string {
  let line = '';
  for (let i = 0; i < values.length; i++) line += i === 0 ? csvField(values[i]) : `,${csvField(values[i])}`;
  return `${line}\n`;
}

/** Header line (names are text too, so they are neutralised like any cell). */
export function csvHeader(columns: readonly string[]): string {
  return csvLine(columns);
}

/** Rows of `array_of_arrays` data as CSV lines (no header). */
export function csvRows(rows: readonly (readonly CellValue[])[]): string {
  let out = '';
  for (const row of rows) out += csvLine(row);
  return out;
}

/** Splits CSV text (RFC 4180) into rows of fields. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let i = 0;
  while (i < text.length) {
    const ch = text.charAt(i);
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
      } else field += ch;
      i += 1;
      continue;
    }
    if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i += 1;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += ch;
    i += 1;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/**
 * Re-writes CSV text from the API (which returns data as it is) for a person: numeric-looking
 * fields stay untouched, text fields are neutralised.
 */
export function neutraliseCsv(text: string): string {
  return parseCsv(text)
    .map((fields) => fields.map((f) => (NUMBER_TEXT.test(f) ? f : quote(neutraliseText(f)))).join(',') + '\n')
    .join('');
}
