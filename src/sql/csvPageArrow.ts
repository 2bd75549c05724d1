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

/** A column's missing values, as Arrow's validity bitmap (bit set = present); none when all are present. */
class Nulls {
  private readonly bitmap: Uint8Array;
  private count = 0;
  constructor(n: number) {
    this.bitmap = new Uint8Array(Math.ceil(n / 8)).fill(0xff);
  }
  set(i: number): void {
    this.bitmap[i >> 3] = (this.bitmap[i >> 3] ?? 0) & ~(1 << (i & 7));
    this.count += 1;
  }
  arrow(): { nullCount: number; nullBitmap: Uint8Array | undefined } {
    return { nullCount: this.count, nullBitmap: this.count === 0 ? undefined : this.bitmap };
  }
}

function doubles(cells: readonly string[]): Vector {
  const n = cells.length;
  const values = new Float64Array(n);
  const nulls = new Nulls(n);
  for (let i = 0; i < n; i++) {
    const cell = cells[i] ?? '';
    if (cell === '') nulls.set(i);
    else values[i] = Number(cell);
  }
  return makeVector(makeData({ type: new Float64(), length: n, ...nulls.arrow(), data: values }));
}

function timestamps(cells: readonly string[], kind: 'timestamp' | 'wallClock'): Vector {
  const n = cells.length;
  const values = new BigInt64Array(n);
  const nulls = new Nulls(n);
  // Rows of many locations share an instant: the same text is read (and made a BigInt) once.
  let lastText: string | null = null;
  let last = 0n;
  let missing = true;
  for (let i = 0; i < n; i++) {
    const cell = cells[i] ?? '';
    if (cell !== lastText) {
      const ms = cell === '' ? Number.NaN : timeValue(cell, kind);
      missing = Number.isNaN(ms);
      last = missing ? 0n : BigInt(ms);
      lastText = cell;
    }
    if (missing) nulls.set(i);
    else values[i] = last;
  }
  return makeVector(
    makeData({ type: new TimestampMillisecond(), length: n, ...nulls.arrow(), data: values }),
  );
}

/**
 * Text as Arrow's UTF-8 layout (offsets into one buffer of bytes), made directly: Arrow's
 * builders compile their null check with `new Function`, which the app's policy refuses.
 */
function texts(cells: readonly string[]): Vector {
  const n = cells.length;
  const offsets = new Int32Array(n + 1);
  const nulls = new Nulls(n);
  const joined = cells.join('');
  let data = new TextEncoder().encode(joined);
  if (data.length === joined.length) {
    // All ASCII (names, markets, types): one byte a character, so the offsets are the lengths.
    let at = 0;
    for (let i = 0; i < n; i++) {
      const cell = cells[i] ?? '';
      if (cell === '') nulls.set(i);
      at += cell.length;
      offsets[i + 1] = at;
    }
  } else {
    const encoder = new TextEncoder();
    const parts: Uint8Array[] = [];
    let length = 0;
    for (let i = 0; i < n; i++) {
      const cell = cells[i] ?? '';
      if (cell === '') nulls.set(i);
      const bytes = encoder.encode(cell);
      parts.push(bytes);
      length += bytes.length;
      offsets[i + 1] = length;
    }
    data = new Uint8Array(length);
    let at = 0;
    for (const part of parts) {
      data.set(part, at);
      at += part.length;
    }
  }
  return makeVector(makeData({ type: new Utf8(), length: n, ...nulls.arrow(), valueOffsets: offsets, data }));
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
