/**
 * The saved views: save (a new one, or again over the one the page has open), fork ("Save as"),
 * rename, star, duplicate, delete and put back (undo), mark opened. Every write goes through here,
 * so the first save asks the browser to keep the store (`navigator.storage.persist()`), once.
 */
import type { Annotation } from '@/lib/annotations';
import { workspaceDb, type WorkspaceDb } from './db';
import type { SavedView, ViewDescriptor } from './types';

const PERSIST_ASKED = 'persistAsked';

export function newId(): string {
  return crypto.randomUUID();
}

/** What the analyst adds to a page's descriptor when saving. */
export interface ViewWords {
  name: string;
  note: string;
  annotations: Annotation[];
}

function fromDescriptor(descriptor: ViewDescriptor): Omit<ViewDescriptor, 'suggestedName'> {
  const { suggestedName: _suggested, ...rest } = descriptor;
  return rest;
}

/**
 * Asks the browser, once per profile, to keep the store when space runs short. Whether it was
 * granted shows in Settings; a refusal changes nothing else.
 */
export async function askPersistenceOnce(db: WorkspaceDb = workspaceDb()): Promise<void> {
  if (await db.meta.get(PERSIST_ASKED)) return;
  await db.meta.put({ key: PERSIST_ASKED, value: Date.now() });
  // Absent in some browsers and in Node (tests); typed as always there.
  const storage = navigator.storage as StorageManager | undefined;
  if (typeof storage?.persist === 'function') await storage.persist().catch(() => false);
}

/** Saves a new view and returns it. */
export async function createView(
  descriptor: ViewDescriptor,
  words: ViewWords,
  db: WorkspaceDb = workspaceDb(),
  now: number = Date.now(),
): Promise<SavedView> {
  const view: SavedView = {
    ...fromDescriptor(descriptor),
    id: newId(),
    name: words.name.trim() || descriptor.suggestedName,
    note: words.note,
    annotations: words.annotations,
    starred: false,
    createdAt: now,
    updatedAt: now,
    openedAt: now,
  };
  await db.views.add(view);
  void askPersistenceOnce(db).catch(() => undefined);
  return view;
}

/** Saves the page's state over a view already saved (its id, created time and star kept). */
export async function updateView(
  id: string,
  descriptor: ViewDescriptor,
  words: ViewWords,
  db: WorkspaceDb = workspaceDb(),
  now: number = Date.now(),
): Promise<SavedView> {
  return db.transaction('rw', db.views, async () => {
    const existing = await db.views.get(id);
    if (existing === undefined) return createView(descriptor, words, db, now);
    const view: SavedView = {
      ...existing,
      ...fromDescriptor(descriptor),
      name: words.name.trim() || existing.name,
      note: words.note,
      annotations: words.annotations,
      updatedAt: now,
    };
    await db.views.put(view);
    return view;
  });
}

export async function getView(id: string, db: WorkspaceDb = workspaceDb()): Promise<SavedView | undefined> {
  return db.views.get(id);
}

export async function listViews(db: WorkspaceDb = workspaceDb()): Promise<SavedView[]> {
  return db.views.orderBy('updatedAt').reverse().toArray();
}

export async function patchView(
  id: string,
  changes: Partial<Pick<SavedView, 'name' | 'note' | 'starred' | 'annotations' | 'openedAt'>>,
  db: WorkspaceDb = workspaceDb(),
): Promise<void> {
  await db.views.update(id, changes);
}

export async function duplicateView(
  id: string,
  db: WorkspaceDb = workspaceDb(),
  now: number = Date.now(),
): Promise<SavedView | undefined> {
  const source = await db.views.get(id);
  if (source === undefined) return undefined;
  const copy: SavedView = {
    ...source,
    id: newId(),
    name: `${source.name} (copy)`,
    starred: false,
    createdAt: now,
    updatedAt: now,
    openedAt: null,
  };
  await db.views.add(copy);
  return copy;
}

/** Deletes views and returns them, so that "Undo" can put them back as they were. */
export async function deleteViews(
  ids: readonly string[],
  db: WorkspaceDb = workspaceDb(),
): Promise<SavedView[]> {
  return db.transaction('rw', db.views, async () => {
    const found = (await db.views.bulkGet([...ids])).filter((v): v is SavedView => v !== undefined);
    await db.views.bulkDelete([...ids]);
    return found;
  });
}

/** Puts views back (undo of a delete; an import's additions and replacements), in one transaction. */
export async function putViews(views: readonly SavedView[], db: WorkspaceDb = workspaceDb()): Promise<void> {
  await db.transaction('rw', db.views, async () => {
    await db.views.bulkPut([...views]);
  });
}
