import { useEffect, useMemo, useRef } from 'react';
import {
  Brush,
  CartesianGrid,
  Line,
  LineChart,
  useXAxisScale,
  useYAxisScale,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
  type TooltipContentProps,
} from 'recharts';
import { linePath, niceTicks, PALETTE, timeTicks } from './TimeSeriesChart';
import chartStyles from './TimeSeriesChart.module.css';
import { noVerticalLines } from './grid';
import { useDismissOnEscape } from './useDismissOnEscape';
import { formatNumber } from '@/lib/format';
import { chartFrame, indexAtOrAfter, type FrameRow } from '@/lib/chartFrame';

export interface AxisSeries {
  key: string;
  label: string;
  unit: string | null;
  values: Float64Array;
  /** Index into the palette: a series keeps its colour whatever is hidden. */
  color: number;
  axis: 'left' | 'right';
}

export interface MultiAxisChartProps {
  /** The common time grid of every series (epoch ms, ascending). */
  times: Float64Array;
  /** Zone whose midnights and round hours the time ticks fall on. */
  timeZone: string;
  series: readonly AxisSeries[];
  /** Grid indexes shown, or null for the whole range. */
  window: [number, number] | null;
  onWindow: (window: [number, number] | null) => void;
  formatTime: (ms: number) => string;
  height?: number;
  pixelWidth?: number;
}

const colorOf = (i: number): string => PALETTE[i % PALETTE.length] ?? '#0969da';

function axisTicks(
  rows: readonly FrameRow[],
  series: readonly AxisSeries[],
  axis: 'left' | 'right',
): number[] {
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  series.forEach((s, i) => {
    if (s.axis !== axis) return;
    for (const row of rows) {
      const v = row[`s${i}`];
      if (v === null || v === undefined) continue;
      if (v < lo) lo = v;
      if (v > hi) hi = v;
    }
  });
  if (lo > hi) return [0, 1];
  return niceTicks(lo === hi ? lo - 1 : lo, lo === hi ? hi + 1 : hi);
}

type Scale = (value: number) => number | undefined;
const finite =
  (scale: (v: number) => unknown): Scale =>
  (v) => {
    const px = scale(v);
    return typeof px === 'number' && Number.isFinite(px) ? px : undefined;
  };

/**
 * The lines of one y axis as plain paths from the chart's own scales: recharts' <Line> also
 * builds a label object per point, which costs more than the drawing itself with eight series.
 */
function AxisLines({
  rows,
  series,
  axis,
}: {
  rows: readonly FrameRow[];
  series: readonly AxisSeries[];
  axis: 'left' | 'right';
}) {
  const x = useXAxisScale();
  const y = useYAxisScale(axis);
  if (!x || !y) return null;
  return (
    <g>
      {series.map((s, i) => {
        if (s.axis !== axis) return null;
        const d = linePath(rows, `s${i}`, finite(x), finite(y), 0, rows.length - 1);
        const single = /^M(-?[\d.]+),(-?[\d.]+)$/.exec(d);
        if (single) return <circle key={s.key} cx={single[1]} cy={single[2]} r={3} fill={colorOf(s.color)} />;
        return (
          <path
            key={s.key}
            className="series-line"
            d={d}
            fill="none"
            stroke={colorOf(s.color)}
            strokeWidth={1.5}
            strokeLinejoin="round"
          />
        );
      })}
    </g>
  );
}

function Tip({
  active,
  label,
  rows,
  series,
  formatTime,
}: Pick<TooltipContentProps, 'active' | 'label'> & {
  rows: ReadonlyMap<number, FrameRow>;
  series: readonly AxisSeries[];
  formatTime: (ms: number) => string;
}) {
  const row = typeof label === 'number' ? rows.get(label) : undefined;
  if (!active || !row || typeof label !== 'number') return null;
  return (
    <div className={chartStyles.tooltip}>
      <p className={chartStyles.tooltipTime}>{formatTime(label)}</p>
      <ul>
        {series.map((s, i) => {
          const v = row[`s${i}`];
          return (
            <li key={s.key}>
              <span
                className={chartStyles.swatch}
                style={{ background: colorOf(s.color) }}
                aria-hidden="true"
              />
              {s.label}: {v === null || v === undefined ? '—' : formatNumber(v, { unit: s.unit })}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/**
 * Several series on one time axis, $/MWh on one y axis and MW on the other, with an overview
 * strip whose brush zooms the main chart (which is then drawn from the grid again, at full detail).
 */
export function MultiAxisChart({
  times,
  timeZone,
  series,
  window,
  onWindow,
  formatTime,
  height = 380,
  pixelWidth = 800,
}: MultiAxisChartProps) {
  const last = times.length - 1;
  const [from, to] = window ?? [0, last];
  const values = useMemo(() => series.map((s) => s.values), [series]);
  const rows = useMemo(
    () => chartFrame(times, values, from, to, pixelWidth),
    [times, values, from, to, pixelWidth],
  );
  const overview = useMemo(() => chartFrame(times, values.slice(0, 1), 0, last, 300), [times, values, last]);
  const rowsByX = useMemo(() => new Map(rows.map((r) => [r.x, r])), [rows]);
  const lo = times[from] ?? 0;
  const hi = times[to] ?? 0;
  const ticks = useMemo(() => timeTicks(lo, hi, 6, timeZone), [lo, hi, timeZone]);
  const left = useMemo(() => axisTicks(rows, series, 'left'), [rows, series]);
  const right = useMemo(() => axisTicks(rows, series, 'right'), [rows, series]);
  const leftUnit = series.find((s) => s.axis === 'left')?.unit ?? null;
  const rightUnit = series.find((s) => s.axis === 'right')?.unit;
  const hasRight = rightUnit !== undefined;
  // With lines of our own the tooltip is always shown; Escape hides it until the pointer moves.
  const { dismissed, onPointerMove } = useDismissOnEscape();
  // Says what is drawn, after the commit: the bench waits for it, a test can read it.
  const figure = useRef<HTMLElement>(null);
  useEffect(() => {
    if (figure.current) figure.current.dataset.drawn = `${series.length}:${rows.length}`;
  }, [series, rows]);
  // The overview's brush indexes its own rows; they map to grid indexes through their times.
  const overviewTimes = useMemo(() => Float64Array.from(overview, (r) => r.x), [overview]);
  const brushStart = Math.min(overview.length - 1, Math.max(0, indexAtOrAfter(overviewTimes, lo)));
  const brushEnd = Math.min(overview.length - 1, Math.max(brushStart, indexAtOrAfter(overviewTimes, hi)));
  return (
    <div>
      <ul className={chartStyles.legend} aria-label="Legend">
        {series.map((s) => (
          <li key={s.key}>
            <span
              className={chartStyles.swatch}
              style={{ background: colorOf(s.color) }}
              aria-hidden="true"
            />
            {s.label}
            {s.unit ? ` (${s.unit}, ${s.axis} axis)` : ` (${s.axis} axis)`}
          </li>
        ))}
      </ul>
      <figure
        ref={figure}
        className={chartStyles.figure}
        aria-label={`Chart of ${series.map((s) => s.label).join('; ')} from ${formatTime(lo)} to ${formatTime(hi)}`}
        style={{ height }}
      >
        <ResponsiveContainer width="100%" height={height} initialDimension={{ width: pixelWidth, height }}>
          <LineChart
            data={rows}
            margin={{ top: 8, right: 8, bottom: 4, left: 8 }}
            accessibilityLayer={false}
            onMouseMove={onPointerMove}
          >
            <CartesianGrid
              vertical={false}
              verticalCoordinatesGenerator={noVerticalLines}
              stroke="var(--color-border, #d0d7de)"
            />
            <XAxis
              dataKey="x"
              type="number"
              domain={[lo, hi]}
              ticks={ticks}
              allowDataOverflow
              tickFormatter={(v: number) => formatTime(v)}
              tick={{ fontSize: 11 }}
              minTickGap={32}
            />
            <YAxis
              yAxisId="left"
              type="number"
              domain={[left[0] ?? 0, left[left.length - 1] ?? 1]}
              ticks={left}
              allowDataOverflow
              tickFormatter={(v: number) => formatNumber(v)}
              tick={{ fontSize: 11 }}
              width={72}
              label={{ value: leftUnit ?? '', angle: -90, position: 'insideLeft', fontSize: 11 }}
            />
            {hasRight && (
              <YAxis
                yAxisId="right"
                orientation="right"
                type="number"
                domain={[right[0] ?? 0, right[right.length - 1] ?? 1]}
                ticks={right}
                allowDataOverflow
                tickFormatter={(v: number) => formatNumber(v)}
                tick={{ fontSize: 11 }}
                width={72}
                label={{ value: rightUnit ?? '', angle: 90, position: 'insideRight', fontSize: 11 }}
              />
            )}
            <Tooltip
              wrapperStyle={{ visibility: 'visible' }}
              content={({ active, label }) => (
                <Tip
                  active={active && !dismissed}
                  label={label}
                  rows={rowsByX}
                  series={series}
                  formatTime={formatTime}
                />
              )}
            />
            <AxisLines rows={rows} series={series} axis="left" />
            {hasRight && <AxisLines rows={rows} series={series} axis="right" />}
          </LineChart>
        </ResponsiveContainer>
      </figure>
      {overview.length > 2 && (
        <div className={chartStyles.figure} style={{ height: 48 }}>
          <ResponsiveContainer width="100%" height={48} initialDimension={{ width: pixelWidth, height: 48 }}>
            <LineChart
              data={overview}
              margin={{ top: 0, right: 80, bottom: 0, left: 80 }}
              accessibilityLayer={false}
            >
              <XAxis dataKey="x" type="number" domain={['dataMin', 'dataMax']} hide />
              <YAxis hide domain={['dataMin', 'dataMax']} />
              <Line dataKey="s0" stroke="var(--color-muted, #57606a)" dot={false} isAnimationActive={false} />
              <Brush
                dataKey="x"
                height={24}
                startIndex={brushStart}
                endIndex={brushEnd}
                fill="var(--color-surface, #fff)"
                stroke="var(--color-muted, #57606a)"
                tickFormatter={(v: number) => formatTime(v)}
                ariaLabel={`Zoom: ${formatTime(lo)} to ${formatTime(hi)}`}
                onChange={({ startIndex, endIndex }) => {
                  if (startIndex <= 0 && endIndex >= overview.length - 1) return onWindow(null);
                  const a = indexAtOrAfter(times, overview[startIndex]?.x ?? lo);
                  const b = Math.min(last, indexAtOrAfter(times, overview[endIndex]?.x ?? hi));
                  onWindow([a, Math.max(a, b)]);
                }}
              />
            </LineChart>
          </ResponsiveContainer>
        </div>
      )}
    </div>
  );
}
