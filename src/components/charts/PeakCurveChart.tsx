import { useMemo } from 'react';
import type { Annotation } from '@/lib/annotations';
import { AnnotationLayer, annotationsSummary } from './AnnotationLayer';
import { BaseAxis, GridLines, ValueAxis } from './axes';
import { ChartHover } from './ChartHover';
import { ChartTooltip } from './ChartTooltip';
import { plotBox, X_AXIS_HEIGHT, Y_AXIS_WIDTH } from './chartLayout';
import { defaultFormatValue } from './formatValue';
import { THEME } from './palette';
import { linear, linePath, valueTicks } from './scales';
import { SeriesLines } from './SeriesLines';
import { timeTicks } from './timeTicks';
import { useWidth } from './useWidth';
import styles from './chart.module.css';

export interface PeakCurvePoint {
  /** Epoch ms. */
  x: number;
  value: number;
}

export interface PeakCurveChartProps {
  /** Sorted by `x`. */
  points: readonly PeakCurvePoint[];
  /** The point to mark with a dot, a vertical line and `peakLabel`. */
  peak: PeakCurvePoint | null;
  peakLabel?: string;
  /** Names the chart for assistive technology; say what it shows, the page gives the numbers. */
  title: string;
  /** What a value measures, shown in the tooltip ("Load"). */
  valueLabel: string;
  height?: number;
  /** Where the x axis has ticks (epoch ms); by default whole hours of UTC. */
  ticks?: readonly number[];
  formatTime: (ms: number) => string;
  formatValue?: (value: number) => string;
  /** The view's notes: those in the day are drawn over the plot and named in the chart's title. */
  annotations?: readonly Annotation[];
}

/** Room above the plot for the peak's label. */
const FRAME = { top: 24, right: 16, bottom: 4 + X_AXIS_HEIGHT, left: 8 + Y_AXIS_WIDTH };
const KEYS = ['value'];

/**
 * One day's curve with its peak marked. Like the other charts it is a single image to assistive
 * technology: the page states the peak and the day's range in text beside it.
 */
export function PeakCurveChart({
  points,
  peak,
  peakLabel,
  title,
  valueLabel,
  height = 280,
  ticks,
  formatTime,
  formatValue = defaultFormatValue,
  annotations,
}: PeakCurveChartProps) {
  const [width, ref] = useWidth<HTMLElement>(720);
  const plot = plotBox(width ?? 720, height, FRAME);
  const lo = points[0]?.x ?? 0;
  const hi = points[points.length - 1]?.x ?? 1;
  const yTicks = useMemo(() => valueTicks(points, KEYS), [points]);
  const xTicks = useMemo(() => ticks ?? timeTicks(lo, hi), [ticks, lo, hi]);
  const xOf = linear(lo, hi, plot.left, plot.left + plot.width);
  const xAt = linear(plot.left, plot.left + plot.width, lo, hi);
  const yOf = linear(yTicks[0] ?? 0, yTicks[yTicks.length - 1] ?? 1, plot.top + plot.height, plot.top);
  const d = linePath(points, 'value', xOf, yOf);
  const xs = (i: number) => points[i]?.x ?? Number.NaN;
  const notes = annotations && annotations.length > 0 ? { annotations, lo, hi, xOf, plot, formatTime } : null;
  return (
    <figure
      ref={ref}
      className={styles.figure}
      role="img"
      aria-label={notes ? `${title}${annotationsSummary(notes.annotations, lo, hi, formatTime)}` : title}
      style={{ height }}
    >
      {width !== null && (
        <>
          <svg className={styles.svg} width={width} height={height}>
            <GridLines ticks={yTicks} y={yOf} plot={plot} />
            <ValueAxis ticks={yTicks} y={yOf} plot={plot} format={formatValue} />
            <BaseAxis ticks={xTicks.map((t) => ({ x: xOf(t), label: formatTime(t) }))} plot={plot} />
            <SeriesLines lines={[{ key: 'value', d, color: THEME.accent }]} width={2} />
            {peak && (
              <g data-mark="peak" aria-hidden="true">
                <line
                  x1={xOf(peak.x)}
                  x2={xOf(peak.x)}
                  y1={plot.top}
                  y2={plot.top + plot.height}
                  stroke={THEME.mark}
                  strokeDasharray="4 3"
                />
                {peakLabel && (
                  <text className={styles.markLabel} x={xOf(peak.x)} y={plot.top - 6} textAnchor="middle">
                    {peakLabel}
                  </text>
                )}
                <circle
                  cx={xOf(peak.x)}
                  cy={yOf(peak.value)}
                  r={5}
                  fill={THEME.mark}
                  stroke={THEME.background}
                  strokeWidth={2}
                />
              </g>
            )}
          </svg>
          {points.length > 0 && (
            <ChartHover xs={xs} from={0} to={points.length - 1} xOf={xOf} xAt={xAt} plot={plot}>
              {(index) => (
                <ChartTooltip
                  title={formatTime(xs(index))}
                  items={[
                    {
                      key: 'value',
                      color: THEME.accent,
                      label: valueLabel,
                      value: points[index] ? formatValue(points[index].value) : null,
                    },
                  ]}
                />
              )}
            </ChartHover>
          )}
          {notes && <AnnotationLayer {...notes} focusable={false} />}
        </>
      )}
    </figure>
  );
}
