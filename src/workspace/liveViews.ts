/**
 * The saved views as the library shows them, kept live: one Dexie live query re-runs when the
 * views change, in this tab or another (Dexie tells its other tabs through a BroadcastChannel), so
 * a view saved elsewhere appears without a reload. A failing store is an answer, not a crash.
 *
 * The watch starts when the library's code arrives, which the navigation preloads once the first
 * screen is done: by the time the analyst clicks "Library" the views are read and current, and the
 * page draws its rows at once instead of opening the database first (bench saved-work).
 */
import { liveQuery, type Subscription } from 'dexie';
import { createExternalStore } from '@/lib/store';
import { onWorkspaceDbReset } from './db';
import { describeStorageError } from './storageErrors';
import type { SavedView } from './types';
import { listViews } from './views';

export type LiveViews =
  { state: 'loading' } | { state: 'ready'; views: SavedView[] } | { state: 'failed'; message: string };

const LOADING: LiveViews = { state: 'loading' };
let current: LiveViews = LOADING;
const store = createExternalStore(() => current);
const show = (next: LiveViews): void => {
  current = next;
  store.notify();
};
let watching: Subscription | null = null;

/** Starts reading the views and following their changes (once per page). */
export function watchViews(): void {
  watching ??= liveQuery(listViews).subscribe({
    next: (views) => show({ state: 'ready', views }),
    error: (error: unknown) => show({ state: 'failed', message: describeStorageError(error).message }),
  });
}

onWorkspaceDbReset(() => {
  watching?.unsubscribe();
  watching = null;
  // Not announced: the page that showed them is being taken down; the next one starts afresh.
  current = LOADING;
});

export function useLiveViews(): LiveViews {
  watchViews();
  return store.useValue();
}
