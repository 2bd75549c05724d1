import type { ReactNode } from 'react';
import { BaseAxis, categoryTicks, GridLines, ValueAxis } from './axes';
import { ChartHover } from './ChartHover';
import { ChartTooltip } from './ChartTooltip';
import { plotBox, X_AXIS_HEIGHT, type Frame, type PlotBox } from './chartLayout';
import { linear, niceTicks } from './scales';
import { useWidth } from './useWidth';
import styles from './chart.module.css';

interface CategoryGeometry {
  plot: PlotBox;
  /** Category `index`'s centre, and the width each category has. */
  centreOf: (index: number) => number;
  slot: number;
  /** A value → its height in px on the y axis. */
  yOf: (value: number) => number;
  /** Where bars stand: zero, or the axis' lowest value when it does not start at zero. */
  base: number;
}

interface Props {
  /** The categories along the x axis, in order, and their values. */
  labels: readonly string[];
  values: readonly number[];
  /** Names the chart for assistive technology. */
  title: string;
  height: number;
  /** Space around the plot besides the y axis' labels and the x axis. */
  margin: Frame;
  yAxisWidth: number;
  /** Whether the y axis starts at zero (bars) or at the data (a line of peaks). */
  fromZero: boolean;
  formatValue: (value: number) => string;
  formatLabel: (label: string) => string;
  /** What a value measures, named in the tooltip. */
  valueLabel: string;
  color: string;
  /** A click on the plot picks the category nearest it. */
  onPick?: (index: number) => void;
  /** A note the tooltip adds under a category's value (a day not yet over). */
  noteOf?: (index: number) => string | undefined;
  /** The marks (bars, dots) drawn from the geometry. */
  children: (geometry: CategoryGeometry) => ReactNode;
  /** Laid over the plot in HTML, above the pointer's layer (the view's notes). */
  overlay?: (geometry: CategoryGeometry) => ReactNode;
}

/**
 * The frame of a chart of one value per category (a market date, a hub): y grid and axis, the
 * categories' labels thinned so they never touch, and a tooltip naming the category under the
 * pointer. One image to assistive technology (role="img" with a title): the page gives the same
 * numbers as a table.
 */
export function CategoryChart({
  labels,
  values,
  title,
  height,
  margin,
  yAxisWidth,
  fromZero,
  formatValue,
  formatLabel,
  valueLabel,
  color,
  onPick,
  noteOf,
  children,
  overlay,
}: Props) {
  const [width, ref] = useWidth<HTMLElement>(600);
  const frame = {
    top: margin.top,
    right: margin.right,
    bottom: margin.bottom + X_AXIS_HEIGHT,
    left: margin.left + yAxisWidth,
  };
  const plot = plotBox(width ?? 600, height, frame);
  const finite = values.filter(Number.isFinite);
  const lo = finite.length > 0 ? Math.min(...finite) : 0;
  const hi = finite.length > 0 ? Math.max(...finite) : 1;
  // Bars stand on zero; a line of peaks reads better scaled to its own range.
  const ticks = fromZero
    ? niceTicks(Math.min(0, lo), Math.max(0, hi) || 1)
    : niceTicks(lo === hi ? lo - 1 : lo, lo === hi ? hi + 1 : hi);
  const yLo = ticks[0] ?? 0;
  const yOf = linear(yLo, ticks[ticks.length - 1] ?? 1, plot.top + plot.height, plot.top);
  const slot = plot.width / Math.max(1, labels.length);
  const centreOf = (index: number) => plot.left + (index + 0.5) * slot;
  const texts = labels.map(formatLabel);
  const shown = categoryTicks(texts, plot.width);
  const geometry = { plot, centreOf, slot, yOf, base: fromZero ? 0 : yLo };
  return (
    <figure ref={ref} className={styles.figure} role="img" aria-label={title} style={{ height }}>
      {width !== null && (
        <>
          <svg className={styles.svg} width={width} height={height}>
            <GridLines ticks={ticks} y={yOf} plot={plot} />
            <ValueAxis ticks={ticks} y={yOf} plot={plot} format={formatValue} />
            <BaseAxis ticks={shown.map((i) => ({ x: centreOf(i), label: texts[i] ?? '' }))} plot={plot} />
            {children(geometry)}
          </svg>
          {labels.length > 0 && (
            <ChartHover
              xs={(i) => i}
              from={0}
              to={labels.length - 1}
              xOf={centreOf}
              xAt={(px) => (px - plot.left) / slot - 0.5}
              plot={plot}
              onPick={onPick}
            >
              {(index) => (
                <ChartTooltip
                  title={texts[index] ?? ''}
                  items={[
                    {
                      key: 'value',
                      color,
                      label: valueLabel,
                      value: values[index] === undefined ? null : formatValue(values[index]),
                    },
                  ]}
                  notes={[noteOf?.(index)].filter((n): n is string => n !== undefined)}
                />
              )}
            </ChartHover>
          )}
          {overlay?.(geometry)}
        </>
      )}
    </figure>
  );
}
