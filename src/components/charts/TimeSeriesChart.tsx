import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { decimateMinMax, type Point } from '@/lib/decimate';
import { ChartBrush, type BrushWindow } from './ChartBrush';
import { ChartHover, type PlotBox } from './ChartHover';
import styles from './TimeSeriesChart.module.css';
import { DAY_MS as DAY, HOUR_MS as HOUR, MINUTE_MS as MINUTE, wallToInstant, zoneOffsetMs } from '@/time';

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
  /** Time spans drawn hatched behind the lines (a resampled bucket standing for part of itself). */
  bands?: readonly ChartBand[];
}

export interface ChartBand {
  start: number;
  end: number;
  /** Read on hover (an SVG title). */
  label: string;
}

/** A band narrower than this is widened to it, so a bucket at the window's edge stays visible. */
const MIN_BAND_PX = 4;
const NO_BANDS: readonly ChartBand[] = [];

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

/** Decimated series merged into one row per x, sorted by x: `{ x, s0, s1, … }`. */
function mergeSeries(series: readonly TimeSeries[], buckets: number): readonly Datum[] {
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

/** The chart's frame around the plot: margins, the y axis' labels, the x axis' and the zoom bar. */
const MARGIN = { top: 8, right: 16, bottom: 4, left: 8 };
const Y_AXIS_WIDTH = 72;
const X_AXIS_HEIGHT = 30;
const BRUSH_HEIGHT = 24;
const TICK_LENGTH = 6;
const FONT_SIZE = 11;

/** The linear map of [d0, d1] onto [r0, r1]. */
function linear(d0: number, d1: number, r0: number, r1: number): (v: number) => number {
  const k = d1 === d0 ? 0 : (r1 - r0) / (d1 - d0);
  return (v) => (d1 === d0 ? (r0 + r1) / 2 : r0 + (v - d0) * k);
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

/** The brush's window for `data`: the whole range until the user zooms, and again for new data. */
function useBrush(data: readonly Datum[]): [BrushWindow, (w: BrushWindow) => void] {
  const whole = { start: 0, end: Math.max(0, data.length - 1) };
  const [zoom, setZoom] = useState<{ data: readonly Datum[]; window: BrushWindow } | null>(null);
  const window = zoom !== null && zoom.data === data ? zoom.window : whole;
  return [window, (w) => setZoom({ data, window: w })];
}

/**
 * The figure's width in px: `initial` for the first paint (no layout is read before it), then
 * what the page gives it, kept up to date as the page resizes.
 */
function useWidth(initial: number): [number, React.RefObject<HTMLElement | null>] {
  const ref = useRef<HTMLElement>(null);
  const [width, setWidth] = useState(initial);
  useLayoutEffect(() => {
    const element = ref.current;
    if (element === null) return;
    const measure = () => {
      const w = element.clientWidth;
      if (w > 0) setWidth(w);
    };
    measure();
    if (typeof ResizeObserver !== 'function') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [width, ref];
}

/**
 * Numeric columns over time, one line per series, legend entries that toggle lines, a zoom bar
 * for the time axis and a tooltip that reads the values under the pointer. Long series are cut to
 * min/max per pixel bucket so spikes survive. Drawn as plain SVG from the chart's own scales: a
 * general chart library's fixed cost of a mount (a store, several commits) was larger than the
 * drawing itself (docs/decisions/0021-time-series-chart.md).
 */
export function TimeSeriesChart({
  series,
  title,
  height = 360,
  pixelWidth = 800,
  formatTime,
  formatValue,
  timeZone = 'UTC',
  bands = NO_BANDS,
}: TimeSeriesChartProps) {
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  const data = useMemo(() => mergeSeries(series, pixelWidth), [series, pixelWidth]);
  const [window, setWindow] = useBrush(data);
  const [width, figureRef] = useWidth(pixelWidth);
  const from = Math.max(0, Math.min(window.start, data.length - 1));
  const to = Math.max(0, Math.min(window.end, data.length - 1));
  const lo = data[from]?.x ?? Number.NaN;
  const hi = data[to]?.x ?? Number.NaN;
  const ticks = useMemo(() => timeTicks(lo, hi, 6, timeZone), [lo, hi, timeZone]);
  const shownKeys = useMemo(
    () => series.flatMap((s, i) => (hidden.has(s.name) ? [] : [`s${i}`])),
    [series, hidden],
  );
  const yTicks = useMemo(() => {
    const [min, max] = valueRange(data, shownKeys, from, to);
    return niceTicks(min, max);
  }, [data, shownKeys, from, to]);
  const fmt = formatValue ?? defaultFormatValue;

  const plotWidth = Math.max(1, width - MARGIN.left - Y_AXIS_WIDTH - MARGIN.right);
  const plotHeight = Math.max(1, height - MARGIN.top - MARGIN.bottom - BRUSH_HEIGHT - X_AXIS_HEIGHT);
  const plot: PlotBox = useMemo(
    () => ({ left: MARGIN.left + Y_AXIS_WIDTH, top: MARGIN.top, width: plotWidth, height: plotHeight }),
    [plotWidth, plotHeight],
  );
  const bottom = plot.top + plot.height;
  const yLo = yTicks[0] ?? 0;
  const yHi = yTicks[yTicks.length - 1] ?? 1;
  const xOf = linear(lo, hi, plot.left, plot.left + plot.width);
  const msAt = linear(plot.left, plot.left + plot.width, lo, hi);
  const yOf = linear(yLo, yHi, bottom, plot.top);

  // The paths change only with the data, the window, the shown series or the frame: not when the
  // legend's hover or the tooltip re-renders the chart.
  const paths = useMemo(() => {
    const x = linear(lo, hi, plot.left, plot.left + plot.width);
    const y = linear(yLo, yHi, plot.top + plot.height, plot.top);
    return series.map((s, i) => (hidden.has(s.name) ? null : linePath(data, `s${i}`, x, y, from, to)));
  }, [data, series, hidden, from, to, lo, hi, yLo, yHi, plot]);

  const toggle = (name: string) =>
    setHidden((current) => {
      const next = new Set(current);
      if (next.has(name)) next.delete(name);
      else next.add(name);
      return next;
    });
  const lastTick = ticks[ticks.length - 1];
  const timeAt = (index: number): number => data[index]?.x ?? Number.NaN;

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
      {/* Not role="img": the zoom bar inside is a control, and an image cannot contain controls. */}
      <figure ref={figureRef} className={styles.figure} aria-label={title} style={{ height }}>
        <svg className={styles.svg} width={width} height={height}>
          <g className={styles.grid} aria-hidden="true">
            {yTicks.map((t) => (
              <line key={t} x1={plot.left} x2={plot.left + plot.width} y1={yOf(t)} y2={yOf(t)} />
            ))}
          </g>
          <g className={styles.yAxis} aria-hidden="true" fontSize={FONT_SIZE}>
            {yTicks.map((t) => (
              <text
                key={t}
                x={plot.left - TICK_LENGTH}
                y={yOf(t)}
                textAnchor="end"
                dominantBaseline="central"
              >
                {fmt(t)}
              </text>
            ))}
          </g>
          <g className={`${styles.xAxis} time-axis`} aria-hidden="true" fontSize={FONT_SIZE}>
            <line x1={plot.left} x2={plot.left + plot.width} y1={bottom} y2={bottom} />
            {ticks.map((t) => (
              <g key={t}>
                <line x1={xOf(t)} x2={xOf(t)} y1={bottom} y2={bottom + TICK_LENGTH} />
                {/* The last tick ends at its mark instead of centring on it, so a phone does not cut it off. */}
                <text x={xOf(t)} y={bottom + TICK_LENGTH + 12} textAnchor={t === lastTick ? 'end' : 'middle'}>
                  {formatTime(t)}
                </text>
              </g>
            ))}
          </g>
          {bands.length > 0 && (
            <g className="partial-bands">
              <defs>
                <pattern id="chart-hatch" patternUnits="userSpaceOnUse" width={6} height={6}>
                  <path d="M0,6 L6,0" className={styles.hatch} />
                </pattern>
              </defs>
              {bands.map((band) => {
                const x0 = Math.max(plot.left, xOf(band.start));
                const x1 = Math.min(plot.left + plot.width, xOf(band.end));
                if (!(x1 >= plot.left && x0 <= plot.left + plot.width)) return null;
                const w = Math.max(MIN_BAND_PX, x1 - x0);
                return (
                  <rect
                    key={band.start}
                    x={Math.min(x0, plot.left + plot.width - w)}
                    y={plot.top}
                    width={w}
                    height={plot.height}
                    fill="url(#chart-hatch)"
                  >
                    <title>{band.label}</title>
                  </rect>
                );
              })}
            </g>
          )}
          <g aria-hidden="true">
            {series.map((s, i) => {
              const d = paths[i];
              if (d === null || d === undefined || d === '') return null;
              const color = PALETTE[i % PALETTE.length];
              // A series of one point in view has no line to draw: a dot shows it is there.
              const single = /^M(-?[\d.]+),(-?[\d.]+)$/.exec(d);
              if (single)
                return (
                  <circle
                    key={s.name}
                    className="series-dot"
                    cx={single[1]}
                    cy={single[2]}
                    r={3}
                    fill={color}
                  />
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
          {data.length > 1 && (
            <ChartBrush
              count={data.length}
              window={{ start: from, end: to }}
              onChange={setWindow}
              left={plot.left}
              width={plot.width}
              top={height - MARGIN.bottom - BRUSH_HEIGHT}
              height={BRUSH_HEIGHT}
              label={(index) => formatTime(timeAt(index))}
            />
          )}
        </svg>
        {data.length > 0 && (
          <ChartHover times={timeAt} from={from} to={to} xOf={xOf} msAt={msAt} plot={plot}>
            {(index) => {
              const row = data[index];
              return (
                <>
                  <p className={styles.tooltipTime}>{formatTime(timeAt(index))}</p>
                  <ul>
                    {series.map((s, i) => {
                      const v = row?.[`s${i}`];
                      if (hidden.has(s.name) || v === null || v === undefined) return null;
                      return (
                        <li key={s.name}>
                          <Swatch index={i} />
                          {s.name}: {fmt(v)}
                        </li>
                      );
                    })}
                  </ul>
                </>
              );
            }}
          </ChartHover>
        )}
      </figure>
    </div>
  );
}
