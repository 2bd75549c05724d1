/**
 * The view each page has open in this tab: which saved view "Save" writes over (none until the
 * page is saved or opened from the library), its name and note, and the page's annotations (kept
 * here before the view is ever saved, so a note is not lost while the analyst works). Held in
 * sessionStorage: a reload keeps it, another tab has its own, and a link opened afresh starts with
 * nothing open. Never sent anywhere.
 */
import type { Annotation } from '@/lib/annotations';
import { createExternalStore, type ExternalStore } from '@/lib/store';
import type { SavedView, ViewKind } from './types';

export interface ActiveView {
  /** The saved view "Save" updates, or null before the page was saved. */
  id: string | null;
  name: string;
  note: string;
  annotations: Annotation[];
  /** The page's URL when it was last saved or opened: the page says "changed since saved" when it differs. */
  savedPath: string | null;
}

const EMPTY: ActiveView = { id: null, name: '', note: '', annotations: [], savedPath: null };
const storageKey = (kind: ViewKind) => `gridscope.activeView.${kind}`;

function sessionStore(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

const memory = new Map<ViewKind, ActiveView>();

function readStored(kind: ViewKind): ActiveView {
  const cached = memory.get(kind);
  if (cached) return cached;
  let value = EMPTY;
  try {
    const text = sessionStore()?.getItem(storageKey(kind));
    if (text) {
      const parsed = JSON.parse(text) as Partial<ActiveView>;
      value = {
        id: typeof parsed.id === 'string' ? parsed.id : null,
        name: typeof parsed.name === 'string' ? parsed.name : '',
        note: typeof parsed.note === 'string' ? parsed.note : '',
        annotations: Array.isArray(parsed.annotations) ? parsed.annotations : [],
        savedPath: typeof parsed.savedPath === 'string' ? parsed.savedPath : null,
      };
    }
  } catch {
    value = EMPTY;
  }
  memory.set(kind, value);
  return value;
}

const stores = new Map<ViewKind, ExternalStore<ActiveView>>();

function storeOf(kind: ViewKind): ExternalStore<ActiveView> {
  let store = stores.get(kind);
  if (!store) {
    store = createExternalStore(() => readStored(kind));
    stores.set(kind, store);
  }
  return store;
}

export function readActiveView(kind: ViewKind): ActiveView {
  return readStored(kind);
}

export function setActiveView(kind: ViewKind, next: ActiveView): void {
  memory.set(kind, next);
  try {
    sessionStore()?.setItem(storageKey(kind), JSON.stringify(next));
  } catch {
    // A full or missing sessionStorage only loses this across a reload; the page keeps it.
  }
  storeOf(kind).notify();
}

export function updateActiveView(kind: ViewKind, changes: Partial<ActiveView>): void {
  setActiveView(kind, { ...readStored(kind), ...changes });
}

/** The page now shows a saved view (opened from the library, or just saved). */
export function openSavedView(view: SavedView): void {
  setActiveView(view.kind, {
    id: view.id,
    name: view.name,
    note: view.note,
    annotations: view.annotations,
    savedPath: view.path,
  });
}

/** A fresh, unsaved view: "New" on the page. */
export function closeActiveView(kind: ViewKind): void {
  setActiveView(kind, EMPTY);
}

export function useActiveView(kind: ViewKind): ActiveView {
  return storeOf(kind).useValue();
}

/** Tests: forget every tab-held view. */
export function resetActiveViewsForTests(): void {
  memory.clear();
  for (const kind of stores.keys()) storeOf(kind).notify();
}
