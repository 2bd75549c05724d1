/**
 * An SQL result as Parquet, batch by batch, each batch a row group, with the export's own pieces
 * (api/exports/parquetFile.ts: the schema of each kind and the writer whose bytes leave the heap
 * after every row group). Types follow `sqlColumnKind`: TIMESTAMP as INT64 milliseconds, adjusted
 * to UTC for an instant and not for a `_local` wall clock; integers as INT64; DOUBLE, FLOAT and
 * DECIMAL as DOUBLE; DATE as DATE; BOOLEAN; everything else as UTF-8 text.
 */
import { ParquetWriter } from 'hyparquet-writer';
import { blobPartsWriter, schemaElement, type ParquetColumnKind } from '@/api/exports/parquetFile';
import type { SqlColumn, SqlRows } from '../types';
import { sqlColumnKind } from './sqlColumnKinds';

const DAY_MS = 86_400_000;

type Cell = number | string | boolean | null;

function columnData(rows: SqlRows, column: number, kind: ParquetColumnKind): unknown[] {
  const out = new Array<unknown>(rows.rowCount);
  for (let r = 0; r < rows.rowCount; r++) {
    const v: Cell = rows.value(r, column);
    out[r] = v === null ? null : convert(v, kind);
  }
  return out;
}

function convert(v: number | string | boolean, kind: ParquetColumnKind): unknown {
  switch (kind) {
    case 'timestamp':
    case 'wallClock':
    case 'int64': {
      const n = typeof v === 'number' ? v : Number(v);
      return Number.isFinite(n) ? BigInt(Math.trunc(n)) : null;
    }
    case 'date': {
      const n = typeof v === 'number' ? v : Number(v);
      return Number.isFinite(n) ? Math.floor(n / DAY_MS) : null;
    }
    case 'double':
      return typeof v === 'number' ? v : Number(v);
    case 'boolean':
      return typeof v === 'boolean' ? v : v === 'true';
    case 'string':
      return String(v);
  }
}

export class SqlParquetWriter {
  private readonly parts: Blob[] = [];
  private readonly kinds: ParquetColumnKind[];
  private readonly writer: ParquetWriter;

  constructor(
    private readonly columns: readonly SqlColumn[],
    metadata: Record<string, string>,
  ) {
    this.kinds = columns.map(sqlColumnKind);
    // A result of no columns still makes a readable file.
    const names = columns.length > 0 ? columns.map((c) => c.name) : ['no_columns'];
    const kinds = columns.length > 0 ? this.kinds : (['string'] as const);
    this.writer = new ParquetWriter({
      writer: blobPartsWriter(this.parts),
      schema: [
        { name: 'root', num_children: names.length },
        ...names.map((n, i) => schemaElement(n, kinds[i] ?? 'string')),
      ],
      createdBy: 'GridScope',
      kvMetadata: Object.entries(metadata).map(([key, value]) => ({ key, value })),
    });
  }

  add(rows: SqlRows): void {
    if (rows.rowCount === 0 || this.columns.length === 0) return;
    const columnData_ = this.columns.map((c, i) => {
      const kind = this.kinds[i] ?? 'string';
      const data = columnData(rows, i, kind) as never;
      return kind === 'timestamp' || kind === 'wallClock'
        ? { name: c.name, data, encoding: 'DELTA_BINARY_PACKED' as const }
        : { name: c.name, data };
    });
    void this.writer.write({ columnData: columnData_, rowGroupSize: rows.rowCount });
  }

  finish(): Blob {
    void this.writer.finish();
    return new Blob(this.parts, { type: 'application/vnd.apache.parquet' });
  }
}
