import { useState } from 'react';
import type { DatasetColumn, Row } from '@/api/types';
import { LazyTimeSeriesChart, type TimeSeries } from '@/components/charts/LazyTimeSeriesChart';
import { formatNumber, formatTimestamp } from '@/lib/format';
import styles from './QueryPage.module.css';

interface Props {
  columns: readonly DatasetColumn[];
  rows: readonly Row[];
  /** The UTC time column the x axis reads. */
  timeColumn: string;
  /** Rows are split into one line per value of this column when present. */
  groupColumn: string | null;
  timeZone: string;
}

const MAX_SERIES = 12;

function buildSeries(
  rows: readonly Row[],
  timeColumn: string,
  valueColumn: string,
  groupColumn: string | null,
) {
  const groups = new Map<string, { x: number; y: number }[]>();
  let dropped = 0;
  for (const row of rows) {
    const t = row[timeColumn];
    const v = row[valueColumn];
    if (typeof t !== 'string' || typeof v !== 'number') continue;
    const key = groupColumn ? String(row[groupColumn] ?? '—') : valueColumn;
    let points = groups.get(key);
    if (!points) {
      if (groups.size >= MAX_SERIES) {
        dropped += 1;
        continue;
      }
      points = [];
      groups.set(key, points);
    }
    points.push({ x: Date.parse(t), y: v });
  }
  const series: TimeSeries[] = [...groups].map(([name, points]) => ({
    name,
    points: points.sort((a, b) => a.x - b.x),
  }));
  return { series, dropped };
}

export function ResultsChart({ columns, rows, timeColumn, groupColumn, timeZone }: Props) {
  const numeric = columns.filter((c) => c.is_numeric);
  const [chosen, setChosen] = useState(numeric[0]?.name ?? '');
  const valueColumn = numeric.find((c) => c.name === chosen) ?? numeric[0];
  const group = groupColumn !== null && columns.some((c) => c.name === groupColumn) ? groupColumn : null;
  const valueName = valueColumn?.name ?? null;
  // The React compiler memoizes this on its inputs.
  const { series, dropped } =
    valueName !== null ? buildSeries(rows, timeColumn, valueName, group) : { series: [], dropped: 0 };
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
        formatValue={(v) => formatNumber(v)}
      />
    </div>
  );
}
