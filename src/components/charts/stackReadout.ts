import type { TooltipItem } from './ChartTooltip';
import type { ChartRow } from './scales';
import { shareOf, valueAt, type StackLayout } from './stackLayout';

export interface ReadoutSeries {
  /** The series' key in the rows (`s3`). */
  key: string;
  label: string;
  color: string;
}

const percent = (share: number): string => `${(share * 100).toFixed(1)} %`;

/**
 * What the tooltip of a stacked chart reads at row `r`: each stacked series top of the stack
 * first (as the eye meets them), with its share of the positive total; then the lines; then the
 * totals and, by name, every series that has no value there (a gap, not a zero).
 */
export function stackReadout(
  rows: readonly ChartRow[],
  r: number,
  layout: StackLayout,
  stacked: readonly ReadoutSeries[],
  lines: readonly ReadoutSeries[],
  format: (v: number) => string,
): { items: TooltipItem[]; notes: string[] } {
  const row = rows[r];
  const total = layout.positive[r] ?? 0;
  const below = layout.negative[r] ?? 0;
  const missing: string[] = [];
  const item = (s: ReadoutSeries, withShare: boolean): TooltipItem => {
    const v = valueAt(row, s.key);
    if (Number.isNaN(v)) missing.push(s.label);
    const share = withShare ? shareOf(v, total) : null;
    return {
      key: s.key,
      color: s.color,
      label: s.label,
      value: Number.isNaN(v) ? null : share === null ? format(v) : `${format(v)} (${percent(share)})`,
    };
  };
  const items = [...stacked].reverse().map((s) => item(s, true));
  items.push(...lines.map((s) => item(s, false)));
  const gaps = stacked.some((s) => Number.isNaN(valueAt(row, s.key)));
  const notes = [`Total${gaps ? ' of the series with a value' : ''}: ${format(total)}`];
  if (below < 0) notes.push(`Below zero: ${format(below)}`);
  if (missing.length > 0) notes.push(`No value: ${missing.join(', ')}`);
  return { items, notes };
}
