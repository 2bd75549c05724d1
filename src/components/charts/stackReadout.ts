import type { TooltipItem } from './ChartTooltip';
import type { ChartRow } from './scales';
import { bucketSize, shareOf, valueAt, type StackLayout } from './stackLayout';

export interface ReadoutSeries {
  /** The series' key in the rows (`s3`). */
  key: string;
  label: string;
  color: string;
}

const percent = (share: number): string => `${(share * 100).toFixed(1)} %`;

/**
 * What the tooltip of a stacked chart reads at row `r`: each stacked series top of the stack
 * first (as the eye meets them), with its share of the total above zero; then the lines; then the
 * totals, each named for what it adds: "Above zero" (the positive values, what shares are of),
 * "Below zero" (storage charging, exports) and "Net" (every shown series, negatives included: the
 * figure Compare's statistics and aligned CSV give). Where a stacked series has no value the
 * partial totals say so and the net is not given (a gap is not a zero); every series with no
 * value is named. A row that stands for a bucket of rows says its values are means over it.
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
  const partial = gaps ? ', of the series with a value' : '';
  const notes = [`Above zero${partial}: ${format(total)}`];
  if (below < 0) notes.push(`Below zero${partial}: ${format(below)}`);
  notes.push(gaps ? 'Net: not known while a stacked series has no value' : `Net: ${format(total + below)}`);
  if (missing.length > 0) notes.push(`No value: ${missing.join(', ')}`);
  const size = bucketSize(row);
  if (size > 1) notes.push(`Each value: the mean of ${size} intervals from this time`);
  return { items, notes };
}
