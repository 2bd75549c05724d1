import { useCallback, useId, useMemo } from 'react';
import type { Annotation } from '@/lib/annotations';
import { AnnotationLayer } from './AnnotationLayer';
import { BaseAxis, GridLines, ValueAxis } from './axes';
import { ChartBrush } from './ChartBrush';
import { ChartHover } from './ChartHover';
import { ChartTooltip } from './ChartTooltip';
import { plotBox, X_AXIS_HEIGHT, Y_AXIS_WIDTH, type PlotBox } from './chartLayout';
import { defaultFormatValue } from './formatValue';
import { HatchedBands, type ChartBand } from './HatchedBands';
import { mergeSeries, type MergedRow, type TimeSeries } from './mergeSeries';
import { colorOf } from './palette';
import { linear, linePath, pathXs, valueTicks } from './scales';
import { StackedAreas } from './StackedAreas';
import { bucketMeans } from './stackLayout';
import { SeriesLines } from './SeriesLines';
import { SeriesToggles } from './SeriesToggles';
import { useHiddenSeries } from './useHiddenSeries';
import { timeTicks } from './timeTicks';
import { useBrushWindow } from './useBrushWindow';
import { stackAreas, StackTooltip, useStack } from './useStack';
import { useSameTicks } from './useSameTicks';
import { useWidth } from './useWidth';
import styles from './chart.module.css';

export type { ChartBand } from './HatchedBands';
export type { TimeSeries } from './mergeSeries';

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
  /** The view's notes: those in the shown time are drawn over the plot. */
  annotations?: readonly Annotation[];
  /**
   * Draws these series as stacked areas (series of one unit: MW of each fuel); the others in
   * `series` are lines over the stack on the same axis (load, net load).
   */
  stack?: ChartStack;
  /**
   * The time the axis spans while the chart is not zoomed (a market day): rows fill it as they
   * come, so a new interval moves nothing already drawn and charts of one day line up. By default
   * the axis spans the rows.
   */
  span?: TimeSpan;
  /**
   * A line is not joined across more than this many ms without a value (a sparse dataset, whose
   * series have rows only where they bind); by default every gap is bridged. Where the chart cuts
   * long series to min/max per pixel bucket, gaps narrower than two buckets stay joined.
   */
  maxGapMs?: number;
}

export interface TimeSpan {
  /** Epoch ms: the axis' first and last instant. */
  start: number;
  end: number;
}

export interface ChartStack {
  /**
   * Names of the stacked series in stack order, which never changes with the data: the first
   * sits on zero, the next on it, and so on; positive values stack upward and negative values
   * (storage charging) downward from zero in the same order. A name not in `series` is ignored.
   */
  series: readonly string[];
}

const NO_BANDS: readonly ChartBand[] = [];
const NO_NOTES: readonly Annotation[] = [];
const NO_TICKS: readonly number[] = [];
const BRUSH_HEIGHT = 24;
const MARGIN = { top: 8, right: 16, bottom: 4, left: 8 };
/** Around the plot: the y axis' labels on the left, the time axis and the zoom bar below. */
const FRAME = {
  top: MARGIN.top,
  right: MARGIN.right,
  bottom: MARGIN.bottom + BRUSH_HEIGHT + X_AXIS_HEIGHT,
  left: MARGIN.left + Y_AXIS_WIDTH,
};

/**
 * The axis' first and last instant: the rows' own from `from` to `to` when the chart is zoomed or
 * has no span, else the span, widened to any row outside it.
 */
function axisSpan(
  data: readonly MergedRow[],
  from: number,
  to: number,
  span: TimeSpan | undefined,
): [number, number] {
  const first = data[from]?.x ?? Number.NaN;
  const last = data[to]?.x ?? Number.NaN;
  const whole = from === 0 && to === data.length - 1;
  if (span === undefined || !whole || data.length === 0) return [first, last];
  return [Math.min(span.start, first), Math.max(span.end, last)];
}

/** The zoom bar's narrowest track, px: its handles need room. */
const MIN_TRACK = 48;

/**
 * Where the zoom bar lies: under the rows as the unzoomed axis places them, so over a span (a
 * market day) it lies under the part of the day the rows cover, wherever the view is zoomed.
 */
function brushTrack(
  data: readonly MergedRow[],
  span: TimeSpan | undefined,
  plot: PlotBox,
): { left: number; width: number } {
  const [lo, hi] = axisSpan(data, 0, data.length - 1, span);
  const x = linear(lo, hi, plot.left, plot.left + plot.width);
  const left = x(data[0]?.x ?? lo);
  const right = x(data[data.length - 1]?.x ?? hi);
  if (!Number.isFinite(left) || !Number.isFinite(right)) return { left: plot.left, width: plot.width };
  const width = Math.min(plot.left + plot.width - left, Math.max(right - left, MIN_TRACK));
  return { left, width };
}

/**
 * Numeric columns over time, one line per series, legend entries that toggle lines, a zoom bar
 * for the time axis and a tooltip that reads the values under the pointer. Long series are cut to
 * min/max per pixel bucket so spikes survive. With `stack`, the named series are stacked areas
 * (their tooltip gives shares and the total; their cut is bucket means) and the rest lines over
 * them. Drawn as plain SVG from the chart's own scales (docs/decisions/0021-time-series-chart.md,
 * 0022-one-chart-stack.md, 0028-stacked-areas.md).
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
  annotations = NO_NOTES,
  stack,
  span,
  maxGapMs,
}: TimeSeriesChartProps) {
  const [hidden, toggle] = useHiddenSeries();
  const stacked = stack !== undefined;
  // A stack needs every series at the same times: the rows are merged whole, then cut to bucket
  // means (a min/max cut would stack one series' peak on another's trough).
  const data = useMemo(
    () =>
      stacked
        ? bucketMeans(
            mergeSeries(series, Number.POSITIVE_INFINITY),
            series.map((_, i) => `s${i}`),
            pixelWidth,
          )
        : mergeSeries(series, pixelWidth),
    [series, pixelWidth, stacked],
  );
  const [window, setWindow] = useBrushWindow(data);
  const [measured, figureRef] = useWidth<HTMLElement>(pixelWidth);
  const width = measured ?? pixelWidth;
  const from = Math.max(0, Math.min(window.start, data.length - 1));
  const to = Math.max(0, Math.min(window.end, data.length - 1));
  const [lo, hi] = axisSpan(data, from, to, span);
  const ticks = useMemo(() => timeTicks(lo, hi, 6, timeZone), [lo, hi, timeZone]);
  const shownKeys = useMemo(
    () => series.flatMap((s, i) => (hidden.has(s.name) ? [] : [`s${i}`])),
    [series, hidden],
  );
  // The stacked series in stack order and the lines, each by row key, the hidden ones left out.
  const stackKeys = useMemo(
    () =>
      stack?.series.flatMap((name) => {
        const i = series.findIndex((s) => s.name === name);
        return i < 0 || hidden.has(name) ? [] : [`s${i}`];
      }) ?? null,
    [stack, series, hidden],
  );
  const lineKeys = useMemo(
    () => shownKeys.filter((key) => !stackKeys?.includes(key)),
    [shownKeys, stackKeys],
  );
  const drawnStack = useStack(data, stackKeys, lineKeys, from, to);
  const layout = drawnStack?.layout ?? null;
  const lineTicks = useMemo(
    () => (drawnStack ? null : valueTicks(data, shownKeys, from, to)),
    [drawnStack, data, shownKeys, from, to],
  );
  const yTicks = useSameTicks(drawnStack?.ticks ?? lineTicks ?? NO_TICKS);
  const fmt = formatValue ?? defaultFormatValue;

  const plot = useMemo(() => plotBox(width, height, FRAME), [width, height]);
  const yLo = yTicks[0] ?? 0;
  const yHi = yTicks[yTicks.length - 1] ?? 1;
  const xOf = useMemo(() => linear(lo, hi, plot.left, plot.left + plot.width), [lo, hi, plot]);
  const msAt = linear(plot.left, plot.left + plot.width, lo, hi);
  const yOf = useMemo(() => linear(yLo, yHi, plot.top + plot.height, plot.top), [yLo, yHi, plot]);
  const track = useMemo(() => brushTrack(data, span, plot), [data, span, plot]);
  const timeAxis = useMemo(
    () => ticks.map((t) => ({ x: xOf(t), label: formatTime(t) })),
    [ticks, xOf, formatTime],
  );
  // The legend changes with the series' names, not with their rows.
  const names = JSON.stringify(series.map((s) => s.name));
  const toggles = useMemo(
    () => (JSON.parse(names) as string[]).map((name, i) => ({ name, color: colorOf(i) })),
    [names],
  );

  // The paths change only with the data, the window, the shown series or the frame: not when the
  // legend's hover or the tooltip re-renders the chart.
  // The cut's buckets span the whole rows (not the zoomed window): a gap under two of them is the cut's.
  const cutBucket = ((data[data.length - 1]?.x ?? 0) - (data[0]?.x ?? 0)) / pixelWidth;
  const gaps =
    layout !== null ? 'break' : maxGapMs === undefined ? 'bridge' : Math.max(maxGapMs, 2 * cutBucket);
  // Every line and band of the chart shares the rows' x positions: formatted once.
  const xs = useMemo(() => pathXs(data, xOf, from, to), [data, xOf, from, to]);
  const lines = useMemo(() => {
    const y = linear(yLo, yHi, plot.top + plot.height, plot.top);
    return series.map((s, i) => ({
      key: s.name,
      color: colorOf(i),
      d:
        hidden.has(s.name) || !lineKeys.includes(`s${i}`)
          ? null
          : linePath(data, `s${i}`, xOf, y, from, to, gaps, xs),
    }));
  }, [data, series, hidden, lineKeys, from, to, xOf, xs, yLo, yHi, plot, gaps]);
  const member = useCallback(
    (key: string) => {
      const i = Number(key.slice(1));
      return { key, label: series[i]?.name ?? key, color: colorOf(i) };
    },
    [series],
  );
  const areas = useMemo(() => {
    if (!layout) return [];
    const y = linear(yLo, yHi, plot.top + plot.height, plot.top);
    return stackAreas(data, layout, member, xOf, y, from, to, xs);
  }, [layout, data, member, from, to, xOf, xs, yLo, yHi, plot]);
  const summaryId = useId();
  const summary = stackKeys
    ? `Stacked areas, bottom to top: ${stackKeys.map((k) => member(k).label).join(', ') || 'none shown'}; values below zero stack downward from zero.${
        lineKeys.length > 0 ? ` Lines over them: ${lineKeys.map((k) => member(k).label).join(', ')}.` : ''
      }${data.length > 0 ? ` From ${formatTime(lo)} to ${formatTime(hi)}.` : ''}`
    : null;

  const timeAt = (index: number): number => data[index]?.x ?? Number.NaN;

  return (
    <div>
      <SeriesToggles series={toggles} hidden={hidden} onToggle={toggle} />
      {/* Not role="img": the zoom bar inside is a control, and an image cannot contain controls. */}
      <figure
        ref={figureRef}
        className={styles.figure}
        aria-label={title}
        aria-describedby={summary === null ? undefined : summaryId}
        style={{ height }}
      >
        {summary !== null && (
          <p id={summaryId} className="visually-hidden">
            {summary}
          </p>
        )}
        {measured !== null && (
          <>
            <svg className={styles.svg} width={width} height={height}>
              <GridLines ticks={yTicks} y={yOf} plot={plot} />
              <ValueAxis ticks={yTicks} y={yOf} plot={plot} format={fmt} />
              <BaseAxis className="time-axis" ticks={timeAxis} plot={plot} />
              {bands.length > 0 && <HatchedBands bands={bands} xOf={xOf} plot={plot} />}
              {areas.length > 0 && <StackedAreas bands={areas} />}
              <SeriesLines lines={lines} />
              {data.length > 1 && (
                <ChartBrush
                  count={data.length}
                  window={{ start: from, end: to }}
                  onChange={setWindow}
                  left={track.left}
                  width={track.width}
                  top={height - MARGIN.bottom - BRUSH_HEIGHT}
                  height={BRUSH_HEIGHT}
                  label={(index) => formatTime(timeAt(index))}
                />
              )}
            </svg>
            {data.length > 0 && (
              <ChartHover xs={timeAt} from={from} to={to} xOf={xOf} xAt={msAt} plot={plot}>
                {(index) =>
                  layout && stackKeys ? (
                    <StackTooltip
                      title={formatTime(timeAt(index))}
                      rows={data}
                      index={index}
                      layout={layout}
                      stacked={stackKeys.map(member)}
                      lines={lineKeys.map(member)}
                      format={fmt}
                    />
                  ) : (
                    <ChartTooltip
                      title={formatTime(timeAt(index))}
                      items={series.map((s, i) => {
                        const v = data[index]?.[`s${i}`];
                        return {
                          key: s.name,
                          color: colorOf(i),
                          label: s.name,
                          value: hidden.has(s.name) || v === null || v === undefined ? null : fmt(v),
                        };
                      })}
                    />
                  )
                }
              </ChartHover>
            )}
            {annotations.length > 0 && (
              <AnnotationLayer
                annotations={annotations}
                lo={lo}
                hi={hi}
                xOf={xOf}
                plot={plot}
                formatTime={formatTime}
              />
            )}
          </>
        )}
      </figure>
    </div>
  );
}
