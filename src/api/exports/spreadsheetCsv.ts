/**
 * CSV for a spreadsheet (docs/decisions/0018-export-formats.md): the API's CSV page rewritten so
 * that Excel and LibreOffice read it without a wizard. Every timestamp is written as a plain
 * `YYYY-MM-DD HH:MM:SS` (which both parse as a date-time), once in market time with its UTC offset in hours
 * beside it (`-5`, `-6`: a number, which no spreadsheet runs) and once in UTC; for hourly data, ERCOT's own reading of the hour comes first: the
 * market day, the hour ending (HE01–HE24, HE03 missing on the spring day) and a DST flag `Y` on the
 * repeated hour of the autumn day. The file starts with a UTF-8 BOM (added by the export, once)
 * and text that a spreadsheet would run as a formula is neutralised as in every export. Records are
 * written by the app's one CSV writer; the API's values keep the characters it wrote.
 */
import { parseCsv } from '@/lib/csv';
import { csvLine, type CsvCell } from '@/lib/csvWriter';
import { zoneOffsetMs } from '@/time';

export const UTF8_BOM = '\uFEFF';

export interface SpreadsheetLayout {
  /** The market's time zone (the dataset's `data_timezone`). */
  timeZone: string;
  /** The columns that hold instants (`is_datetime` in the metadata). */
  datetimeColumns: readonly string[];
  /** The column the rows are indexed by; its hour is the one `hour_ending` reads. */
  timeIndexColumn: string;
  /** Hourly rows: add market day, hour ending and DST flag. */
  hourly: boolean;
}

export interface SpreadsheetPage {
  /** The header line (only meaningful for the first page). */
  header: string;
  body: string;
  rows: number;
}

const HOUR_MS = 3_600_000;

/** The market zone's offset per UTC hour: DST changes fall on whole hours, so one lookup serves 12 five-minute rows. */
function offsetClock(timeZone: string): (ms: number) => number {
  const cache = new Map<number, number>();
  return (ms) => {
    const hour = Math.floor(ms / HOUR_MS);
    let offset = cache.get(hour);
    if (offset === undefined) {
      offset = zoneOffsetMs(hour * HOUR_MS, timeZone);
      cache.set(hour, offset);
    }
    return offset;
  };
}

/** `2025-07-01 13:00:00` from epoch ms read as wall time. */
const wallText = (ms: number): string => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');

/** The offset as signed hours (`-5`, `-6`): a number, so a spreadsheet neither runs nor mangles it. */
const offsetHours = (offsetMs: number): number => Math.round(offsetMs / 60_000) / 60;

/** A `_utc` column's name without the suffix (`interval_start_utc` → `interval_start`). */
const baseName = (name: string): string => name.replace(/_utc$/, '');

/** Rewrites one CSV page of the API for a spreadsheet; the header is rebuilt from every page, the export keeps the first. */
export function spreadsheetCsvPage(text: string, layout: SpreadsheetLayout): SpreadsheetPage {
  const [names = [], ...records] = parseCsv(text);
  const datetimes = new Set(layout.datetimeColumns);
  const offsetAt = offsetClock(layout.timeZone);
  // The server's `_local` twins are replaced by the market-time columns written here.
  const keep = names
    .map((name, index) => ({ name, index }))
    .filter(({ name }) => !(name.endsWith('_local') && names.includes(`${name.slice(0, -6)}_utc`)));
  const indexAt = names.indexOf(layout.timeIndexColumn);

  const header: string[] = layout.hourly && indexAt >= 0 ? ['market_date', 'hour_ending', 'dst_flag'] : [];
  for (const { name } of keep) {
    if (datetimes.has(name))
      header.push(`${baseName(name)}_market`, `${baseName(name)}_utc_offset_hours`, `${baseName(name)}_utc`);
    else header.push(name);
  }

  const lines: string[] = [];
  for (const record of records) {
    const out: CsvCell[] = [];
    if (layout.hourly && indexAt >= 0) {
      const ms = Date.parse(record[indexAt] ?? '');
      if (Number.isNaN(ms)) out.push('', '', '');
      else {
        const wall = ms + offsetAt(ms);
        const hour = new Date(wall).getUTCHours();
        // The repeated hour of the autumn day reads the same wall hour as the instant an hour before it.
        const repeated = new Date(ms - HOUR_MS + offsetAt(ms - HOUR_MS)).getUTCHours() === hour;
        out.push(wallText(wall).slice(0, 10), `HE${String(hour + 1).padStart(2, '0')}`, repeated ? 'Y' : 'N');
      }
    }
    for (const { name, index } of keep) {
      const cell = record[index] ?? '';
      // The API's text as it wrote it: a number keeps its digits, text is neutralised by the writer.
      if (!datetimes.has(name)) {
        out.push(cell);
        continue;
      }
      const ms = Date.parse(cell);
      if (cell === '' || Number.isNaN(ms)) out.push('', '', cell);
      else {
        const offset = offsetAt(ms);
        out.push(wallText(ms + offset), offsetHours(offset), wallText(ms));
      }
    }
    lines.push(csvLine(out));
  }
  return {
    header: `${csvLine(header)}\n`,
    body: lines.length > 0 ? `${lines.join('\n')}\n` : '',
    rows: lines.length,
  };
}
