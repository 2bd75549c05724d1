/**
 * Exports of an SQL result (issue 29 §4): CSV, CSV for spreadsheets or Parquet, each with its
 * `.query.json` (the SQL and the provenance of every table it read). A result cut at the row cap
 * is written whole: its SQL runs again and every row is written batch by batch, with progress and
 * Cancel.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { formatInteger } from '@/lib/format';
import { saveBlob } from '@/lib/saveBlob';
import { exportSqlResult, sqlExportBasename, type SqlExportFormat } from '@/sql/export/exportSqlResult';
import { tablesRead } from '@/sql/export/sqlSidecar';
import type { SqlResult, SqlTable } from '@/sql/types';

const FORMATS: Record<SqlExportFormat, { label: string; hint: string }> = {
  csv: {
    label: 'CSV',
    hint: 'Times are ISO 8601: instants in UTC with Z, the _local columns as wall-clock time without a zone.',
  },
  spreadsheet: {
    label: 'CSV for spreadsheets',
    hint: 'UTF-8 with a byte-order mark, times as 2025-07-14 05:00:00 (instants in UTC) so Excel and LibreOffice read them as dates.',
  },
  parquet: {
    label: 'Parquet',
    hint: 'Typed columns: instants as UTC timestamps, _local columns as wall-clock timestamps, numbers as numbers.',
  },
};
const FORMAT_ORDER: readonly SqlExportFormat[] = ['csv', 'spreadsheet', 'parquet'];

type Status =
  | { state: 'idle' }
  | { state: 'running'; rows: number }
  | { state: 'done'; message: string }
  | { state: 'failed'; message: string };

interface Props {
  result: SqlResult;
  tables: readonly SqlTable[];
}

export function SqlExportPanel({ result, tables }: Props) {
  const id = useId();
  const [format, setFormat] = useState<SqlExportFormat>('csv');
  const [status, setStatus] = useState<Status>({ state: 'idle' });
  const controller = useRef<AbortController | null>(null);
  // Leaving the panel stops an export still running.
  useEffect(() => () => controller.current?.abort(), []);

  const start = async () => {
    const abort = new AbortController();
    controller.current = abort;
    setStatus({ state: 'running', rows: 0 });
    try {
      const out = await exportSqlResult({
        result,
        tables,
        format,
        basename: sqlExportBasename(new Date(), tablesRead(result.sql, tables)[0]?.name ?? null),
        signal: abort.signal,
        onProgress: (rows) => {
          if (!abort.signal.aborted) setStatus({ state: 'running', rows });
        },
      });
      saveBlob(out.file, out.filename);
      saveBlob(out.sidecar, out.sidecarFilename);
      setStatus({
        state: 'done',
        message: `Saved ${out.filename} (${formatInteger(out.rows)} row${out.rows === 1 ? '' : 's'}) and ${out.sidecarFilename}.`,
      });
    } catch (e) {
      const cancelled = abort.signal.aborted;
      if (controller.current === abort)
        setStatus(
          cancelled
            ? { state: 'done', message: 'Export cancelled: no file was saved.' }
            : {
                state: 'failed',
                message: `The export failed: ${e instanceof Error ? e.message : String(e)}`,
              },
        );
    } finally {
      if (controller.current === abort) controller.current = null;
    }
  };

  const running = status.state === 'running';
  return (
    <section aria-label="Export the result">
      <p>
        Files contain data only: the API key is never written into them. Text that a spreadsheet would run as
        a formula is prefixed with <code>&apos;</code>. Beside each file, a <code>.query.json</code> holds the
        SQL and the API requests of every table it read.
      </p>
      {result.truncated && (
        <p>
          The page holds the first {formatInteger(result.rowCount)} rows of this result; the export runs the
          SQL again and writes every row.
        </p>
      )}
      <div>
        <label htmlFor={`${id}-format`}>Format</label>{' '}
        <select
          id={`${id}-format`}
          value={format}
          disabled={running}
          aria-describedby={`${id}-hint`}
          onChange={(e) => setFormat(e.target.value as SqlExportFormat)}
        >
          {FORMAT_ORDER.map((f) => (
            <option key={f} value={f}>
              {FORMATS[f].label}
            </option>
          ))}
        </select>{' '}
        <button type="button" disabled={running} onClick={() => void start()}>
          Export {result.truncated ? 'all rows' : 'the result'}
        </button>
        {running && (
          <>
            {' '}
            <button type="button" onClick={() => controller.current?.abort()}>
              Cancel export
            </button>
          </>
        )}
      </div>
      <p id={`${id}-hint`}>{FORMATS[format].hint}</p>
      <p role="status">
        {status.state === 'running'
          ? `Exporting… ${formatInteger(status.rows)} rows written.`
          : status.state === 'done'
            ? status.message
            : ''}
      </p>
      {status.state === 'failed' && <p role="alert">{status.message}</p>}
    </section>
  );
}
