import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

export interface LinesChartProps {
  /** Rows with a numeric `x` and one field per line (null where the line has no value). */
  data: readonly Record<string, number | null>[];
  lines: readonly { key: string; name: string; color: string }[];
  xTicks?: number[];
  formatX: (x: number) => string;
  formatValue: (v: number) => string;
  height?: number;
}

/** A few lines over a numeric x axis, with a legend: the error of a forecast by lead hour. */
export function LinesChart({ data, lines, xTicks, formatX, formatValue, height = 280 }: LinesChartProps) {
  const xs = data.map((r) => r.x ?? 0);
  return (
    <ResponsiveContainer width="100%" height={height} initialDimension={{ width: 800, height }}>
      <LineChart data={data} margin={{ top: 8, right: 16, bottom: 16, left: 8 }} accessibilityLayer={false}>
        <CartesianGrid vertical={false} stroke="var(--color-border, #d0d7de)" />
        <XAxis
          dataKey="x"
          type="number"
          domain={[Math.min(...xs), Math.max(...xs)]}
          ticks={xTicks}
          tickFormatter={formatX}
          tick={{ fontSize: 11 }}
        />
        <YAxis tickFormatter={formatValue} tick={{ fontSize: 11 }} width={72} />
        <Tooltip
          formatter={(v: unknown) => formatValue(Number(v))}
          labelFormatter={(x: unknown) => formatX(Number(x))}
        />
        <Legend />
        {lines.map((l) => (
          <Line
            key={l.key}
            dataKey={l.key}
            name={l.name}
            stroke={l.color}
            dot={false}
            isAnimationActive={false}
          />
        ))}
      </LineChart>
    </ResponsiveContainer>
  );
}
