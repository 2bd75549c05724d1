import { useMemo } from 'react';
import type { Annotation } from '@/lib/annotations';
import { AnnotationLayer } from './AnnotationLayer';
import { BaseAxis, GridLines, ValueAxis } from './axes';
import { ChartBrush, type BrushWindow } from './ChartBrush';
import { ChartHover } from './ChartHover';
import { ChartTooltip, Swatch } from './ChartTooltip';
import { plotBox, X_AXIS_HEIGHT, Y_AXIS_WIDTH } from './chartLayout';
import { colorOf, THEME } from './palette';
import { linear, linePath, valueRange, valueTicks } from './scales';
import { SeriesLines } from './SeriesLines';
import { SeriesToggles } from './SeriesToggles';
import { useHiddenSeries } from './useHiddenSeries';
import { StackedAreas } from './StackedAreas';
import { bucketMeans } from './stackLayout';
import { stackAreas, StackTooltip, useStack } from './useStack';
import { timeTicks } from './timeTicks';
import { useWidth } from './useWidth';
import styles from './chart.module.css';
import { formatNumber } from '@/lib/format';
import { chartFrame, indexAtOrAfter } from '@/lib/chartFrame';

export interface AxisSeries {
  key: string;
  label: string;
  unit: string | null;
  values: Float64Array;
  /** Index into the palette: a series keeps its colour whatever is hidden. */
  color: number;
  axis: 'left' | 'right';
}

export interface MultiAxisChartProps {
  /** The common time grid of every series (epoch ms, ascending). */
  times: Float64Array;
  /** Zone whose midnights and round hours the time ticks fall on. */
  timeZone: string;
  series: readonly AxisSeries[];
  /** Grid indexes shown, or null for the whole range. */
  window: [number, number] | null;
  onWindow: (window: [number, number] | null) => void;
  formatTime: (ms: number) => string;
  height?: number;
  pixelWidth?: number;
  /** The view's notes: those in the shown time are drawn over the plot. */
  annotations?: readonly Annotation[];
  /**
   * Draws every series as stacked areas in the given order (the first on zero; negative values
   * stack downward) on the left axis: the caller stacks only series of one unit. The legend then
   * toggles series in and out of the stack.
   */
  stacked?: boolean;
  /**
   * The series (by `key`) the legend has taken out of the stack, when the caller keeps them (its
   * statistics follow the chart); the chart keeps its own otherwise.
   */
  hidden?: ReadonlySet<string>;
  onToggle?: (key: string) => void;
}

const MARGIN = 8;
/** No lines over a stack here: every series is in it. */
const NO_KEYS: readonly never[] = [];
const OVERVIEW_HEIGHT = 48;
const BRUSH_HEIGHT = 24;

/** The keys (`s${i}`) of the series on one axis. */
const keysOn = (series: readonly AxisSeries[], axis: 'left' | 'right'): string[] =>
  series.flatMap((s, i) => (s.axis === axis ? [`s${i}`] : []));

/**
 * Several series on one time axis, $/MWh on one y axis and MW on the other, with an overview
 * strip whose zoom bar zooms the main chart (which is then drawn from the grid again, at full
 * detail).
 */
export function MultiAxisChart({
  times,
  timeZone,
  series,
  window,
  onWindow,
  formatTime,
  height = 380,
  pixelWidth = 800,
  annotations,
  stacked = false,
  hidden: hiddenProp,
  onToggle,
}: MultiAxisChartProps) {
  const last = times.length - 1;
  const [from, to] = window ?? [0, last];
  const [ownHidden, ownToggle] = useHiddenSeries();
  const hidden = hiddenProp ?? ownHidden;
  const toggle = onToggle ?? ownToggle;
  const values = useMemo(() => series.map((s) => s.values), [series]);
  // A stack's rows are bucket means (0028): a min/max cut would stack one series' peak on another's trough.
  const rows = useMemo(
    () =>
      stacked
        ? bucketMeans(
            chartFrame(times, values, from, to, Number.POSITIVE_INFINITY),
            values.map((_, i) => `s${i}`),
            pixelWidth,
          )
        : chartFrame(times, values, from, to, pixelWidth),
    [times, values, from, to, pixelWidth, stacked],
  );
  const stackKeys = useMemo(
    () => (stacked ? series.flatMap((s, i) => (hidden.has(s.key) ? [] : [`s${i}`])) : null),
    [stacked, series, hidden],
  );
  const drawnStack = useStack(rows, stackKeys, NO_KEYS, 0, rows.length - 1);
  const layout = drawnStack?.layout ?? null;
  const overview = useMemo(() => chartFrame(times, values.slice(0, 1), 0, last, 300), [times, values, last]);
  const lo = times[from] ?? 0;
  const hi = times[to] ?? 0;
  const ticks = useMemo(() => timeTicks(lo, hi, 6, timeZone), [lo, hi, timeZone]);
  const lineTicks = useMemo(
    () => (drawnStack ? null : valueTicks(rows, keysOn(series, 'left'))),
    [drawnStack, rows, series],
  );
  const left = drawnStack?.ticks ?? lineTicks ?? [];
  const right = useMemo(() => valueTicks(rows, keysOn(series, 'right')), [rows, series]);
  const leftUnit = series.find((s) => s.axis === 'left')?.unit ?? null;
  const rightUnit = series.find((s) => s.axis === 'right')?.unit;
  const hasRight = rightUnit !== undefined;

  const [width, figure] = useWidth<HTMLElement>(pixelWidth);
  const frame = {
    top: MARGIN,
    right: MARGIN + (hasRight ? Y_AXIS_WIDTH : 0),
    bottom: MARGIN / 2 + X_AXIS_HEIGHT,
    left: MARGIN + Y_AXIS_WIDTH,
  };
  const plot = plotBox(width ?? pixelWidth, height, frame);
  const xOf = linear(lo, hi, plot.left, plot.left + plot.width);
  const xAt = linear(plot.left, plot.left + plot.width, lo, hi);
  const yLeft = linear(left[0] ?? 0, left[left.length - 1] ?? 1, plot.top + plot.height, plot.top);
  const yRight = linear(right[0] ?? 0, right[right.length - 1] ?? 1, plot.top + plot.height, plot.top);
  // Drawn again only when the chart re-renders: a new window, new series or a new width. The
  // pointer's tooltip re-renders ChartHover alone.
  const lines = layout
    ? []
    : series.map((s, i) => ({
        key: s.key,
        color: colorOf(s.color),
        d: linePath(rows, `s${i}`, xOf, s.axis === 'left' ? yLeft : yRight),
      }));
  const member = (key: string) => {
    const s = series[Number(key.slice(1))];
    return { key, label: s?.label ?? key, color: colorOf(s?.color ?? 0) };
  };
  const areas = layout ? stackAreas(rows, layout, member, xOf, yLeft) : [];

  // Says what is drawn, in the commit that draws it: the bench waits for it, a test can read it.
  const drawn = width === null ? undefined : `${series.length}:${rows.length}`;

  // The overview's zoom bar indexes its own rows; they map to grid indexes through their times.
  const overviewTimes = useMemo(() => Float64Array.from(overview, (r) => r.x), [overview]);
  const brushStart = Math.min(overview.length - 1, Math.max(0, indexAtOrAfter(overviewTimes, lo)));
  const brushEnd = Math.min(overview.length - 1, Math.max(brushStart, indexAtOrAfter(overviewTimes, hi)));
  const onBrush = ({ start, end }: BrushWindow) => {
    if (start <= 0 && end >= overview.length - 1) return onWindow(null);
    const a = indexAtOrAfter(times, overview[start]?.x ?? lo);
    const b = Math.min(last, indexAtOrAfter(times, overview[end]?.x ?? hi));
    onWindow([a, Math.max(a, b)]);
  };
  const overviewX = linear(
    overview[0]?.x ?? 0,
    overview[overview.length - 1]?.x ?? 1,
    plot.left,
    plot.left + plot.width,
  );
  const [overviewLo, overviewHi] = valueRange(overview, ['s0']);
  const overviewY = linear(overviewLo, overviewHi, OVERVIEW_HEIGHT - BRUSH_HEIGHT - 2, 2);
  const overviewLine = linePath(overview, 's0', overviewX, overviewY);
  const format = (v: number) => formatNumber(v);
  const xs = (i: number) => rows[i]?.x ?? Number.NaN;

  return (
    <div>
      {stacked ? (
        <SeriesToggles
          title={`Stacked${leftUnit ? ` (${leftUnit})` : ''}, first on zero`}
          series={series.map((s) => ({ id: s.key, name: s.label, color: colorOf(s.color) }))}
          hidden={hidden}
          onToggle={toggle}
        />
      ) : (
        <ul className={styles.legend} aria-label="Legend">
          {series.map((s) => (
            <li key={s.key}>
              <Swatch color={colorOf(s.color)} />
              {s.label}
              {s.unit ? ` (${s.unit}, ${s.axis} axis)` : ` (${s.axis} axis)`}
            </li>
          ))}
        </ul>
      )}
      <figure
        ref={figure}
        data-drawn={drawn}
        className={styles.figure}
        aria-label={`${stackKeys ? 'Stacked chart' : 'Chart'} of ${(stackKeys ? stackKeys.map((k) => member(k).label) : series.map((s) => s.label)).join('; ')} from ${formatTime(lo)} to ${formatTime(hi)}`}
        style={{ height }}
      >
        {width !== null && (
          <>
            <svg className={styles.svg} width={width} height={height}>
              <GridLines ticks={left} y={yLeft} plot={plot} />
              <ValueAxis ticks={left} y={yLeft} plot={plot} format={format} title={leftUnit ?? undefined} />
              {hasRight && (
                <ValueAxis
                  ticks={right}
                  y={yRight}
                  plot={plot}
                  format={format}
                  side="right"
                  title={rightUnit ?? undefined}
                />
              )}
              <BaseAxis
                className="time-axis"
                ticks={ticks.map((t) => ({ x: xOf(t), label: formatTime(t) }))}
                plot={plot}
              />
              {areas.length > 0 && <StackedAreas bands={areas} />}
              <SeriesLines lines={lines} />
            </svg>
            {rows.length > 0 && (
              <ChartHover xs={xs} from={0} to={rows.length - 1} xOf={xOf} xAt={xAt} plot={plot}>
                {(index) =>
                  layout && stackKeys ? (
                    <StackTooltip
                      title={formatTime(xs(index))}
                      rows={rows}
                      index={index}
                      layout={layout}
                      stacked={stackKeys.map(member)}
                      lines={NO_KEYS}
                      format={(v) => formatNumber(v, { unit: leftUnit })}
                    />
                  ) : (
                    <ChartTooltip
                      title={formatTime(xs(index))}
                      items={series.map((s, i) => {
                        const v = rows[index]?.[`s${i}`];
                        return {
                          key: s.key,
                          color: colorOf(s.color),
                          label: s.label,
                          value: v === null || v === undefined ? '—' : formatNumber(v, { unit: s.unit }),
                        };
                      })}
                    />
                  )
                }
              </ChartHover>
            )}
            {annotations && annotations.length > 0 && (
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
      {overview.length > 2 && width !== null && (
        <div className={styles.figure} style={{ height: OVERVIEW_HEIGHT }}>
          <svg className={styles.svg} width={width} height={OVERVIEW_HEIGHT}>
            <path d={overviewLine} fill="none" stroke={THEME.muted} strokeWidth={1} aria-hidden="true" />
            <ChartBrush
              count={overview.length}
              window={{ start: brushStart, end: brushEnd }}
              onChange={onBrush}
              left={plot.left}
              width={plot.width}
              top={OVERVIEW_HEIGHT - BRUSH_HEIGHT}
              height={BRUSH_HEIGHT}
              label={(index) => formatTime(overview[index]?.x ?? lo)}
            />
          </svg>
        </div>
      )}
    </div>
  );
}
