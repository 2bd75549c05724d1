/**
 * The types of a dataset's columns in a typed file or table (a Parquet export, a table of the SQL
 * page) and the reading of a CSV page of the API into them: timestamps as UTC instants, the
 * `_local` twins as the market's wall clock, numbers as doubles, everything else as text.
 */
import type { DatasetColumn } from '@/contract';
import { parseCsv } from '@/lib/csv';
import { parseIsoOffset } from '@/time';

/**
 * `timestamp`: an instant (UTC-adjusted). `wallClock`: a `_local` column, the market's clock as it
 * read then, without a zone (pandas and DuckDB show it as written: 18:00, not 00:00 UTC); its `_utc`
 * twin tells the repeated autumn hour apart.
 */
export type ColumnKind = 'timestamp' | 'wallClock' | 'double' | 'string';

/** The type a column is written with: the metadata's, a wall clock for a `_local` twin of a time; text otherwise. */
export function kindOf(name: string, columns: readonly DatasetColumn[]): ColumnKind {
  const declared = columns.find((c) => c.name === name);
  if (declared === undefined && name.endsWith('_local')) {
    const twin = columns.find((c) => c.name === `${name.slice(0, -6)}_utc`);
    if (twin?.is_datetime) return 'wallClock';
  }
  if (declared?.is_datetime) return 'timestamp';
  if (declared?.is_numeric) return 'double';
  return 'string';
}

/** A CSV text's header and records. Without quotes it is split natively (the API quotes only what needs it). */
export function csvRecords(text: string): { header: string[]; records: string[][] } {
  if (text.includes('"')) {
    const [header = [], ...records] = parseCsv(text);
    return { header, records: records.filter((r) => !(r.length === 1 && r[0] === '')) };
  }
  const lines = text.split('\n');
  // The line end after the last record starts no record.
  while (lines.length > 0 && (lines[lines.length - 1] === '' || lines[lines.length - 1] === '\r'))
    lines.pop();
  const records: string[][] = [];
  let header: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    let line = lines[i] ?? '';
    if (line.endsWith('\r')) line = line.slice(0, -1);
    if (i === 0) header = line === '' ? [] : line.split(',');
    else records.push(line.split(','));
  }
  return { header, records };
}

/** An ISO timestamp as the instant (epoch ms), or as its own clock reading (epoch ms of that wall time in UTC). */
export function timeValue(text: string, kind: 'timestamp' | 'wallClock'): number {
  const parsed = parseIsoOffset(text);
  if (parsed) return kind === 'timestamp' ? parsed.ms : parsed.ms + parsed.offsetMin * 60_000;
  // Another spelling: an instant as Date reads it; a clock reading from its digits alone.
  return kind === 'timestamp' ? Date.parse(text) : Date.parse(`${text.slice(0, 19)}Z`);
}
