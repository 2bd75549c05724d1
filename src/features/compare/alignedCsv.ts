/**
 * The aligned frame as CSV: one row per grid interval, its start in UTC and in the workspace's
 * zone (with the offset, so the repeated autumn hour is never ambiguous), then one column per
 * series. Labels carry user-typed text (filter values, expressions), so the writer neutralises
 * text for spreadsheets as in every export; numbers are written at their column's precision
 * (lib/csvWriter.ts), so a spread `A - B` reads `0.94`, not `0.9400000000000013`.
 */
import { writeCsv, type CsvCell, type CsvNumberFormat } from '@/lib/csvWriter';
import { formatUtc, formatWithOffset } from '@/time';
import { wallClock, type Grid } from './grid';

export interface CsvColumn {
  header: string;
  values: Float64Array | null;
  /** How the column's numbers are rounded (`seriesCsvFormats`); without one, as the doubles are. */
  format?: CsvNumberFormat;
}

export function alignedCsv(grid: Grid, columns: readonly CsvColumn[]): string {
  const wall = wallClock(grid.zone);
  const rows = function* (): Generator<CsvCell[]> {
    for (let i = 0; i < grid.times.length; i++) {
      const t = grid.times[i] ?? 0;
      const cells: CsvCell[] = [formatUtc(t), formatWithOffset(t, (wall(t) - t) / 60_000)];
      for (const c of columns) cells.push(c.values?.[i] ?? null);
      yield cells;
    }
  };
  return writeCsv(['interval_start_utc', 'interval_start_local', ...columns.map((c) => c.header)], rows(), {
    numbers: [undefined, undefined, ...columns.map((c) => c.format)],
  });
}
