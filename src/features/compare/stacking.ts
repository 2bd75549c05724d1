/**
 * When Compare can stack its series, and the stack's total (docs/decisions/0028-stacked-areas.md).
 * A stack adds values up, so every series must be in one known unit: MW of each fuel or each load
 * zone stack; $/MWh beside MW do not, and a sum of prices means nothing either, which the reason
 * beside the control cannot judge, so it says only what it checks.
 */
import type { SeriesResult } from './seriesResult';

export type Stackability = { ok: true; unit: string } | { ok: false; reason: string };

export function stackability(series: readonly Pick<SeriesResult, 'spec' | 'unit'>[]): Stackability {
  if (series.length < 2) return { ok: false, reason: 'Stacking needs two or more series.' };
  const unknown = series.filter((s) => s.unit === null).map((s) => s.spec.key);
  if (unknown.length > 0)
    return {
      ok: false,
      reason: `Stacking needs every series' unit; not known for ${unknown.join(', ')}.`,
    };
  const byUnit = new Map<string, string[]>();
  for (const s of series) byUnit.set(s.unit ?? '', [...(byUnit.get(s.unit ?? '') ?? []), s.spec.key]);
  if (byUnit.size > 1)
    return {
      ok: false,
      reason: `Stacking needs one unit: ${[...byUnit].map(([unit, keys]) => `${keys.join(', ')} in ${unit}`).join('; ')}.`,
    };
  return { ok: true, unit: series[0]?.unit ?? '' };
}

/**
 * The stack's net per interval: the sum of the given series, negative parts included (storage
 * charging takes from what the stack serves), the chart tooltip's "Net"; NaN where any series has
 * no value, since a total of the rest would read as a dip that never happened. A new array each
 * call: the page keeps it with memoLast, so its renders neither add a year again nor miss the
 * statistics' cache.
 */
export function stackTotal(columns: readonly (Float64Array | null)[], length: number): Float64Array {
  const total = new Float64Array(length);
  for (const values of columns) {
    for (let i = 0; i < length; i++) total[i] = (total[i] ?? 0) + (values?.[i] ?? Number.NaN);
  }
  return total;
}

/**
 * The name of a net of `keys`, saying which series the chart's legend has left out of it: the
 * statistics' row follows the chart, the aligned CSV's column is of every series.
 */
export function netLabel(keys: readonly string[], hidden: readonly string[] = []): string {
  const left = hidden.length > 0 ? `; ${hidden.join(', ')} hidden in the chart` : '';
  return `Net of ${keys.join(' + ')} (stacked${left})`;
}
