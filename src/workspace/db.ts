/**
 * The browser's own store for saved work: one IndexedDB database through Dexie
 * (docs/decisions/0023-saved-work.md). Each schema version is declared here, oldest first, with the
 * upgrade that carries the data of the one before it; a version is never edited once released,
 * only followed by a new one (`db.test.ts` keeps each released version frozen and opens a database
 * it wrote with today's store).
 *
 * This module is loaded on demand (the first save, the library page, the first recorded query):
 * Dexie never weighs on a first screen.
 */
import { Dexie, type EntityTable } from 'dexie';
import type { HistoryEntry, SavedView } from './types';

/** A setting of the store itself (for example whether persistence was asked for). */
interface MetaRecord {
  key: string;
  value: unknown;
}

export type WorkspaceDb = Dexie & {
  views: EntityTable<SavedView, 'id'>;
  history: EntityTable<HistoryEntry, 'id'>;
  meta: EntityTable<MetaRecord, 'key'>;
};

const WORKSPACE_DB_NAME = 'gridscope';

/** The schema versions, oldest first. Version 1: views, history and the store's own settings. */
const SCHEMA_VERSIONS = [
  {
    version: 1,
    stores: {
      views: 'id, updatedAt, openedAt, kind',
      history: '++id, at, groupKey, [starred+at]',
      meta: 'key',
    },
  },
] as const;

function openWorkspaceDb(name: string = WORKSPACE_DB_NAME): WorkspaceDb {
  const db = new Dexie(name) as WorkspaceDb;
  for (const { version, stores } of SCHEMA_VERSIONS) db.version(version).stores(stores);
  return db;
}

let shared: WorkspaceDb | undefined;

/** The app's database, opened once per page. */
export function workspaceDb(): WorkspaceDb {
  shared ??= openWorkspaceDb();
  return shared;
}

const resetListeners = new Set<() => void>();

/** What holds on to the database (a live query) lets go when tests start a fresh one. */
export function onWorkspaceDbReset(listener: () => void): void {
  resetListeners.add(listener);
}

/** Tests: close and forget the shared database, so the next call opens a fresh one. */
export async function resetWorkspaceDbForTests(): Promise<void> {
  for (const listener of resetListeners) listener();
  const db = shared;
  shared = undefined;
  if (db) {
    db.close();
    await Dexie.delete(db.name);
  } else {
    await Dexie.delete(WORKSPACE_DB_NAME);
  }
}
