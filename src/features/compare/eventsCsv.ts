/**
 * The events of a condition as a CSV and its sidecar. The file is a plain table, header row first,
 * that `pandas.read_csv` or a spreadsheet reads as it is; what it is about (the condition, what its
 * letters stand for, the grid) goes into `<file>.query.json` beside it, the way every export of the
 * app keeps its query, never into a comment line a reader would take for a record.
 */
import { formatUtc } from '@/time';
import { writeCsv, type CsvNumberFormat } from '@/lib/csvWriter';
import type { SeriesEvent } from './events';
import type { Grid } from './grid';

export const EVENTS_CSV_FILENAME = 'compare-events.csv';

export const EVENTS_CSV_HEADER = [
  'start_utc',
  'end_utc',
  'start_local',
  'duration_minutes',
  'intervals',
  'peak',
  'mean',
] as const;

/**
 * One row per event. `values` rounds the peak and the mean: the precision of the condition's
 * left-hand side (`computedFormat` of its decimals), so a mean of 2-decimal prices has 4.
 */
export function eventsCsv(
  events: readonly SeriesEvent[],
  formatTime: (ms: number) => string,
  values: CsvNumberFormat,
): string {
  return writeCsv(
    EVENTS_CSV_HEADER,
    events.map((e) => [
      formatUtc(e.start),
      formatUtc(e.end),
      formatTime(e.start),
      (e.end - e.start) / 60_000,
      e.intervals,
      e.peak,
      e.mean,
    ]),
    { numbers: [undefined, undefined, undefined, undefined, undefined, values, values] },
  );
}

export interface EventsSidecar {
  condition: string;
  /** The unit of the left-hand side, which peak and mean are in (null: none). */
  unit: string | null;
  /** The workspace's series by letter (the condition names some of them), labelled as the page shows them. */
  series: Readonly<Record<string, string>>;
  grid: Grid;
  events: number;
  values: CsvNumberFormat;
}

/** The sidecar: what the rows of the events CSV are the events of. */
export function eventsSidecarText(sidecar: EventsSidecar, exportedAt: Date): string {
  const { grid } = sidecar;
  return `${JSON.stringify(
    {
      file: EVENTS_CSV_FILENAME,
      condition: sidecar.condition,
      series: sidecar.series,
      unit: sidecar.unit,
      grid: {
        cadence: grid.cadence,
        zone: grid.zone,
        start_utc: grid.times.length > 0 ? formatUtc(grid.times[0] ?? grid.end) : null,
        end_utc: formatUtc(grid.end),
      },
      events: sidecar.events,
      numbers:
        'decimals' in sidecar.values
          ? `peak and mean rounded to ${sidecar.values.decimals} decimals`
          : `peak and mean rounded to ${sidecar.values.significant} significant digits`,
      exported_at: exportedAt.toISOString(),
    },
    null,
    2,
  )}\n`;
}
