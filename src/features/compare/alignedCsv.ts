/**
 * The aligned frame as CSV: one row per grid interval, its start in UTC and in the workspace's
 * zone (with the offset, so the repeated autumn hour is never ambiguous), then one column per
 * series. Labels carry user-typed text (filter values, expressions), so the file is neutralised
 * for spreadsheets like every other export.
 */
import { formatIsoOffset } from '@/lib/columnar';
import { neutraliseCsv } from '@/lib/csv';
import { isoUtc } from '@/lib/zones';
import { wallClock, type Grid } from './grid';

export interface CsvColumn {
  header: string;
  values: Float64Array | null;
}

const quote = (text: string): string => (/[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

export function alignedCsv(grid: Grid, columns: readonly CsvColumn[]): string {
  const wall = wallClock(grid.zone);
  const lines = [
    ['interval_start_utc', 'interval_start_local', ...columns.map((c) => c.header)].map(quote).join(','),
  ];
  for (let i = 0; i < grid.times.length; i++) {
    const t = grid.times[i] ?? 0;
    const cells = [isoUtc(t), formatIsoOffset(t, (wall(t) - t) / 60_000)];
    for (const c of columns) {
      const v = c.values?.[i] ?? Number.NaN;
      cells.push(Number.isNaN(v) ? '' : String(v));
    }
    lines.push(cells.join(','));
  }
  return neutraliseCsv(`${lines.join('\n')}\n`);
}
