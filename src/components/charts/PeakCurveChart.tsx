import {
  CartesianGrid,
  Line,
  LineChart,
  ReferenceDot,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import styles from './BarChart.module.css';
import { noVerticalLines } from './grid';

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
  /** Where the x axis has ticks (epoch ms); by default recharts picks them. */
  ticks?: readonly number[];
  formatTime: (ms: number) => string;
  formatValue?: (value: number) => string;
}

const defaultFormat = (value: number): string => value.toLocaleString('en-US');
const MUTED = 'var(--color-muted, #57606a)';
const BORDER = 'var(--color-border, #d0d7de)';
const PEAK = 'var(--color-danger, #b3261e)';

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
  formatValue = defaultFormat,
}: PeakCurveChartProps) {
  return (
    <figure className={styles.figure} role="img" aria-label={title} style={{ height }}>
      <ResponsiveContainer width="100%" height={height} initialDimension={{ width: 720, height }}>
        <LineChart
          data={points}
          margin={{ top: 24, right: 16, bottom: 4, left: 8 }}
          accessibilityLayer={false}
        >
          <CartesianGrid vertical={false} verticalCoordinatesGenerator={noVerticalLines} stroke={BORDER} />
          <XAxis
            dataKey="x"
            type="number"
            scale="time"
            domain={['dataMin', 'dataMax']}
            ticks={ticks ? [...ticks] : undefined}
            tickFormatter={(v: number) => formatTime(v)}
            tick={{ fill: MUTED, fontSize: 11 }}
            stroke={BORDER}
            minTickGap={8}
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
            labelFormatter={(label) => (typeof label === 'number' ? formatTime(label) : '')}
            contentStyle={{
              background: 'var(--color-surface, #fff)',
              border: `1px solid ${BORDER}`,
              color: 'var(--color-text, #1f2328)',
            }}
          />
          <Line
            dataKey="value"
            name={valueLabel}
            type="monotone"
            stroke="var(--color-accent, #0969da)"
            strokeWidth={2}
            dot={false}
            isAnimationActive={false}
          />
          {peak && (
            <ReferenceLine
              x={peak.x}
              stroke={PEAK}
              strokeDasharray="4 3"
              label={peakLabel ? { value: peakLabel, position: 'top', fill: PEAK, fontSize: 12 } : undefined}
            />
          )}
          {peak && (
            <ReferenceDot
              x={peak.x}
              y={peak.value}
              r={5}
              fill={PEAK}
              stroke="var(--color-bg, #fff)"
              strokeWidth={2}
            />
          )}
        </LineChart>
      </ResponsiveContainer>
    </figure>
  );
}
