/**
 * The one CSV writer of the app: the spreadsheet flavour of "Export all rows" and Compare's
 * aligned and events files are written here. (The plain CSV export is the server's own text,
 * which `neutraliseCsvText` in csv.ts passes through under the same formula rule, imported from
 * here.) RFC 4180: a header row first, `\n` after every record, a field quoted only when it holds
 * a comma, a quote or a line break. Metadata never goes into the file as a comment line, which
 * `pandas.read_csv` and spreadsheets would read as a record: it goes into a sidecar file.
 *
 * Numbers, the rule every file follows:
 * - Values the API sent are written as the API wrote them: the exports pass its text through.
 * - A number the app writes is first rounded to its column's precision (`CsvNumberFormat`), then
 *   written as the shortest decimal that reads back as exactly that rounded double (JavaScript's
 *   own shortest round-trip form). So a file never holds more digits than a double carries, nor
 *   the binary noise of arithmetic: `0.9400000000000013` at 4 decimals is `0.94`.
 * - A column of values the app computes (Compare's aligned series, an event's peak and mean) is
 *   rounded to the decimals of the data it comes from plus `COMPUTED_EXTRA_DECIMALS`
 *   (`computedFormat`), and to `FALLBACK_SIGNIFICANT` significant digits when the data says
 *   nothing of its decimals (a ratio). A value the data holds has no more decimals than its
 *   column, so it is written exactly as the data has it; a mean gains two digits
 *   (`27.923333333333332` $/MWh of 2-decimal prices is `27.9233`).
 */

/** What a cell may hold: text, a number, or nothing (written as an empty field). */
export type CsvCell = string | number | null | undefined;

/** How a column's numbers are rounded before they are written. */
export type CsvNumberFormat = { decimals: number } | { significant: number };

export interface CsvOptions {
  /** Per column (by index): how its numbers are rounded; without one, a number is written as it is. */
  numbers?: readonly (CsvNumberFormat | undefined)[];
  /**
   * Put a `'` before text a spreadsheet would run as a formula (CSV injection). On by default:
   * every CSV the app makes is for a person who may open it in a spreadsheet. Numbers are never
   * touched, so a negative price stays a number.
   */
  neutralise?: boolean;
}

/** Decimals added to the data's own for a value the app computes from it (a mean, a spread). */
const COMPUTED_EXTRA_DECIMALS = 2;

/**
 * Significant digits for a computed value whose data gives no decimals (a ratio): enough for any
 * market quantity, and well short of the 15th–17th digits where the noise of arithmetic sits.
 */
const FALLBACK_SIGNIFICANT = 12;

/**
 * A value written in at most this many significant digits is a short decimal, as data is; more
 * means a computed value (a mean, or arithmetic noise, which needs 16–17 digits to round-trip).
 */
const DATA_SIGNIFICANT = 12;

/** A number the way a CSV reader (pandas, Excel, Number()) reads one, sign and exponent included. */
const NUMBER_TEXT = /^-?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

/** `= + - @ \t \r`: what makes a spreadsheet run a cell. */
export function isFormulaStart(c: number): boolean {
  return c === 61 || c === 43 || c === 45 || c === 64 || c === 9 || c === 13;
}

/** Text a spreadsheet would run as a formula: it starts like one and is not a plain number (`-5.25`). */
export function startsLikeFormula(text: string): boolean {
  return text.length > 0 && isFormulaStart(text.charCodeAt(0)) && !NUMBER_TEXT.test(text);
}

const NEEDS_QUOTES = /[",\r\n]/;

/** One text field: neutralised when asked, then quoted when it needs to be. */
function csvText(text: string, neutralise = true): string {
  const safe = neutralise && startsLikeFormula(text) ? `'${text}` : text;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

function rounded(value: number, format: CsvNumberFormat): number {
  // Rounded on the magnitude so that a tie goes away from zero on both sides of it; toFixed and
  // toPrecision round the double's exact binary value, so the result is the correctly rounded decimal.
  const magnitude = Math.abs(value);
  const text =
    'decimals' in format
      ? magnitude.toFixed(Math.min(100, Math.max(0, Math.trunc(format.decimals))))
      : magnitude.toPrecision(Math.min(100, Math.max(1, Math.trunc(format.significant))));
  const r = Number(text);
  return value < 0 ? -r : r;
}

/**
 * A number as a CSV field: rounded to `format` (when given), then the shortest text that reads back
 * as that double. NaN and infinities are missing values, written as an empty field; `-0` is `0`.
 */
export function csvNumber(value: number, format?: CsvNumberFormat): string {
  if (!Number.isFinite(value)) return '';
  const r = format === undefined ? value : rounded(value, format);
  return r === 0 ? '0' : String(r);
}

function csvField(cell: CsvCell, format: CsvNumberFormat | undefined, neutralise: boolean): string {
  if (typeof cell === 'number') return csvNumber(cell, format);
  if (cell === null || cell === undefined) return '';
  return csvText(cell, neutralise);
}

/** One record, without its line end. */
export function csvLine(cells: readonly CsvCell[], options: CsvOptions = {}): string {
  const neutralise = options.neutralise ?? true;
  const out = new Array<string>(cells.length);
  for (let i = 0; i < cells.length; i++) out[i] = csvField(cells[i], options.numbers?.[i], neutralise);
  return out.join(',');
}

/** A whole file: the header row, then one record per row, each line ended by `\n`. */
export function writeCsv(
  header: readonly string[],
  rows: Iterable<readonly CsvCell[]>,
  options: CsvOptions = {},
): string {
  const lines = [csvLine(header, { neutralise: options.neutralise })];
  for (const row of rows) lines.push(csvLine(row, options));
  return `${lines.join('\n')}\n`;
}

/** The fraction digits of a value's shortest decimal (`0.94` → 2, `1e-7` → 7, `1200` → 0). */
export function decimalsOf(value: number): number {
  if (!Number.isFinite(value)) return 0;
  const text = String(Math.abs(value));
  const e = text.search(/e/i);
  const mantissa = e === -1 ? text : text.slice(0, e);
  const exponent = e === -1 ? 0 : Number(text.slice(e + 1));
  const point = mantissa.indexOf('.');
  return Math.max(0, (point === -1 ? 0 : mantissa.length - point - 1) - exponent);
}

function significantOf(value: number): number {
  const text = String(Math.abs(value));
  const e = text.search(/e/i);
  const digits = (e === -1 ? text : text.slice(0, e)).replace('.', '').replace(/^0+/, '');
  return digits.length;
}

/**
 * The decimals a column's data has: the most that any value written as a short decimal shows.
 * Values that need more than `DATA_SIGNIFICANT` digits were computed (a mean of several points,
 * or noise) and say nothing about the data; null when no value is data-like (or there are none).
 */
export function dataDecimals(values: ArrayLike<number>): number | null {
  let most: number | null = null;
  for (let i = 0; i < values.length; i++) {
    const v = values[i] ?? Number.NaN;
    if (!Number.isFinite(v) || v === 0 || significantOf(v) > DATA_SIGNIFICANT) {
      if (v === 0) most ??= 0;
      continue;
    }
    const d = decimalsOf(v);
    if (most === null || d > most) most = d;
  }
  return most;
}

/** How the values the app computes from data of `decimals` are written (null: the data does not say). */
export function computedFormat(decimals: number | null): CsvNumberFormat {
  return decimals === null
    ? { significant: FALLBACK_SIGNIFICANT }
    : { decimals: decimals + COMPUTED_EXTRA_DECIMALS };
}
