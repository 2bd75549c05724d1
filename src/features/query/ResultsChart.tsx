import { useState } from 'react';
import type { PageSlot } from '@/api/query/pagedRows';
import type { DatasetColumn } from '@/api/types';
import { LazyTimeSeriesChart, type TimeSeries } from '@/components/charts/LazyTimeSeriesChart';
import { cellValue, numberAt, timeMs } from '@/lib/columnar';
import { formatNumber, formatTimestamp, unitDecimals } from '@/lib/format';
import styles from './QueryPage.module.css';

interface Props {
  columns: readonly DatasetColumn[];
  /** The result's pages in order; those held (near the table's view) are charted. */
  pages: readonly PageSlot[];
  /** The UTC time column the x axis reads. */
  timeColumn: string;
  /** Rows are split into one line per value of this column when present. */
  groupColumn: string | null;
  timeZone: string;
}

const MAX_SERIES = 12;

/** Series read straight from the held pages' columns: times are already epoch ms, no text is parsed. */
function buildSeries(
  pages: readonly PageSlot[],
  timeColumn: string,
  valueColumn: string,
  groupColumn: string | null,
) {
  const groups = new Map<string, { x: number; y: number }[]>();
  let dropped = 0;
  for (const { rows: page } of pages) {
    if (!page) continue;
    const t = page.columns[page.names.indexOf(timeColumn)];
    const v = page.columns[page.names.indexOf(valueColumn)];
    const g = groupColumn === null ? -1 : page.names.indexOf(groupColumn);
    if (!t || !v) continue;
    for (let i = 0; i < page.rowCount; i++) {
      const x = timeMs(t, i);
      const y = numberAt(v, i);
      if (x === null || y === null) continue;
      const key = groupColumn ? String(cellValue(page, g, i) ?? '—') : valueColumn;
      let points = groups.get(key);
      if (!points) {
        if (groups.size >= MAX_SERIES) {
          dropped += 1;
          continue;
        }
        points = [];
        groups.set(key, points);
      }
      points.push({ x, y });
    }
  }
  const series: TimeSeries[] = [...groups].map(([name, points]) => ({
    name,
    points: points.sort((a, b) => a.x - b.x),
  }));
  return { series, dropped };
}

export function ResultsChart({ columns, pages, timeColumn, groupColumn, timeZone }: Props) {
  const numeric = columns.filter((c) => c.is_numeric);
  const [chosen, setChosen] = useState(numeric[0]?.name ?? '');
  const valueColumn = numeric.find((c) => c.name === chosen) ?? numeric[0];
  const group = groupColumn !== null && columns.some((c) => c.name === groupColumn) ? groupColumn : null;
  const valueName = valueColumn?.name ?? null;
  // The React compiler memoizes this on its inputs.
  const { series, dropped } =
    valueName !== null ? buildSeries(pages, timeColumn, valueName, group) : { series: [], dropped: 0 };
  if (!valueColumn) return <p>No numeric columns to chart.</p>;
  const unit = valueColumn.unit;
  return (
    <div className={styles.chart}>
      <label>
        Value column
        <select value={valueColumn.name} onChange={(e) => setChosen(e.target.value)}>
          {numeric.map((c) => (
            <option key={c.name} value={c.name}>
              {c.name}
              {c.unit ? ` (${c.unit})` : ''}
            </option>
          ))}
        </select>
      </label>
      {dropped > 0 && (
        <p className="hint">
          Showing the first {MAX_SERIES} {group}s; narrow the filter to see others.
        </p>
      )}
      <LazyTimeSeriesChart
        series={series}
        title={`${valueColumn.name}${unit ? ` (${unit})` : ''} over time, loaded rows`}
        formatTime={(ms) => formatTimestamp(ms, { timeZone })}
        formatValue={(v) => formatNumber(v, { decimals: unitDecimals(unit) })}
      />
    </div>
  );
}
