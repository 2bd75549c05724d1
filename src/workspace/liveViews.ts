/**
 * The saved views as the library shows them, kept live: Dexie's live queries re-run when the
 * views change, in this tab or another (Dexie tells its other tabs through a BroadcastChannel), so
 * a view saved elsewhere appears without a reload. A failing store is an answer, not a crash.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { describeStorageError } from './storageErrors';
import type { SavedView } from './types';
import { listViews } from './views';

export type LiveViews =
  { state: 'loading' } | { state: 'ready'; views: SavedView[] } | { state: 'failed'; message: string };

const LOADING: LiveViews = { state: 'loading' };

export function useLiveViews(): LiveViews {
  return (
    useLiveQuery(
      (): Promise<LiveViews> =>
        listViews().then(
          (views) => ({ state: 'ready', views }),
          (error: unknown) => ({ state: 'failed', message: describeStorageError(error).message }),
        ),
      [],
    ) ?? LOADING
  );
}
