import { useMemo } from 'react';
import { BaseAxis, GridLines, ValueAxis } from './axes';
import { ChartHover } from './ChartHover';
import { ChartTooltip } from './ChartTooltip';
import { plotBox, X_AXIS_HEIGHT, Y_AXIS_WIDTH } from './chartLayout';
import { linear, linePath, niceTicks, valueTicks } from './scales';
import { SeriesLines } from './SeriesLines';
import { SeriesToggles } from './SeriesToggles';
import { useHiddenSeries } from './useHiddenSeries';
import { useWidth } from './useWidth';
import styles from './chart.module.css';

export interface LinesChartProps {
  /** Rows with a numeric `x`, ascending, and one field per line (null where the line has no value). */
  data: readonly Record<string, number | null>[];
  lines: readonly { key: string; name: string; color: string }[];
  xTicks?: number[];
  formatX: (x: number) => string;
  formatValue: (v: number) => string;
  height?: number;
}

const FRAME = { top: 8, right: 16, bottom: 16 + X_AXIS_HEIGHT, left: 8 + Y_AXIS_WIDTH };

/**
 * A few lines over a numeric x axis, with a legend that toggles them: the error of a forecast by
 * lead hour. The page around it names it and gives the numbers as a table.
 */
export function LinesChart({ data, lines, xTicks, formatX, formatValue, height = 280 }: LinesChartProps) {
  const [hidden, toggle] = useHiddenSeries();
  const [width, ref] = useWidth<HTMLDivElement>(800);
  const plot = plotBox(width ?? 800, height, FRAME);
  const lo = data[0]?.x ?? 0;
  const hi = data[data.length - 1]?.x ?? 1;
  const shown = useMemo(() => lines.filter((l) => !hidden.has(l.name)), [lines, hidden]);
  const yTicks = useMemo(
    () =>
      valueTicks(
        data,
        shown.map((l) => l.key),
      ),
    [data, shown],
  );
  const ticks =
    xTicks ?? niceTicks(lo, hi, Math.max(2, Math.floor(plot.width / 64))).filter((t) => t >= lo && t <= hi);
  const xOf = linear(lo, hi, plot.left, plot.left + plot.width);
  const xAt = linear(plot.left, plot.left + plot.width, lo, hi);
  const yOf = linear(yTicks[0] ?? 0, yTicks[yTicks.length - 1] ?? 1, plot.top + plot.height, plot.top);
  const xs = (i: number) => data[i]?.x ?? Number.NaN;
  return (
    <div>
      <SeriesToggles series={lines} hidden={hidden} onToggle={toggle} />
      <div ref={ref} className={styles.figure} style={{ height }}>
        {width !== null && (
          <>
            <svg className={styles.svg} width={width} height={height}>
              <GridLines ticks={yTicks} y={yOf} plot={plot} />
              <ValueAxis ticks={yTicks} y={yOf} plot={plot} format={formatValue} />
              <BaseAxis ticks={ticks.map((t) => ({ x: xOf(t), label: formatX(t) }))} plot={plot} />
              <SeriesLines
                lines={shown.map((l) => ({ key: l.key, color: l.color, d: linePath(data, l.key, xOf, yOf) }))}
              />
            </svg>
            {data.length > 0 && (
              <ChartHover xs={xs} from={0} to={data.length - 1} xOf={xOf} xAt={xAt} plot={plot}>
                {(index) => (
                  <ChartTooltip
                    title={formatX(xs(index))}
                    items={shown.map((l) => {
                      const v = data[index]?.[l.key];
                      return {
                        key: l.key,
                        color: l.color,
                        label: l.name,
                        value: v === null || v === undefined ? null : formatValue(v),
                      };
                    })}
                  />
                )}
              </ChartHover>
            )}
          </>
        )}
      </div>
    </div>
  );
}
