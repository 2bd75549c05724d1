import type { MouseEvent } from 'react';
import {
  CartesianGrid,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
  type DotItemDotProps,
  type MouseHandlerDataParam,
} from 'recharts';
import styles from './BarChart.module.css';
import { noVerticalLines } from './grid';

export interface DailyPeakDatum {
  /** Market date `YYYY-MM-DD`. */
  date: string;
  value: number;
}

export interface DailyPeaksChartProps {
  /** One point per day, in date order. */
  data: readonly DailyPeakDatum[];
  /** Names the chart for assistive technology; a table beside it carries the numbers and links. */
  title: string;
  /** What a value measures, shown in the tooltip ("Peak load"). */
  valueLabel: string;
  /** Drawn emphasised: the day whose report is open. */
  selectedDate?: string;
  /** Clicking a point (or anywhere above its day) picks that day. */
  onSelectDate: (date: string) => void;
  height?: number;
  formatValue?: (value: number) => string;
  formatDate?: (date: string) => string;
}

const defaultFormat = (value: number): string => value.toLocaleString('en-US');
const MUTED = 'var(--color-muted, #57606a)';
const BORDER = 'var(--color-border, #d0d7de)';
const ACCENT = 'var(--color-accent, #0969da)';
const SELECTED = 'var(--color-danger, #b3261e)';

function isDatum(value: unknown): value is DailyPeakDatum {
  return (
    typeof value === 'object' && value !== null && typeof (value as { date?: unknown }).date === 'string'
  );
}

/**
 * Daily peaks as a line of clickable points. The chart is a mouse shortcut and one image to
 * assistive technology; the keyboard and screen-reader path is the table of links beside it.
 */
export function DailyPeaksChart({
  data,
  title,
  valueLabel,
  selectedDate,
  onSelectDate,
  height = 220,
  formatValue = defaultFormat,
  formatDate,
}: DailyPeaksChartProps) {
  const renderDot = ({ cx, cy, payload, index }: DotItemDotProps) => {
    if (typeof cx !== 'number' || typeof cy !== 'number' || !isDatum(payload)) return <g key={index} />;
    const date = payload.date;
    const selected = date === selectedDate;
    const select = (event: MouseEvent<SVGGElement>): void => {
      // The chart's own click handler would pick the same day a second time.
      event.stopPropagation();
      onSelectDate(date);
    };
    return (
      <g key={date} data-date={date} onClick={select} style={{ cursor: 'pointer' }}>
        {/* A larger invisible target: a 3 px dot is hard to hit, on touch screens above all. */}
        <circle cx={cx} cy={cy} r={10} fill="transparent" />
        <circle
          cx={cx}
          cy={cy}
          r={selected ? 6 : 3.5}
          fill={selected ? SELECTED : ACCENT}
          stroke="var(--color-bg, #fff)"
          strokeWidth={1.5}
        />
      </g>
    );
  };

  const onChartClick = (state: MouseHandlerDataParam): void => {
    if (typeof state.activeLabel === 'string') onSelectDate(state.activeLabel);
  };

  return (
    <figure className={styles.figure} role="img" aria-label={title} style={{ height }}>
      <ResponsiveContainer width="100%" height={height} initialDimension={{ width: 720, height }}>
        <LineChart
          data={data}
          margin={{ top: 12, right: 24, bottom: 4, left: 8 }}
          accessibilityLayer={false}
          onClick={onChartClick}
          style={{ cursor: 'pointer' }}
        >
          <CartesianGrid vertical={false} verticalCoordinatesGenerator={noVerticalLines} stroke={BORDER} />
          <XAxis
            dataKey="date"
            tickFormatter={formatDate}
            tick={{ fill: MUTED, fontSize: 11 }}
            stroke={BORDER}
            minTickGap={16}
          />
          <YAxis
            domain={['auto', 'auto']}
            tickFormatter={(v: number) => formatValue(v)}
            tick={{ fill: MUTED, fontSize: 11 }}
            stroke={BORDER}
            width={72}
          />
          <Tooltip
            formatter={(v) => [typeof v === 'number' ? formatValue(v) : String(v), valueLabel]}
            contentStyle={{
              background: 'var(--color-surface, #fff)',
              border: `1px solid ${BORDER}`,
              color: 'var(--color-text, #1f2328)',
            }}
          />
          <Line
            dataKey="value"
            name={valueLabel}
            stroke={ACCENT}
            strokeWidth={1.5}
            dot={renderDot}
            activeDot={false}
            isAnimationActive={false}
          />
        </LineChart>
      </ResponsiveContainer>
    </figure>
  );
}
