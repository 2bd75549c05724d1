/**
 * The history as it is now, kept up to date: every write (this tab's recorder, a star, a clear,
 * another tab's queries) shows without a reload. A store that cannot be read is said, not thrown.
 */
import { liveQuery } from 'dexie';
import { useEffect, useState } from 'react';
import { listHistory } from './history';
import type { HistoryEntry } from './types';

export interface LiveHistory {
  /** Newest first; undefined until the store has answered. */
  entries: HistoryEntry[] | undefined;
  error: unknown;
}

export function useLiveHistory(): LiveHistory {
  const [state, setState] = useState<LiveHistory>({ entries: undefined, error: null });
  useEffect(() => {
    const subscription = liveQuery(() => listHistory()).subscribe({
      next: (entries) => setState({ entries, error: null }),
      error: (error: unknown) => setState((current) => ({ entries: current.entries, error })),
    });
    return () => subscription.unsubscribe();
  }, []);
  return state;
}
