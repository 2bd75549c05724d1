import type { SeriesResult } from './seriesResult';

/** Why a series has no values yet, in a few words: its own panel says more. */
function whyNoValues(s: SeriesResult): string {
  if (s.loading) return 'loading';
  if (s.cancelled) return 'stopped';
  if (s.unknownLocation) return 'location not known';
  if (s.error) return 'failed, as its panel says';
  return 'on its way';
}

/** "D, E (loading); F (stopped)": the series without values, by why. */
export function withoutValues(series: readonly SeriesResult[]): string {
  const byWhy = new Map<string, string[]>();
  for (const s of series) {
    const why = whyNoValues(s);
    byWhy.set(why, [...(byWhy.get(why) ?? []), s.spec.key]);
  }
  return [...byWhy].map(([why, keys]) => `${keys.join(', ')} (${why})`).join('; ');
}
