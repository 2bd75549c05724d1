import { useMemo, useState } from 'react';
import { Brush, CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { decimateMinMax, type Point } from '@/lib/decimate';
import styles from './TimeSeriesChart.module.css';

export interface TimeSeries {
  name: string;
  /** x = epoch ms, sorted ascending. */
  points: readonly Point[];
}

export interface TimeSeriesChartProps {
  series: readonly TimeSeries[];
  /** Names the chart for assistive technology. */
  title: string;
  height?: number;
  /** About the drawing width in px: each series is decimated to about this many buckets. */
  pixelWidth?: number;
  formatTime: (ms: number) => string;
  formatValue?: (value: number) => string;
}

const PALETTE = [
  '#0969da',
  '#cf222e',
  '#1a7f37',
  '#9a6700',
  '#8250df',
  '#bf3989',
  '#0550ae',
  '#953800',
  '#116329',
  '#6e7781',
];

type Datum = Record<string, number | null>;

/** Decimated series merged into one row per x, which is the shape recharts and its Brush need. */
function mergeSeries(series: readonly TimeSeries[], buckets: number): Datum[] {
  const byX = new Map<number, Datum>();
  series.forEach((s, i) => {
    for (const p of decimateMinMax(s.points, buckets)) {
      let row = byX.get(p.x);
      if (!row) {
        row = { x: p.x };
        byX.set(p.x, row);
      }
      row[`s${i}`] = p.y;
    }
  });
  return [...byX.values()].sort((a, b) => (a.x ?? 0) - (b.x ?? 0));
}

/**
 * Numeric columns over time, one line per series, legend entries that toggle lines, and a Brush
 * to zoom the time axis. Long series are cut to min/max per pixel bucket so spikes survive.
 */
export function TimeSeriesChart({
  series,
  title,
  height = 360,
  pixelWidth = 800,
  formatTime,
  formatValue,
}: TimeSeriesChartProps) {
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  const data = useMemo(() => mergeSeries(series, pixelWidth), [series, pixelWidth]);
  const toggle = (name: string) =>
    setHidden((current) => {
      const next = new Set(current);
      if (next.has(name)) next.delete(name);
      else next.add(name);
      return next;
    });
  const fmt = formatValue ?? ((v: number) => v.toLocaleString('en-US'));

  return (
    <div>
      <fieldset className={styles.legend}>
        <legend>Series</legend>
        {series.map((s, i) => (
          <label key={s.name} style={{ color: PALETTE[i % PALETTE.length] }}>
            <input type="checkbox" checked={!hidden.has(s.name)} onChange={() => toggle(s.name)} /> {s.name}
          </label>
        ))}
      </fieldset>
      <figure className={styles.figure} role="img" aria-label={title} style={{ height }}>
        <ResponsiveContainer width="100%" height={height} initialDimension={{ width: pixelWidth, height }}>
          <LineChart
            data={data}
            margin={{ top: 8, right: 16, bottom: 4, left: 8 }}
            accessibilityLayer={false}
          >
            <CartesianGrid vertical={false} stroke="var(--color-border, #d0d7de)" />
            <XAxis
              dataKey="x"
              type="number"
              scale="time"
              domain={['dataMin', 'dataMax']}
              tickFormatter={(v: number) => formatTime(v)}
              tick={{ fontSize: 11 }}
              minTickGap={32}
            />
            <YAxis tickFormatter={(v: number) => fmt(v)} tick={{ fontSize: 11 }} width={72} />
            <Tooltip
              labelFormatter={(v) => (typeof v === 'number' ? formatTime(v) : typeof v === 'string' ? v : '')}
            />
            {series.map((s, i) => (
              <Line
                key={s.name}
                dataKey={`s${i}`}
                name={s.name}
                hide={hidden.has(s.name)}
                stroke={PALETTE[i % PALETTE.length]}
                dot={false}
                connectNulls
                isAnimationActive={false}
              />
            ))}
            <Brush dataKey="x" height={24} tickFormatter={(v: number) => formatTime(v)} />
          </LineChart>
        </ResponsiveContainer>
      </figure>
    </div>
  );
}
