import {
  Bar,
  BarChart as RechartsBarChart,
  CartesianGrid,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import styles from './BarChart.module.css';
import { noVerticalLines } from './grid';

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

const defaultFormat = (value: number): string => value.toLocaleString('en-US');

/**
 * A small bar chart. It is a picture of numbers that are also given as a table, so it is one
 * image to assistive technology (role="img" with a title) rather than a maze of SVG nodes.
 */
export function BarChart({
  data,
  title,
  valueLabel,
  height = 200,
  formatValue = defaultFormat,
  formatLabel,
}: BarChartProps) {
  return (
    <figure className={styles.figure} role="img" aria-label={title} style={{ height }}>
      <ResponsiveContainer width="100%" height={height} initialDimension={{ width: 600, height }}>
        <RechartsBarChart
          data={data}
          margin={{ top: 8, right: 8, bottom: 4, left: 8 }}
          accessibilityLayer={false}
        >
          <CartesianGrid
            vertical={false}
            verticalCoordinatesGenerator={noVerticalLines}
            stroke="var(--color-border, #d0d7de)"
          />
          <XAxis
            dataKey="label"
            tickFormatter={formatLabel}
            tick={{ fill: 'var(--color-muted, #57606a)', fontSize: 11 }}
            stroke="var(--color-border, #d0d7de)"
            minTickGap={16}
          />
          <YAxis
            tickFormatter={(v: number) => formatValue(v)}
            tick={{ fill: 'var(--color-muted, #57606a)', fontSize: 11 }}
            stroke="var(--color-border, #d0d7de)"
            width={64}
          />
          <Tooltip
            formatter={(v) => [typeof v === 'number' ? formatValue(v) : String(v), valueLabel]}
            labelFormatter={(label) =>
              typeof label === 'string' ? (formatLabel ? formatLabel(label) : label) : String(label as number)
            }
            contentStyle={{
              background: 'var(--color-surface, #fff)',
              border: '1px solid var(--color-border, #d0d7de)',
              color: 'var(--color-text, #1f2328)',
            }}
            cursor={{ fill: 'var(--color-surface-2, rgba(127,127,127,0.12))' }}
          />
          <Bar
            dataKey="value"
            name={valueLabel}
            fill="var(--color-accent, #0969da)"
            isAnimationActive={false}
          />
        </RechartsBarChart>
      </ResponsiveContainer>
    </figure>
  );
}
