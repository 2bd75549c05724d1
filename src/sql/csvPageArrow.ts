/**
 * A CSV page of the API as an Arrow table with the column types of the dataset's metadata, the
 * same typing as the Parquet export (`api/exports/columnKinds.ts`): timestamps as UTC instants and
 * the `_local` twins as the market's wall clock, both as zone-less millisecond timestamps (DuckDB's
 * `TIMESTAMP_MS`: a TIMESTAMP WITH TIME ZONE would need the ICU extension, which is not there
 * offline, and every function on one hangs), numbers as doubles, everything else as text. An
 * empty cell is NULL.
 */
import { Float64, makeData, makeVector, Table, TimestampMillisecond, Utf8, type Vector } from 'apache-arrow';
import { csvRecords, kindOf, timeValue, type ColumnKind } from '@/api/exports/columnKinds';
import type { DatasetColumn } from '@/contract';

/** The validity bitmap of `n` values (bit set = present) and how many are missing; none when all are present. */
function validity(
  n: number,
  missing: (i: number) => boolean,
): { bitmap: Uint8Array | undefined; nullCount: number } {
  const bitmap = new Uint8Array(Math.ceil(n / 8));
  let nullCount = 0;
  for (let i = 0; i < n; i++) {
    if (missing(i)) nullCount += 1;
    else bitmap[i >> 3] = (bitmap[i >> 3] ?? 0) | (1 << (i & 7));
  }
  return { bitmap: nullCount === 0 ? undefined : bitmap, nullCount };
}

function doubles(cells: readonly string[]): Vector {
  const n = cells.length;
  const values = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const cell = cells[i] ?? '';
    values[i] = cell === '' ? 0 : Number(cell);
  }
  const { bitmap, nullCount } = validity(n, (i) => (cells[i] ?? '') === '');
  return makeVector(
    makeData({ type: new Float64(), length: n, nullCount, nullBitmap: bitmap, data: values }),
  );
}

function timestamps(cells: readonly string[], kind: 'timestamp' | 'wallClock'): Vector {
  const n = cells.length;
  const values = new BigInt64Array(n);
  const ms = new Float64Array(n);
  // Rows of many locations share an instant: the same text is read once.
  let lastText: string | null = null;
  let last = Number.NaN;
  for (let i = 0; i < n; i++) {
    const cell = cells[i] ?? '';
    if (cell !== lastText) {
      last = cell === '' ? Number.NaN : timeValue(cell, kind);
      lastText = cell;
    }
    ms[i] = last;
    values[i] = Number.isNaN(last) ? 0n : BigInt(last);
  }
  const { bitmap, nullCount } = validity(n, (i) => Number.isNaN(ms[i]));
  return makeVector(
    makeData({ type: new TimestampMillisecond(), length: n, nullCount, nullBitmap: bitmap, data: values }),
  );
}

/**
 * Text as Arrow's UTF-8 layout (offsets into one buffer of bytes), made directly: Arrow's
 * builders compile their null check with `new Function`, which the app's policy refuses.
 */
function texts(cells: readonly string[]): Vector {
  const n = cells.length;
  const encoder = new TextEncoder();
  const offsets = new Int32Array(n + 1);
  const parts: Uint8Array[] = [];
  let length = 0;
  for (let i = 0; i < n; i++) {
    const cell = cells[i] ?? '';
    const bytes = encoder.encode(cell);
    parts.push(bytes);
    length += bytes.length;
    offsets[i + 1] = length;
  }
  const data = new Uint8Array(length);
  let at = 0;
  for (const part of parts) {
    data.set(part, at);
    at += part.length;
  }
  const { bitmap, nullCount } = validity(n, (i) => (cells[i] ?? '') === '');
  return makeVector(
    makeData({ type: new Utf8(), length: n, nullCount, nullBitmap: bitmap, valueOffsets: offsets, data }),
  );
}

function columnVector(cells: readonly string[], kind: ColumnKind): Vector {
  if (kind === 'double') return doubles(cells);
  if (kind === 'timestamp' || kind === 'wallClock') return timestamps(cells, kind);
  return texts(cells);
}

/** The kinds of a page's columns by their names in the header. */
function columnKinds(header: readonly string[], columns: readonly DatasetColumn[]): ColumnKind[] {
  return header.map((name) => kindOf(name, columns));
}

/** A CSV page (header and records) as an Arrow table typed by the dataset's columns. */
export function csvPageToArrow(text: string, columns: readonly DatasetColumn[]): Table {
  const { header, records } = csvRecords(text);
  const kinds = columnKinds(header, columns);
  const vectors: Record<string, Vector> = {};
  header.forEach((name, c) => {
    const cells = records.map((r) => r[c] ?? '');
    vectors[name] = columnVector(cells, kinds[c] ?? 'string');
  });
  return new Table(vectors);
}
