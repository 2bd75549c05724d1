import {
  Area,
  CartesianGrid,
  ComposedChart,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { PALETTE } from './TimeSeriesChart';

export interface BandPoint {
  x: number;
  /** The line (a mean), and the band around it (percentiles); null where there is none. */
  value: number | null;
  low: number | null;
  high: number | null;
}

export interface BandChartProps {
  data: readonly BandPoint[];
  color: number;
  formatX: (x: number) => string;
  formatValue: (v: number) => string;
  lineName: string;
  bandName: string;
  height?: number;
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
  const stroke = PALETTE[color % PALETTE.length];
  const rows = data.map((p) => ({
    x: p.x,
    value: p.value,
    band: p.low === null || p.high === null ? null : [p.low, p.high],
  }));
  return (
    <ResponsiveContainer width="100%" height={height} initialDimension={{ width: 800, height }}>
      <ComposedChart
        data={rows}
        margin={{ top: 8, right: 16, bottom: 4, left: 8 }}
        accessibilityLayer={false}
      >
        <CartesianGrid vertical={false} stroke="var(--color-border, #d0d7de)" />
        <XAxis dataKey="x" tickFormatter={formatX} tick={{ fontSize: 11 }} />
        <YAxis tickFormatter={formatValue} tick={{ fontSize: 11 }} width={72} domain={['auto', 'auto']} />
        <Tooltip
          formatter={(v: unknown) =>
            Array.isArray(v)
              ? `${formatValue(Number(v[0]))} – ${formatValue(Number(v[1]))}`
              : formatValue(Number(v))
          }
          labelFormatter={(x: unknown) => formatX(Number(x))}
        />
        <Area
          dataKey="band"
          name={bandName}
          stroke="none"
          fill={stroke}
          fillOpacity={0.2}
          isAnimationActive={false}
        />
        <Line
          dataKey="value"
          name={lineName}
          stroke={stroke}
          strokeWidth={2}
          dot={false}
          isAnimationActive={false}
        />
      </ComposedChart>
    </ResponsiveContainer>
  );
}
