/**
 * A Parquet file written a page at a time (docs/decisions/0018-export-formats.md): every page of
 * the walk becomes one row group, written by hyparquet-writer and moved at once into a Blob part,
 * so the JS heap holds one page, never the file. Columns are typed from the dataset's metadata:
 * timestamps as UTC instants (INT64 milliseconds, adjusted to UTC, so pandas and DuckDB read them
 * as time-zone-aware), numbers as doubles, everything else as UTF-8 strings.
 */
import { ByteWriter, ParquetWriter } from 'hyparquet-writer';
import type { DatasetColumn } from '@/api/types';
import { cellValue, type ColumnarPage, type ColumnData } from '@/lib/columnar';

type SchemaElement = ConstructorParameters<typeof ParquetWriter>[0]['schema'][number];

type ParquetKind = 'timestamp' | 'double' | 'string';

/** The type a column is written with: the metadata's, a `_local` twin's `_utc` column's, or what the page holds. */
function kindOf(name: string, columns: readonly DatasetColumn[], data: ColumnData): ParquetKind {
  const declared =
    columns.find((c) => c.name === name) ??
    (name.endsWith('_local') ? columns.find((c) => c.name === `${name.slice(0, -6)}_utc`) : undefined);
  if (declared?.is_datetime) return 'timestamp';
  if (declared?.is_numeric) return 'double';
  if (declared) return 'string';
  return data.kind === 'time' ? 'timestamp' : data.kind === 'number' ? 'double' : 'string';
}

function schemaElement(name: string, kind: ParquetKind): SchemaElement {
  const optional = { name, repetition_type: 'OPTIONAL' } as const;
  if (kind === 'timestamp')
    return {
      ...optional,
      type: 'INT64',
      logical_type: { type: 'TIMESTAMP', isAdjustedToUTC: true, unit: 'MILLIS' },
    };
  if (kind === 'double') return { ...optional, type: 'DOUBLE' };
  return { ...optional, type: 'BYTE_ARRAY', converted_type: 'UTF8' };
}

const isNull = (nulls: Uint8Array, i: number): boolean => ((nulls[i >> 3] ?? 0) & (1 << (i & 7))) !== 0;
const hasNulls = (nulls: Uint8Array): boolean => nulls.some((b) => b !== 0);

/** One page's column as the values the writer takes for its type. */
function columnValues(page: ColumnarPage, index: number, kind: ParquetKind): ArrayLike<unknown> {
  const data = page.columns[index];
  const n = page.rowCount;
  if (data === undefined) return new Array<null>(n).fill(null);
  if (kind === 'double' && data.kind === 'number') {
    if (!hasNulls(data.nulls)) return data.values.subarray(0, n);
    return Array.from({ length: n }, (_, i) => (isNull(data.nulls, i) ? null : data.values[i]));
  }
  if (kind === 'timestamp' && data.kind === 'time')
    return Array.from({ length: n }, (_, i) => (isNull(data.nulls, i) ? null : BigInt(data.ms[i] ?? 0)));
  if (kind === 'string' && data.kind === 'dict') {
    const text = data.dict.map((v) => (v === null ? null : String(v)));
    return Array.from(data.codes.subarray(0, n), (code) => text[code] ?? null);
  }
  // A page whose column came out another way (all null, or mixed): cell by cell.
  return Array.from({ length: n }, (_, i) => {
    const v = cellValue(page, index, i) ?? null;
    if (v === null) return null;
    if (kind === 'string') return String(v);
    if (kind === 'double') return typeof v === 'number' ? v : Number(v);
    const ms = typeof v === 'string' ? Date.parse(v) : NaN;
    return Number.isNaN(ms) ? null : BigInt(ms);
  });
}

/** A writer whose bytes leave the heap into Blob parts after every row group. */
function blobPartsWriter(parts: Blob[]): ByteWriter {
  const writer = new ByteWriter(1 << 20);
  const flush = (): void => {
    if (writer.index === 0) return;
    parts.push(new Blob([writer.getBytes().slice()]));
    writer.index = 0;
  };
  return Object.assign(writer, { flush, finish: flush });
}

export class ParquetFile {
  private readonly parts: Blob[] = [];
  private writer: ParquetWriter | null = null;
  private kinds: ParquetKind[] = [];
  private names: string[] = [];

  constructor(
    private readonly columns: readonly DatasetColumn[],
    /** Key-value metadata for the footer: the dataset, the query, the time zone. */
    private readonly metadata: Record<string, string> = {},
  ) {}

  /** Writes one page as a row group. The first page fixes the columns and their types. */
  addPage(page: ColumnarPage): void {
    if (page.rowCount === 0) {
      if (this.writer === null && page.names.length > 0) this.start(page);
      return;
    }
    if (this.writer === null) this.start(page);
    const writer = this.writer as ParquetWriter;
    const columnData = this.names.map((name, i) => {
      const at = page.names.indexOf(name);
      const data =
        at < 0
          ? new Array<null>(page.rowCount).fill(null)
          : columnValues(page, at, this.kinds[i] ?? 'string');
      return { name, data: data as never };
    });
    void writer.write({ columnData, rowGroupSize: page.rowCount });
  }

  private start(page: ColumnarPage): void {
    this.names = [...page.names];
    this.kinds = page.names.map((name, i) =>
      kindOf(name, this.columns, page.columns[i] ?? { kind: 'dict', codes: new Uint8Array(), dict: [] }),
    );
    const schema: SchemaElement[] = [
      { name: 'root', num_children: this.names.length },
      ...this.names.map((name, i) => schemaElement(name, this.kinds[i] ?? 'string')),
    ];
    this.writer = new ParquetWriter({
      writer: blobPartsWriter(this.parts),
      schema,
      createdBy: 'GridScope',
      kvMetadata: Object.entries(this.metadata).map(([key, value]) => ({ key, value })),
    });
  }

  /** The whole file; an export of no rows still has its columns when the server named them. */
  finish(): Blob {
    if (this.writer === null)
      this.start({
        names: ['no_rows'],
        rowCount: 0,
        columns: [{ kind: 'dict', codes: new Uint8Array(), dict: [] }],
      });
    void (this.writer as ParquetWriter).finish();
    return new Blob(this.parts, { type: 'application/vnd.apache.parquet' });
  }
}
