/**
 * Rows of a query page stored per column (docs/decisions/0011-table-memory.md): numbers in a
 * Float64Array with a null bitmap, timestamps as epoch ms plus their offset in minutes (printed
 * back byte-identical to the API's text), everything else dictionary-encoded (location names
 * repeat). A page of 50,000 LMP rows takes about 2 MB instead of an object per row, and its
 * buffers can be transferred from a worker without copying.
 */
import type { CellValue } from '@/contract';
import { civilDate, daysFromCivil } from '@/contract/centralTime';

export interface NumberColumn {
  kind: 'number';
  values: Float64Array;
  /** Bit i set: row i is null. */
  nulls: Uint8Array;
}

export interface TimeColumn {
  kind: 'time';
  /** Epoch milliseconds (whole seconds). */
  ms: Float64Array;
  /** The offset the API wrote the time with, in minutes east of UTC (-360 for `-06:00`). */
  offsetMin: Int16Array;
  nulls: Uint8Array;
}

export interface DictColumn {
  kind: 'dict';
  codes: Uint8Array | Uint16Array | Uint32Array;
  /** The distinct values in order of first appearance (`null` included when present). */
  dict: CellValue[];
}

export type ColumnData = NumberColumn | TimeColumn | DictColumn;

export interface ColumnarPage {
  names: string[];
  rowCount: number;
  columns: ColumnData[];
}

const isNull = (nulls: Uint8Array, i: number): boolean => ((nulls[i >> 3] ?? 0) & (1 << (i & 7))) !== 0;
const setNull = (nulls: Uint8Array, i: number): void => {
  nulls[i >> 3] = (nulls[i >> 3] ?? 0) | (1 << (i & 7));
};

// ---------------------------------------------------------------- timestamps

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const isLeap = (y: number): boolean => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;

function digits(s: string, from: number, count: number): number {
  let n = 0;
  for (let i = from; i < from + count; i++) {
    const c = s.charCodeAt(i) - 48;
    if (c < 0 || c > 9) return -1;
    n = n * 10 + c;
  }
  return n;
}

/**
 * `2024-03-01T00:00:00-06:00` (the contract's only form: second precision, explicit offset) as
 * epoch ms and offset minutes, or null for any other text: only what prints back byte-identical
 * is read as a time, so a column with any other spelling stays text.
 */
export function parseIsoOffset(s: string): { ms: number; offsetMin: number } | null {
  if (s.length !== 25) return null;
  if (s[4] !== '-' || s[7] !== '-' || s[10] !== 'T' || s[13] !== ':' || s[16] !== ':' || s[22] !== ':')
    return null;
  const sign = s[19] === '+' ? 1 : s[19] === '-' ? -1 : 0;
  const y = digits(s, 0, 4);
  const mo = digits(s, 5, 2);
  const d = digits(s, 8, 2);
  const h = digits(s, 11, 2);
  const mi = digits(s, 14, 2);
  const se = digits(s, 17, 2);
  const oh = digits(s, 20, 2);
  const om = digits(s, 23, 2);
  if (sign === 0 || y < 0 || mo < 1 || mo > 12 || d < 1 || h < 0 || h > 23 || mi < 0 || mi > 59) return null;
  if (se < 0 || se > 59 || oh < 0 || oh > 23 || om < 0 || om > 59) return null;
  const monthDays = mo === 2 && isLeap(y) ? 29 : (DAYS_IN_MONTH[mo - 1] ?? 0);
  if (d > monthDays) return null;
  const offsetMin = sign * (oh * 60 + om);
  // `-00:00` would print back as `+00:00`.
  if (offsetMin === 0 && sign < 0) return null;
  const localMs = ((daysFromCivil(y, mo, d) * 24 + h) * 60 + mi) * 60_000 + se * 1000;
  return { ms: localMs - offsetMin * 60_000, offsetMin };
}

const pad2 = (n: number): string => (n < 10 ? `0${n}` : String(n));

/** The inverse of `parseIsoOffset`: the API's text again, byte for byte. */
export function formatIsoOffset(ms: number, offsetMin: number): string {
  const local = ms + offsetMin * 60_000;
  const days = Math.floor(local / 86_400_000);
  const secs = Math.round((local - days * 86_400_000) / 1000);
  const [y, mo, d] = civilDate(days);
  const abs = Math.abs(offsetMin);
  return (
    `${String(y).padStart(4, '0')}-${pad2(mo)}-${pad2(d)}T` +
    `${pad2(Math.floor(secs / 3600))}:${pad2(Math.floor(secs / 60) % 60)}:${pad2(secs % 60)}` +
    `${offsetMin < 0 ? '-' : '+'}${pad2(Math.floor(abs / 60))}:${pad2(abs % 60)}`
  );
}

// ---------------------------------------------------------------- building

function numberColumn(rows: readonly (readonly CellValue[])[], c: number): NumberColumn | null {
  const n = rows.length;
  const values = new Float64Array(n);
  const nulls = new Uint8Array((n + 7) >> 3);
  for (let i = 0; i < n; i++) {
    const v = rows[i]?.[c] ?? null;
    if (typeof v === 'number') values[i] = v;
    else if (v === null) setNull(nulls, i);
    else return null;
  }
  return { kind: 'number', values, nulls };
}

function timeColumn(rows: readonly (readonly CellValue[])[], c: number): TimeColumn | null {
  const n = rows.length;
  const ms = new Float64Array(n);
  const offsetMin = new Int16Array(n);
  const nulls = new Uint8Array((n + 7) >> 3);
  let times = 0;
  for (let i = 0; i < n; i++) {
    const v = rows[i]?.[c] ?? null;
    if (v === null) {
      setNull(nulls, i);
      continue;
    }
    if (typeof v !== 'string') return null;
    const t = parseIsoOffset(v);
    if (t === null) return null;
    ms[i] = t.ms;
    offsetMin[i] = t.offsetMin;
    times++;
  }
  return times > 0 ? { kind: 'time', ms, offsetMin, nulls } : null;
}

function dictColumn(rows: readonly (readonly CellValue[])[], c: number): DictColumn {
  const n = rows.length;
  const codes = new Uint32Array(n);
  const index = new Map<CellValue, number>();
  const dict: CellValue[] = [];
  for (let i = 0; i < n; i++) {
    const v = rows[i]?.[c] ?? null;
    let code = index.get(v);
    if (code === undefined) {
      code = dict.length;
      dict.push(v);
      index.set(v, code);
    }
    codes[i] = code;
  }
  // Most text columns hold a few hundred values: one or two bytes a row instead of four.
  const narrow =
    dict.length <= 0x100 ? Uint8Array.from(codes) : dict.length <= 0x10000 ? Uint16Array.from(codes) : codes;
  return { kind: 'dict', codes: narrow, dict };
}

/** Rows in `array_of_arrays` order (one array per row, cells in the order of `names`) as columns. */
export function toColumnar(names: readonly string[], rows: readonly (readonly CellValue[])[]): ColumnarPage {
  const columns = names.map(
    (_, c): ColumnData => numberColumn(rows, c) ?? timeColumn(rows, c) ?? dictColumn(rows, c),
  );
  return { names: [...names], rowCount: rows.length, columns };
}

// ---------------------------------------------------------------- reading

/** One cell as the API sent it (undefined past the page's rows or columns). */
export function cellValue(page: ColumnarPage, column: number, row: number): CellValue | undefined {
  const col = page.columns[column];
  if (!col || row < 0 || row >= page.rowCount) return undefined;
  switch (col.kind) {
    case 'number':
      return isNull(col.nulls, row) ? null : (col.values[row] ?? null);
    case 'time':
      return isNull(col.nulls, row) ? null : formatIsoOffset(col.ms[row] ?? 0, col.offsetMin[row] ?? 0);
    case 'dict':
      return col.dict[col.codes[row] ?? 0] ?? null;
  }
}

/** The page back as row arrays (what a CSV line or a row object needs), for the rows asked for only. */
export function pageRows(page: ColumnarPage, from = 0, to = page.rowCount): CellValue[][] {
  const out: CellValue[][] = [];
  for (let r = Math.max(0, from); r < Math.min(to, page.rowCount); r++)
    out.push(page.columns.map((_, c) => cellValue(page, c, r) ?? null));
  return out;
}

/** Epoch ms of a time column's row, or null (the chart's x axis reads these without parsing text). */
export function timeMs(col: ColumnData, row: number): number | null {
  if (col.kind === 'time') return isNull(col.nulls, row) ? null : (col.ms[row] ?? null);
  if (col.kind === 'dict') {
    const v = col.dict[col.codes[row] ?? 0];
    if (typeof v !== 'string') return null;
    const ms = Date.parse(v);
    return Number.isNaN(ms) ? null : ms;
  }
  return null;
}

/** A numeric column's value, or null. */
export function numberAt(col: ColumnData, row: number): number | null {
  if (col.kind === 'number') return isNull(col.nulls, row) ? null : (col.values[row] ?? null);
  if (col.kind === 'dict') {
    const v = col.dict[col.codes[row] ?? 0];
    return typeof v === 'number' ? v : null;
  }
  return null;
}

/** The buffers to transfer (not copy) when a page crosses from a worker. */
export function transferables(page: ColumnarPage): ArrayBuffer[] {
  const out: ArrayBuffer[] = [];
  for (const col of page.columns) {
    if (col.kind === 'number') out.push(col.values.buffer as ArrayBuffer, col.nulls.buffer as ArrayBuffer);
    else if (col.kind === 'time')
      out.push(
        col.ms.buffer as ArrayBuffer,
        col.offsetMin.buffer as ArrayBuffer,
        col.nulls.buffer as ArrayBuffer,
      );
    else out.push(col.codes.buffer as ArrayBuffer);
  }
  return out;
}
