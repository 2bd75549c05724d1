import { useMemo } from 'react';
import { BaseAxis, GridLines, ValueAxis } from './axes';
import { ChartHover } from './ChartHover';
import { ChartTooltip } from './ChartTooltip';
import { plotBox, X_AXIS_HEIGHT, Y_AXIS_WIDTH } from './chartLayout';
import { colorOf } from './palette';
import { linear, linePath, niceTicks, valueTicks } from './scales';
import { SeriesLines } from './SeriesLines';
import { useWidth } from './useWidth';
import styles from './chart.module.css';

export interface BandPoint {
  x: number;
  /** The line (a mean), and the band around it (percentiles); null where there is none. */
  value: number | null;
  low: number | null;
  high: number | null;
}

export interface BandChartProps {
  /** Ascending by `x`. */
  data: readonly BandPoint[];
  /** Index into the palette: the series' own colour. */
  color: number;
  formatX: (x: number) => string;
  formatValue: (v: number) => string;
  lineName: string;
  bandName: string;
  height?: number;
}

const FRAME = { top: 8, right: 16, bottom: 4 + X_AXIS_HEIGHT, left: 8 + Y_AXIS_WIDTH };
const KEYS = ['value', 'low', 'high'];

/** The band's outline: along the highs left to right, back along the lows; gaps split it. */
function bandPath(data: readonly BandPoint[], x: (v: number) => number, y: (v: number) => number): string {
  const runs: BandPoint[][] = [[]];
  for (const p of data) {
    if (p.low === null || p.high === null) runs.push([]);
    else runs[runs.length - 1]?.push(p);
  }
  return runs
    .filter((run) => run.length > 0)
    .map((run) => {
      const top = run.map((p) => `${x(p.x).toFixed(1)},${y(p.high ?? 0).toFixed(1)}`);
      const bottom = run.map((p) => `${x(p.x).toFixed(1)},${y(p.low ?? 0).toFixed(1)}`).reverse();
      return `M${[...top, ...bottom].join('L')}Z`;
    })
    .join('');
}

/** A line with a shaded band around it: a daily profile's mean between its 5th and 95th percentile. */
export function BandChart({
  data,
  color,
  formatX,
  formatValue,
  lineName,
  bandName,
  height = 320,
}: BandChartProps) {
  const [width, ref] = useWidth<HTMLDivElement>(800);
  const plot = plotBox(width ?? 800, height, FRAME);
  const stroke = colorOf(color);
  const lo = data[0]?.x ?? 0;
  const hi = data[data.length - 1]?.x ?? 1;
  const yTicks = useMemo(() => valueTicks(data, KEYS), [data]);
  // As many round ticks as fit a label every 64 px or so.
  const xTicks = niceTicks(lo, hi, Math.max(2, Math.floor(plot.width / 64))).filter(
    (t) => t >= lo && t <= hi,
  );
  const xOf = linear(lo, hi, plot.left, plot.left + plot.width);
  const xAt = linear(plot.left, plot.left + plot.width, lo, hi);
  const yOf = linear(yTicks[0] ?? 0, yTicks[yTicks.length - 1] ?? 1, plot.top + plot.height, plot.top);
  const xs = (i: number) => data[i]?.x ?? Number.NaN;
  return (
    <div ref={ref} className={styles.figure} style={{ height }}>
      {width !== null && (
        <>
          <svg className={styles.svg} width={width} height={height}>
            <GridLines ticks={yTicks} y={yOf} plot={plot} />
            <ValueAxis ticks={yTicks} y={yOf} plot={plot} format={formatValue} />
            <BaseAxis ticks={xTicks.map((t) => ({ x: xOf(t), label: formatX(t) }))} plot={plot} />
            <path
              className="series-band"
              d={bandPath(data, xOf, yOf)}
              fill={stroke}
              fillOpacity={0.2}
              aria-hidden="true"
            />
            <SeriesLines
              lines={[{ key: 'value', color: stroke, d: linePath(data, 'value', xOf, yOf) }]}
              width={2}
            />
          </svg>
          {data.length > 0 && (
            <ChartHover xs={xs} from={0} to={data.length - 1} xOf={xOf} xAt={xAt} plot={plot}>
              {(index) => {
                const p = data[index];
                return (
                  <ChartTooltip
                    title={formatX(xs(index))}
                    items={[
                      {
                        key: 'band',
                        color: stroke,
                        label: bandName,
                        value:
                          p?.low === null || p?.high === null || p === undefined
                            ? null
                            : `${formatValue(p.low)} – ${formatValue(p.high)}`,
                      },
                      {
                        key: 'value',
                        color: stroke,
                        label: lineName,
                        value: p?.value === null || p?.value === undefined ? null : formatValue(p.value),
                      },
                    ]}
                  />
                );
              }}
            </ChartHover>
          )}
        </>
      )}
    </div>
  );
}
