import { CategoryChart } from './CategoryChart';
import { defaultFormatValue } from './formatValue';
import { THEME } from './palette';

export interface BarDatum {
  /** Category shown on the x axis (a market date, a hub…). */
  label: string;
  value: number;
}

export interface BarChartProps {
  data: readonly BarDatum[];
  /** Names the chart for assistive technology; the table beside it carries the numbers. */
  title: string;
  /** What a bar measures, shown in the tooltip ("Datapoints"). */
  valueLabel: string;
  height?: number;
  formatValue?: (value: number) => string;
  formatLabel?: (label: string) => string;
}

const MARGIN = { top: 8, right: 8, bottom: 4, left: 8 };
const same = (label: string) => label;
/** The gap between bars, as a share of each category's width. */
const GAP = 0.1;

/**
 * A small bar chart. It is a picture of numbers that are also given as a table, so it is one
 * image to assistive technology (role="img" with a title) rather than a maze of SVG nodes.
 */
export function BarChart({
  data,
  title,
  valueLabel,
  height = 200,
  formatValue = defaultFormatValue,
  formatLabel = same,
}: BarChartProps) {
  return (
    <CategoryChart
      labels={data.map((d) => d.label)}
      values={data.map((d) => d.value)}
      title={title}
      height={height}
      margin={MARGIN}
      yAxisWidth={64}
      fromZero
      formatValue={formatValue}
      formatLabel={formatLabel}
      valueLabel={valueLabel}
      color={THEME.accent}
    >
      {({ centreOf, slot, yOf, base }) => (
        <g fill={THEME.accent}>
          {data.map((d, i) => {
            const top = Math.min(yOf(d.value), yOf(base));
            const w = Math.max(1, slot * (1 - GAP));
            return (
              <rect
                key={d.label}
                data-bar={d.label}
                x={centreOf(i) - w / 2}
                y={top}
                width={w}
                height={Math.abs(yOf(base) - yOf(d.value))}
              />
            );
          })}
        </g>
      )}
    </CategoryChart>
  );
}
