import { useMemo } from 'react';
import { ChartTooltip } from './ChartTooltip';
import { niceTicks, pathXs, type ChartRow } from './scales';
import { bandPath, type DrawnBand } from './StackedAreas';
import { stackLayout, stackRange, type StackLayout } from './stackLayout';
import { stackReadout, type ReadoutSeries } from './stackReadout';

/**
 * How a chart draws a stack (docs/decisions/0028-stacked-areas.md), one way for TimeSeriesChart
 * and MultiAxisChart: the layout of the shown stacked series over the rows and the value ticks it
 * needs in rows [from, to] (`useStack`), its bands as filled paths (`stackAreas`) and what the
 * tooltip reads (`StackTooltip`). The rows are the caller's, cut with `bucketMeans`.
 */
export function useStack(
  rows: readonly ChartRow[],
  /** The shown stacked series' keys in stack order; null when the chart does not stack. */
  stackKeys: readonly string[] | null,
  /** Lines drawn over the stack on its axis: the ticks make room for them too. */
  lineKeys: readonly string[],
  from: number,
  to: number,
): { layout: StackLayout; ticks: number[] } | null {
  const layout = useMemo(() => (stackKeys ? stackLayout(rows, stackKeys) : null), [rows, stackKeys]);
  const ticks = useMemo(
    () => (layout ? niceTicks(...stackRange(layout, rows, lineKeys, from, to)) : null),
    [layout, rows, lineKeys, from, to],
  );
  return layout && ticks ? { layout, ticks } : null;
}

/** The layout's bands over rows [from, to] as paths, each in its series' name and colour. */
export function stackAreas(
  rows: readonly ChartRow[],
  layout: StackLayout,
  member: (key: string) => ReadoutSeries,
  x: (v: number) => number,
  y: (v: number) => number,
  from = 0,
  to = rows.length - 1,
  /** `pathXs` of the rows over [from, to], when the caller has it already. */
  xs: readonly string[] = pathXs(rows, x, from, to),
): DrawnBand[] {
  return layout.bands.map((b) => {
    const { label, color } = member(b.key);
    return { key: `${b.key}:${b.side}`, name: label, color, d: bandPath(rows, b, x, y, from, to, xs) };
  });
}

/** The tooltip of a stacked chart at row `index` (see stackReadout). */
export function StackTooltip({
  title,
  rows,
  index,
  layout,
  stacked,
  lines,
  format,
}: {
  title: string;
  rows: readonly ChartRow[];
  index: number;
  layout: StackLayout;
  stacked: readonly ReadoutSeries[];
  lines: readonly ReadoutSeries[];
  format: (v: number) => string;
}) {
  return <ChartTooltip title={title} {...stackReadout(rows, index, layout, stacked, lines, format)} />;
}
