import {
  type CellValue,
  JSON_SCHEMA_ALIASES,
  JSON_SCHEMAS,
  type JsonSchema,
  type RowArrays,
} from '@/contract';
import { oneOf } from '../engine/params';

/**
 * Output encoders of contract §4, free of msw. CSV pages run to 50,000 rows, so the CSV path
 * avoids per-cell regex work for numbers and builds one string with a single join per line.
 */

/** A cell as encoders accept it: wire cells, plus arrays/objects written as JSON text (catalog CSV). */
export type EncodableCell = CellValue | readonly unknown[] | Readonly<Record<string, unknown>> | undefined;

const NEEDS_QUOTES = /[",\r\n]/;
const QUOTE = /"/g;

function csvText(text: string): string {
  return NEEDS_QUOTES.test(text) ? `"${text.replace(QUOTE, '""')}"` : text;
}

/** One CSV field (RFC 4180): null/undefined empty, booleans `true`/`false`, objects as JSON text. */
export function csvField(value: EncodableCell): string {
  switch (typeof value) {
    case 'number':
      return Number.isFinite(value) ? String(value) : '';
    case 'string':
      return csvText(value);
    case 'boolean':
      return value ? 'true' : 'false';
    case 'undefined':
      return '';
    default:
      return value === null ? '' : csvText(JSON.stringify(value));
  }
}

/** One CSV line without its line end. */
function csvLine(cells: readonly EncodableCell[]): string {
  const out = new Array<string>(cells.length);
  for (let i = 0; i < cells.length; i++) out[i] = csvField(cells[i]);
  return out.join(',');
}

/** Header line, then one line per row; every line ends with `\n`. */
export function toCsv(columns: readonly string[], rows: readonly (readonly EncodableCell[])[]): string {
  const lines = new Array<string>(rows.length + 1);
  lines[0] = csvLine(columns);
  for (let i = 0; i < rows.length; i++) lines[i + 1] = csvLine(rows[i] ?? []);
  return lines.join('\n') + '\n';
}

/** Rows given as objects are laid out in `columns` order (missing keys become null). */
export function rowToArray(columns: readonly string[], row: Readonly<Record<string, unknown>>): CellValue[] {
  const out = new Array<CellValue>(columns.length);
  for (let i = 0; i < columns.length; i++) {
    const value = row[columns[i] ?? ''];
    out[i] = value === undefined ? null : (value as CellValue);
  }
  return out;
}

/**
 * `array_of_arrays`: the column names first, then each row in that order. Rows may be objects
 * or arrays already in column order. An empty result is `[[...columns]]`.
 */
export function toArrayOfArrays(
  columns: readonly string[],
  rows: readonly (readonly CellValue[] | Readonly<Record<string, unknown>>)[],
): RowArrays {
  const out: RowArrays = [[...columns]];
  for (const row of rows) {
    out.push(
      Array.isArray(row)
        ? [...(row as readonly CellValue[])]
        : rowToArray(columns, row as Readonly<Record<string, unknown>>),
    );
  }
  return out;
}

/** `json_schema` with its hyphenated aliases; absent → `array_of_objects`; anything else → 400. */
export function normaliseJsonSchema(raw: string | undefined): JsonSchema {
  return oneOf('json_schema', raw, JSON_SCHEMAS, 'array_of_objects', { aliases: JSON_SCHEMA_ALIASES });
}
