import { useMemo } from 'react';

/**
 * `ticks` as the same array for as long as it holds the same numbers: ticks recomputed for new
 * rows are usually the same, and a memoised axis compares them by identity. (A number's text
 * reads back as the same number, NaN and the infinities included.)
 */
export function useSameTicks(ticks: readonly number[]): readonly number[] {
  const key = ticks.join(' ');
  return useMemo(() => (key === '' ? [] : key.split(' ').map(Number)), [key]);
}
