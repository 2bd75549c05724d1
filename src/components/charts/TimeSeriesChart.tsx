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

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Tick spacings a reader expects on a time axis, finest first. */
const TICK_STEPS = [
  MINUTE,
  5 * MINUTE,
  15 * MINUTE,
  30 * MINUTE,
  HOUR,
  3 * HOUR,
  6 * HOUR,
  12 * HOUR,
  DAY,
  2 * DAY,
  7 * DAY,
  14 * DAY,
  30 * DAY,
  91 * DAY,
  182 * DAY,
  365 * DAY,
];

/**
 * About `count` ticks between `lo` and `hi` (epoch ms) on whole minutes, hours or days (UTC
 * multiples of the step). Given to the axis instead of `scale="time"`, which makes recharts
 * format and measure a candidate tick for every data point (1,600 after decimation).
 */
export function timeTicks(lo: number, hi: number, count = 6): number[] {
  if (!Number.isFinite(lo) || !Number.isFinite(hi) || hi <= lo) return Number.isFinite(lo) ? [lo] : [];
  const step = TICK_STEPS.find((s) => (hi - lo) / s <= count) ?? Math.ceil((hi - lo) / count / DAY) * DAY;
  const ticks: number[] = [];
  for (let t = Math.ceil(lo / step) * step; t <= hi; t += step) ticks.push(t);
  return ticks;
}

/** Decimated series merged into one row per x, which is the shape recharts and its Brush need. */
function mergeSeries(series: readonly TimeSeries[], buckets: number): Datum[] {
  // One series (the common case) is already in x order: no map, no sort.
  if (series.length === 1 && series[0])
    return decimateMinMax(series[0].points, buckets).map((p) => ({ x: p.x, s0: p.y }));
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
  // The Brush's window (indexes into data), so ticks follow a zoom.
  const [brush, setBrush] = useState<{ startIndex?: number; endIndex?: number }>({});
  const lo = data[Math.min(brush.startIndex ?? 0, data.length - 1)]?.x ?? Number.NaN;
  const hi = data[Math.min(brush.endIndex ?? data.length - 1, data.length - 1)]?.x ?? Number.NaN;
  const ticks = useMemo(() => timeTicks(lo, hi), [lo, hi]);
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
          <label key={s.name}>
            <input type="checkbox" checked={!hidden.has(s.name)} onChange={() => toggle(s.name)} />{' '}
            {/* The line colour as a swatch: as text colour it fails contrast on the dark theme. */}
            <span
              className={styles.swatch}
              style={{ background: PALETTE[i % PALETTE.length] }}
              aria-hidden="true"
            />
            {s.name}
          </label>
        ))}
      </fieldset>
      {/* Not role="img": the Brush inside is a control, and an image cannot contain controls. */}
      <figure className={styles.figure} aria-label={title} style={{ height }}>
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
              domain={['dataMin', 'dataMax']}
              ticks={ticks}
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
            <Brush
              dataKey="x"
              height={24}
              tickFormatter={(v: number) => formatTime(v)}
              onChange={({ startIndex, endIndex }) => setBrush({ startIndex, endIndex })}
            />
          </LineChart>
        </ResponsiveContainer>
      </figure>
    </div>
  );
}
