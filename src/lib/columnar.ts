/**
 * Rows of a query page stored per column (docs/decisions/0011-table-memory.md): numbers in a
 * Float64Array with a null bitmap, timestamps as epoch ms plus their offset in minutes (printed
 * back byte-identical to the API's text), everything else dictionary-encoded (location names
 * repeat). A page of 50,000 LMP rows takes about 2 MB instead of an object per row, and its
 * buffers can be transferred from a worker without copying.
 */
import type { CellValue } from '@/contract';
import { formatWithOffset, parseIsoOffset } from '@/time';

interface NumberColumn {
  kind: 'number';
  values: Float64Array;
  /** Bit i set: row i is null. */
  nulls: Uint8Array;
}

interface TimeColumn {
  kind: 'time';
  /** Epoch milliseconds (whole seconds). */
  ms: Float64Array;
  /** The offset the API wrote the time with, in minutes east of UTC (-360 for `-06:00`). */
  offsetMin: Int16Array;
  nulls: Uint8Array;
}

interface DictColumn {
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
      return isNull(col.nulls, row) ? null : formatWithOffset(col.ms[row] ?? 0, col.offsetMin[row] ?? 0);
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
