/**
 * An SQL result as CSV, batch by batch, with the app's one CSV writer (lib/csvWriter.ts): text a
 * spreadsheet would run as a formula is neutralised in both flavours, as in every CSV the app
 * makes (decision 0018). Numbers are written as the shortest text that reads back as the same
 * double; booleans as `true`/`false`; a NULL as an empty field.
 *
 * Times, the rule chosen: the plain CSV writes an instant as ISO 8601 in UTC with `Z`
 * (`2025-07-14T05:00:00Z`, milliseconds only when there are some) and a `_local` wall clock as
 * ISO without a zone (`2025-07-14T00:00:00`), so pandas and DuckDB read the first as UTC and the
 * second as a clock reading. The spreadsheet flavour writes both as `2025-07-14 05:00:00`, which
 * Excel and LibreOffice read as a date-time (they do not read `T…Z`), as the spreadsheet export
 * of a query writes its `_utc` columns; the instants are still UTC. DATE is `2025-07-14`.
 */
import { UTF8_BOM } from '@/api/exports/spreadsheetCsv';
import { csvLine, type CsvCell } from '@/lib/csvWriter';
import type { SqlColumn, SqlRows } from '../types';
import { sqlColumnKind } from './sqlColumnKinds';

export type SqlCsvFlavour = 'csv' | 'spreadsheet';

function isoText(ms: number, zone: 'Z' | ''): string {
  const iso = new Date(ms).toISOString();
  const clock = iso.endsWith('.000Z') ? iso.slice(0, 19) : iso.slice(0, 23);
  return `${clock}${zone}`;
}

type CellWriter = (value: number | string | boolean | null) => CsvCell;

function cellWriter(column: SqlColumn, flavour: SqlCsvFlavour): CellWriter {
  const kind = sqlColumnKind(column);
  const time =
    (write: (ms: number) => string): CellWriter =>
    (v) =>
      typeof v === 'number' && Number.isFinite(v) ? write(v) : v === null ? null : String(v);
  if (kind === 'timestamp' || kind === 'wallClock') {
    if (flavour === 'spreadsheet') return time((ms) => isoText(ms, '').replace('T', ' '));
    return time((ms) => isoText(ms, kind === 'timestamp' ? 'Z' : ''));
  }
  if (kind === 'date') return time((ms) => new Date(ms).toISOString().slice(0, 10));
  return (v) => (typeof v === 'boolean' ? String(v) : v);
}

/** The file's text a batch at a time: the header with the first batch, a BOM first for spreadsheets. */
export class SqlCsvWriter {
  private readonly parts: string[] = [];
  private readonly writers: CellWriter[];

  constructor(
    private readonly columns: readonly SqlColumn[],
    private readonly flavour: SqlCsvFlavour,
  ) {
    this.writers = columns.map((c) => cellWriter(c, flavour));
    this.parts.push(`${flavour === 'spreadsheet' ? UTF8_BOM : ''}${csvLine(columns.map((c) => c.name))}\n`);
  }

  add(rows: SqlRows): void {
    const lines = new Array<string>(rows.rowCount);
    const cells = new Array<CsvCell>(this.columns.length);
    for (let r = 0; r < rows.rowCount; r++) {
      for (let c = 0; c < this.columns.length; c++) cells[c] = this.writers[c]?.(rows.value(r, c)) ?? null;
      lines[r] = csvLine(cells);
    }
    if (lines.length > 0) this.parts.push(`${lines.join('\n')}\n`);
  }

  finish(): Blob {
    return new Blob(this.parts, { type: 'text/csv;charset=utf-8' });
  }
}
