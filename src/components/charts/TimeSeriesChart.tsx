import { useMemo, useState } from 'react';
import {
  Brush,
  CartesianGrid,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  useXAxisScale,
  useYAxisScale,
  XAxis,
  YAxis,
  type TooltipContentProps,
} from 'recharts';
import { decimateMinMax, type Point } from '@/lib/decimate';
import styles from './TimeSeriesChart.module.css';
import { noVerticalLines } from './grid';
import { useDismissOnEscape } from './useDismissOnEscape';
import { DAY_MS as DAY, HOUR_MS as HOUR, MINUTE_MS as MINUTE } from '@/contract/time';
import { wallToInstant, zoneOffsetMs } from '@/lib/zones';

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
  /** IANA zone whose round hours and midnights the time ticks fall on; UTC by default. */
  timeZone?: string;
}

export const PALETTE = [
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

let numberFormat: Intl.NumberFormat | undefined;
/** As `toLocaleString('en-US')`, without making a formatter for every label. */
const defaultFormatValue = (v: number): string => (numberFormat ??= new Intl.NumberFormat('en-US')).format(v);

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
 * About `count` ticks between `lo` and `hi` (epoch ms) on whole minutes, hours or days of the
 * wall clock in `timeZone` (default UTC): market midnight and round hours of the chosen zone, not
 * 19:00 CDT because it is midnight in UTC. Given to the axis instead of `scale="time"`, which makes
 * recharts format and measure a candidate tick for every data point (1,600 after decimation).
 */
export function timeTicks(lo: number, hi: number, count = 6, timeZone = 'UTC'): number[] {
  if (!Number.isFinite(lo) || !Number.isFinite(hi) || hi <= lo) return Number.isFinite(lo) ? [lo] : [];
  const step = TICK_STEPS.find((s) => (hi - lo) / s <= count) ?? Math.ceil((hi - lo) / count / DAY) * DAY;
  const ticks: number[] = [];
  // Counted on the zone's wall clock (as if it were UTC), each turned back into an instant, so a
  // day tick stays at midnight across a 23- or 25-hour day.
  const wallLo = lo + zoneOffsetMs(lo, timeZone);
  const wallHi = hi + zoneOffsetMs(hi, timeZone);
  for (let wall = Math.ceil(wallLo / step) * step; wall <= wallHi + HOUR; wall += step) {
    const t = wallToInstant(wall, timeZone);
    if (t >= lo && t <= hi && t !== ticks[ticks.length - 1]) ticks.push(t);
  }
  return ticks;
}

/**
 * Decimated series merged into one row per x, which is the shape recharts and its Brush need.
 * Frozen: recharts keeps the rows in its (immer) store, which otherwise walks and freezes every
 * row each time it takes them.
 */
function mergeSeries(series: readonly TimeSeries[], buckets: number): readonly Datum[] {
  return Object.freeze(mergeRows(series, buckets).map((row) => Object.freeze(row)));
}

function mergeRows(series: readonly TimeSeries[], buckets: number): Datum[] {
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
 * About `count` ticks on round numbers (1, 2 or 5 × a power of ten) covering [lo, hi]; the first
 * and last are the axis' ends.
 */
export function niceTicks(lo: number, hi: number, count = 5): number[] {
  if (!Number.isFinite(lo) || !Number.isFinite(hi) || hi <= lo) return [lo, hi];
  const rough = (hi - lo) / Math.max(1, count - 1);
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const residual = rough / magnitude;
  const step = (residual > 5 ? 10 : residual > 2 ? 5 : residual > 1 ? 2 : 1) * magnitude;
  const first = Math.floor(lo / step);
  const last = Math.ceil(hi / step);
  const ticks: number[] = [];
  // Multiplied, not accumulated, so 0.1 steps stay 0.3 and not 0.30000000000000004.
  for (let k = first; k <= last; k++) ticks.push(Number((k * step).toPrecision(12)));
  return ticks;
}

/** The visible series' lowest and highest value in rows [from, to], for the y axis. */
function valueRange(
  data: readonly Datum[],
  keys: readonly string[],
  from: number,
  to: number,
): [number, number] {
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (let r = from; r <= to; r++) {
    const row = data[r];
    if (!row) continue;
    for (const key of keys) {
      const v = row[key];
      if (v === null || v === undefined || Number.isNaN(v)) continue;
      if (v < lo) lo = v;
      if (v > hi) hi = v;
    }
  }
  if (lo > hi) return [0, 1];
  return lo === hi ? [lo - 1, hi + 1] : [lo, hi];
}

type Scale = (value: number) => number | undefined;

/** `M x,y L x,y …` through the non-null values of `key` in rows [from, to] (gaps are bridged). */
export function linePath(
  data: readonly Datum[],
  key: string,
  x: Scale,
  y: Scale,
  from: number,
  to: number,
): string {
  const parts: string[] = [];
  for (let r = from; r <= to; r++) {
    const row = data[r];
    const v = row?.[key];
    if (!row || v === null || v === undefined || row.x === null || row.x === undefined) continue;
    const px = x(row.x);
    const py = y(v);
    if (px === undefined || py === undefined) continue;
    parts.push(`${parts.length === 0 ? 'M' : 'L'}${px.toFixed(1)},${py.toFixed(1)}`);
  }
  return parts.join('');
}

interface LinesProps {
  data: readonly Datum[];
  series: readonly TimeSeries[];
  hidden: ReadonlySet<string>;
  from: number;
  to: number;
}

/**
 * The lines, drawn from the chart's own axis scales. recharts' `<Line>` also builds a label
 * object for every point, shown or not (a fifth of the render with 1,600 points); a path needs
 * only the points.
 */
function SeriesLines({ data, series, hidden, from, to }: LinesProps) {
  const x = useXAxisScale();
  const y = useYAxisScale();
  // recharts renders its children several times while a chart mounts (measuring, then scaling):
  // the paths are built again only when the data, the window or a scale has changed.
  const paths = useMemo(() => {
    if (!x || !y) return null;
    const toNumber =
      (scale: typeof x): Scale =>
      (v) => {
        const px = scale(v);
        return typeof px === 'number' && Number.isFinite(px) ? px : undefined;
      };
    return series.map((s, i) =>
      hidden.has(s.name) ? null : linePath(data, `s${i}`, toNumber(x), toNumber(y), from, to),
    );
  }, [x, y, data, series, hidden, from, to]);
  if (!paths) return null;
  return (
    <g>
      {series.map((s, i) => {
        const d = paths[i];
        if (d === null || d === undefined) return null;
        const color = PALETTE[i % PALETTE.length];
        // A series of one point in view has no line to draw: a dot shows it is there.
        const single = /^M(-?[\d.]+),(-?[\d.]+)$/.exec(d);
        if (single)
          return (
            <circle key={s.name} className="series-dot" cx={single[1]} cy={single[2]} r={3} fill={color} />
          );
        return (
          <path
            key={s.name}
            className="series-line"
            d={d}
            fill="none"
            stroke={color}
            strokeWidth={1.5}
            strokeLinejoin="round"
          />
        );
      })}
    </g>
  );
}

interface TickProps {
  x?: number;
  y?: number;
  payload?: { value: number };
  last: number | undefined;
  format: (ms: number) => string;
}

/** A time tick; the last one ends at its tick instead of centring on it, so a phone does not cut it off. */
function TimeTick({ x = 0, y = 0, payload, last, format }: TickProps) {
  if (!payload) return null;
  return (
    <text
      x={x}
      y={y + 12}
      textAnchor={payload.value === last ? 'end' : 'middle'}
      fontSize={11}
      fill="currentColor"
      className="recharts-cartesian-axis-tick-value"
    >
      {format(payload.value)}
    </text>
  );
}

/** Series `index`'s line colour as a square: as text colour it fails contrast on the dark theme. */
function Swatch({ index }: { index: number }) {
  return (
    <span
      className={styles.swatch}
      style={{ background: PALETTE[index % PALETTE.length] }}
      aria-hidden="true"
    />
  );
}

/** The row at time `x` in rows sorted by x (a binary search: no index to build on every mount). */
function rowAt(rows: readonly Datum[], x: number): Datum | undefined {
  let lo = 0;
  let hi = rows.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const at = rows[mid]?.x ?? Number.NaN;
    if (at === x) return rows[mid];
    if (at < x) lo = mid + 1;
    else hi = mid - 1;
  }
  return undefined;
}

interface TipProps {
  /** Sorted by x. */
  rows: readonly Datum[];
  series: readonly TimeSeries[];
  hidden: ReadonlySet<string>;
  formatTime: (ms: number) => string;
  formatValue: (value: number) => string;
}

/** The values at the hovered time, one line per visible series, as text. */
function SeriesTooltip({
  active,
  label,
  rows,
  series,
  hidden,
  formatTime,
  formatValue,
}: TipProps & Pick<TooltipContentProps, 'active' | 'label'>) {
  const row = typeof label === 'number' ? rowAt(rows, label) : undefined;
  if (!active || !row || typeof label !== 'number') return null;
  return (
    <div className={styles.tooltip}>
      <p className={styles.tooltipTime}>{formatTime(label)}</p>
      <ul>
        {series.map((s, i) => {
          const v = row[`s${i}`];
          if (hidden.has(s.name) || v === null || v === undefined) return null;
          return (
            <li key={s.name}>
              <Swatch index={i} />
              {s.name}: {formatValue(v)}
            </li>
          );
        })}
      </ul>
    </div>
  );
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
  timeZone = 'UTC',
}: TimeSeriesChartProps) {
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  const data = useMemo(() => mergeSeries(series, pixelWidth), [series, pixelWidth]);
  // The Brush's window (indexes into data), so ticks follow a zoom.
  const [brush, setBrush] = useState<{ startIndex?: number; endIndex?: number }>({});
  const from = Math.max(0, Math.min(brush.startIndex ?? 0, data.length - 1));
  const to = Math.max(0, Math.min(brush.endIndex ?? data.length - 1, data.length - 1));
  const lo = data[from]?.x ?? Number.NaN;
  const hi = data[to]?.x ?? Number.NaN;
  const ticks = useMemo(() => timeTicks(lo, hi, 6, timeZone), [lo, hi, timeZone]);
  const shownKeys = useMemo(
    () => series.flatMap((s, i) => (hidden.has(s.name) ? [] : [`s${i}`])),
    [series, hidden],
  );
  // The y axis is ours to scale: no recharts <Line> tells it the data's range.
  const yTicks = useMemo(() => {
    const [min, max] = valueRange(data, shownKeys, from, to);
    return niceTicks(min, max);
  }, [data, shownKeys, from, to]);
  // recharts shows its tooltip box only when a <Line> gives it a payload, and hides it on Escape;
  // with lines of our own the box is always shown and Escape is handled here, until the pointer moves.
  const { dismissed, onPointerMove } = useDismissOnEscape();
  const toggle = (name: string) =>
    setHidden((current) => {
      const next = new Set(current);
      if (next.has(name)) next.delete(name);
      else next.add(name);
      return next;
    });
  const fmt = formatValue ?? defaultFormatValue;

  return (
    <div>
      <fieldset className={styles.legend}>
        <legend>Series</legend>
        {series.map((s, i) => (
          <label key={s.name}>
            <input type="checkbox" checked={!hidden.has(s.name)} onChange={() => toggle(s.name)} />{' '}
            <Swatch index={i} />
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
            onMouseMove={onPointerMove}
          >
            <CartesianGrid
              vertical={false}
              verticalCoordinatesGenerator={noVerticalLines}
              stroke="var(--color-border, #d0d7de)"
            />
            <XAxis
              dataKey="x"
              type="number"
              domain={['dataMin', 'dataMax']}
              ticks={ticks}
              tickFormatter={(v: number) => formatTime(v)}
              tick={<TimeTick last={ticks[ticks.length - 1]} format={formatTime} />}
              minTickGap={32}
            />
            <YAxis
              type="number"
              domain={[yTicks[0] ?? 0, yTicks[yTicks.length - 1] ?? 1]}
              ticks={yTicks}
              allowDataOverflow
              tickFormatter={(v: number) => fmt(v)}
              tick={{ fontSize: 11 }}
              width={72}
            />
            <Tooltip
              wrapperStyle={{ visibility: 'visible' }}
              content={({ active, label }) => (
                <SeriesTooltip
                  active={active && !dismissed}
                  label={label}
                  rows={data}
                  series={series}
                  hidden={hidden}
                  formatTime={formatTime}
                  formatValue={fmt}
                />
              )}
            />
            <SeriesLines data={data} series={series} hidden={hidden} from={from} to={to} />
            <Brush
              dataKey="x"
              height={24}
              // Theme colours: recharts' default is a white bar, glaring on the dark theme.
              fill="var(--color-surface, #fff)"
              stroke="var(--color-muted, #57606a)"
              tickFormatter={(v: number) => formatTime(v)}
              // recharts names its sliders from a `name` field our rows lack ("Min value: undefined").
              ariaLabel={`Zoom: ${Number.isFinite(lo) ? formatTime(lo) : ''} to ${Number.isFinite(hi) ? formatTime(hi) : ''}`}
              onChange={({ startIndex, endIndex }) => setBrush({ startIndex, endIndex })}
            />
          </LineChart>
        </ResponsiveContainer>
      </figure>
    </div>
  );
}
