/**
 * The saved views as the library shows them, kept current: Dexie announces every write to the
 * store, in this tab or another (it tells its other tabs through a BroadcastChannel), so a view
 * saved elsewhere appears without a reload. A failing store is an answer, not a crash.
 *
 * The views are read once when the library's code arrives (the navigation preloads it after the
 * first screen), so a click on "Library" draws its rows at once. After that, a write re-reads only
 * the views it touched, by key: a save on another page costs one record, not the thousand the
 * library holds (bench saved-work). A change Dexie describes as a range of keys, or one that
 * cannot be read, is answered by reading them all again.
 */
import { Dexie, RangeSet, type IntervalTree, type ObservabilitySet } from 'dexie';
import { createExternalStore } from '@/lib/store';
import { onWorkspaceDbReset, workspaceDb } from './db';
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

/** The views by id, as last read. */
let byId = new Map<string, SavedView>();
let watching = false;
/** Bumped by every read, so an answer that a later read overtook is dropped. */
let generation = 0;

const newestFirst = (a: SavedView, b: SavedView) => b.updatedAt - a.updatedAt;

function showAll(): void {
  show({ state: 'ready', views: [...byId.values()].sort(newestFirst) });
}

function fail(error: unknown): void {
  show({ state: 'failed', message: describeStorageError(error).message });
}

function readAll(): void {
  const mine = ++generation;
  listViews().then((views) => {
    if (mine !== generation) return;
    byId = new Map(views.map((v) => [v.id, v]));
    showAll();
  }, fail);
}

/** The keys a part of a change names one by one, or null when it names a range. */
function keysOf(tree: IntervalTree | undefined): string[] | null {
  if (tree === undefined) return [];
  const keys: string[] = [];
  for (const node of RangeSet(tree)) {
    if (typeof node.from !== 'string' || node.from !== node.to) return null;
    keys.push(node.from);
  }
  return keys;
}

function onMutated(parts: ObservabilitySet): void {
  const prefix = `idb://${workspaceDb().name}/views/`;
  const changed = keysOf(parts[prefix]);
  const deleted = keysOf(parts[`${prefix}:dels`]);
  if (changed === null || deleted === null) {
    readAll();
    return;
  }
  const ids = [...new Set([...changed, ...deleted])];
  if (ids.length === 0) return;
  const mine = ++generation;
  workspaceDb()
    .views.bulkGet(ids)
    .then((found) => {
      if (mine !== generation) {
        readAll();
        return;
      }
      ids.forEach((id, i) => {
        const view = found[i];
        if (view === undefined) byId.delete(id);
        else byId.set(id, view);
      });
      showAll();
    }, fail);
}

/** Starts reading the views and following their changes (once per page). */
export function watchViews(): void {
  if (watching) return;
  watching = true;
  Dexie.on('storagemutated', onMutated);
  readAll();
}

onWorkspaceDbReset(() => {
  if (watching) Dexie.on.storagemutated.unsubscribe(onMutated);
  watching = false;
  byId = new Map();
  generation += 1;
  // Not announced: the page that showed them is being taken down; the next one starts afresh.
  current = LOADING;
});

export function useLiveViews(): LiveViews {
  watchViews();
  return store.useValue();
}
