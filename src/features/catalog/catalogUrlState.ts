import type { SettingNote } from '@/lib/linkSettings';
import { defineUrlState, textParam } from '@/lib/urlState';

/** Markets a user may ask for; only ERCOT has coverage, the others answer with an empty catalog. */
/** The markets GridStatus-style APIs know; offered only while the catalog itself is unknown. */
const KNOWN_SOURCES = ['ercot', 'caiso', 'isone', 'miso', 'nyiso', 'pjm', 'spp'] as const;

/**
 * The sources the catalog's datasets come from, sorted, and `current` if a link named another.
 * Until the whole catalog has arrived (or when it failed), the known markets stand in for it.
 */
export function catalogSources(
  datasets: readonly { source: string }[] | undefined,
  current: string,
): string[] {
  const sources = new Set<string>(datasets ? datasets.map((d) => d.source) : KNOWN_SOURCES);
  if (current !== '') sources.add(current);
  return [...sources].sort();
}

/** `?q=` (free-text filter) and `?source=` (the API's `source` parameter; empty = all sources). */
export const catalogUrlState = defineUrlState(
  {
    q: textParam({ max: 200 }),
    // Any market code a shared link may carry, not only the known ones: the server decides coverage.
    source: textParam({ pattern: /^[a-z0-9_-]{1,32}$/i, transform: (s) => s.toLowerCase() }),
  },
  { q: '', source: '' },
);

/** How the link notice names each key whose value cannot be read, and what is shown instead. */
export const CATALOG_LINK_NOTES = {
  q: {
    label: 'filter',
    expects: 'is not a filter (at most 200 characters of text)',
    instead: 'no filter was used',
  },
  source: { label: 'source', expects: 'is not a market code', instead: 'every source was shown' },
} as const satisfies Record<keyof typeof catalogUrlState.shape, SettingNote>;
