/**
 * An SQL result written as a file and its sidecar. A result the page holds whole is written from
 * it; one cut at the row cap runs its SQL again through `streamSql` (loaded when needed: it brings
 * DuckDB) and writes every row, batch by batch, with progress and a signal to stop.
 */
import type { SqlResult, SqlRows, SqlTable } from '../types';
import { SqlCsvWriter } from './sqlCsv';
import { sidecarFilename, sqlSidecarText, type SqlExportFormat } from './sqlSidecar';

export type { SqlExportFormat };

const SQL_EXPORT_EXTENSIONS: Record<SqlExportFormat, string> = {
  csv: 'csv',
  spreadsheet: 'csv',
  parquet: 'parquet',
};

export interface SqlExportFile {
  filename: string;
  file: Blob;
  sidecarFilename: string;
  sidecar: Blob;
  rows: number;
}

export interface SqlExportOptions {
  result: SqlResult;
  tables: readonly SqlTable[];
  format: SqlExportFormat;
  /** Without its extension: `sql_result_2025-07-14T1200`. */
  basename: string;
  /** Rows written so far, after each batch of a result past the cap. */
  onProgress?: (rows: number) => void;
  signal?: AbortSignal;
  now?: () => Date;
  /** Every row of the SQL (default: the session's `streamSql`); tests pass their own. */
  stream?: (
    sql: string,
    onBatch: (rows: SqlRows) => void | Promise<void>,
    signal?: AbortSignal,
  ) => Promise<number>;
}

interface BatchWriter {
  add(rows: SqlRows): void;
  finish(): Blob;
}

const loadStream = async () => (await import('@/sql/sqlSession')).streamSql;
/**
 * The Parquet writer (hyparquet-writer) loads with the first Parquet export, as the query
 * builder's does: the SQL page opens without it, and the two pages share its chunk.
 */
const loadParquetWriter = async () => (await import('./sqlParquet')).SqlParquetWriter;

/** A file name's stem for a result: `sql_<the first table it read, or result>_<UTC minute>`. */
export function sqlExportBasename(now: Date, first: string | null): string {
  const stamp = now.toISOString().slice(0, 16).replace(':', '');
  return `sql_${first ?? 'result'}_${stamp}`;
}

export async function exportSqlResult(options: SqlExportOptions): Promise<SqlExportFile> {
  const { result, format } = options;
  const filename = `${options.basename}.${SQL_EXPORT_EXTENSIONS[format]}`;
  const writer: BatchWriter =
    format === 'parquet'
      ? new (await loadParquetWriter())(result.columns, { 'gridscope:sql': result.sql })
      : new SqlCsvWriter(result.columns, format);
  let rows = result.rowCount;
  if (!result.truncated) writer.add(result);
  else {
    const stream = options.stream ?? (await loadStream());
    let written = 0;
    rows = await stream(
      result.sql,
      (batch) => {
        writer.add(batch);
        written += batch.rowCount;
        options.onProgress?.(written);
      },
      options.signal,
    );
  }
  options.signal?.throwIfAborted();
  const sidecar = sqlSidecarText(
    { filename, format, sql: result.sql, rows, exportedAt: (options.now ?? (() => new Date()))() },
    options.tables,
  );
  return {
    filename,
    file: writer.finish(),
    sidecarFilename: sidecarFilename(filename),
    sidecar: new Blob([sidecar], { type: 'application/json' }),
    rows,
  };
}
