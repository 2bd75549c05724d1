import { defineUrlState, textParam } from '@/lib/urlState';

/** Markets a user may ask for; only ERCOT has coverage, the others answer with an empty catalog. */
export const KNOWN_SOURCES = ['ercot', 'caiso', 'isone', 'miso', 'nyiso', 'pjm', 'spp'] as const;

/** `?q=` (free-text filter) and `?source=` (the API's `source` parameter; empty = all sources). */
export const catalogUrlState = defineUrlState(
  {
    q: textParam({ max: 200 }),
    // Any market code a shared link may carry, not only the known ones: the server decides coverage.
    source: textParam({ pattern: /^[a-z0-9_-]{1,32}$/i, transform: (s) => s.toLowerCase() }),
  },
  { q: '', source: '' },
);
