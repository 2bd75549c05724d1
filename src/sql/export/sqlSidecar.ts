/**
 * The `<file>.query.json` beside an SQL export, in the export sidecar's conventions
 * (api/exports/sidecar.ts): the file, its format, the rows and when, the key never written; then
 * what makes an SQL result traceable: the SQL, and every table it read (those its text names, and
 * the tables a saved result among them was built from), each with its source and the API requests
 * that made it.
 */
import { sidecarFilename } from '@/api/exports/sidecar';
import type { SqlTable } from '../types';

export { sidecarFilename };

export type SqlExportFormat = 'csv' | 'spreadsheet' | 'parquet';

const FORMAT_NAMES: Record<SqlExportFormat, string> = {
  csv: 'csv',
  spreadsheet: 'csv for spreadsheets',
  parquet: 'parquet',
};

const words = (sql: string): Set<string> => new Set(sql.toLowerCase().match(/[a-z_][a-z0-9_]*/g) ?? []);

/**
 * The tables `sql` reads: each table whose name is a word of the text, then, for a saved result
 * among them, the tables its own SQL names. A name in a comment or a string counts too: listing a
 * table the SQL did not read is better than leaving out one it did.
 */
export function tablesRead(sql: string, tables: readonly SqlTable[]): SqlTable[] {
  const byName = new Map(tables.map((t) => [t.name, t]));
  const read = new Set<string>();
  const visit = (text: string) => {
    for (const word of words(text)) {
      const table = byName.get(word);
      if (table === undefined || read.has(word)) continue;
      read.add(word);
      if (table.source.kind === 'sql') visit(table.source.sql);
    }
  };
  visit(sql);
  return tables.filter((t) => read.has(t.name));
}

export interface SqlSidecarJob {
  filename: string;
  format: SqlExportFormat;
  sql: string;
  rows: number;
  exportedAt: Date;
}

export function sqlSidecarText(job: SqlSidecarJob, tables: readonly SqlTable[]): string {
  return `${JSON.stringify(
    {
      file: job.filename,
      format: FORMAT_NAMES[job.format],
      sql: job.sql,
      rows: job.rows,
      exported_at: job.exportedAt.toISOString(),
      api_key: 'not written: send yours in the x-api-key header',
      tables: tablesRead(job.sql, tables).map((t) => ({
        name: t.name,
        source: t.source,
        rows: t.rowCount,
        columns: t.columns.map((c) => ({ name: c.name, type: c.type, ...(c.unit ? { unit: c.unit } : {}) })),
        requests: t.requests.map((r) => ({ url: r.url, parameters: r.parameters })),
      })),
    },
    null,
    2,
  )}\n`;
}
