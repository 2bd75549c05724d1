/** The order of resampled groups: by their key cells, nulls last, numbers by value, the rest as text. */
import type { RawCell } from '@/mock/data/types';

function compareCells(a: RawCell, b: RawCell): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  const sa = String(a);
  const sb = String(b);
  return sa < sb ? -1 : sa > sb ? 1 : 0;
}

export function compareKeys(a: readonly RawCell[], b: readonly RawCell[]): number {
  for (let i = 0; i < a.length; i++) {
    const c = compareCells(a[i] ?? null, b[i] ?? null);
    if (c !== 0) return c;
  }
  return 0;
}
