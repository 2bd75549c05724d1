/**
 * The view each page has open in this tab: which saved view "Save" writes over (none until the
 * page is saved or opened from the library), its name and note, and the page's annotations (kept
 * here before the view is ever saved, so a note is not lost while the analyst works). Held in
 * sessionStorage: a reload keeps it, another tab has its own, and a link opened afresh starts with
 * nothing open. Never sent anywhere.
 *
 * A view is open on one page, not on every page of its kind: the query builder of another dataset
 * (or another location's page) starts with nothing open and no notes, so Save there never writes
 * over the first view and its notes are not shown on other data. The page is the router's current
 * pathname (`followRouter`, set once by the app).
 */
import { useSyncExternalStore } from 'react';
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
/** The router the app runs (its current pathname decides which page's view is read). */
interface RouterLike {
  state: { location: { pathname: string } };
  subscribe: (listener: () => void) => () => void;
}

let currentPathname = (): string => '/';

/** A page's route without its query string or fragment: `/datasets/ercot_spp/query`. */
const pathnameOf = (path: string): string => path.split(/[?#]/, 1)[0] ?? path;

type Scope = `${ViewKind}:${string}`;
const scopeOf = (kind: ViewKind, pathname: string = currentPathname()): Scope => `${kind}:${pathname}`;
const storageKey = (scope: Scope) => `gridscope.activeView.${scope}`;

function sessionStore(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

const memory = new Map<Scope, ActiveView>();

function readStored(scope: Scope): ActiveView {
  const cached = memory.get(scope);
  if (cached) return cached;
  let value = EMPTY;
  try {
    const text = sessionStore()?.getItem(storageKey(scope));
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
  memory.set(scope, value);
  return value;
}

const stores = new Map<ViewKind, ExternalStore<ActiveView>>();

function storeOf(kind: ViewKind): ExternalStore<ActiveView> {
  let store = stores.get(kind);
  if (!store) {
    store = createExternalStore(() => readStored(scopeOf(kind)));
    stores.set(kind, store);
  }
  return store;
}

/** Reads the page from `router` from now on (idempotent: the app calls it as it renders). */
export function readPagesFrom(router: RouterLike): void {
  currentPathname = () => router.state.location.pathname;
}

/** The router moved: each page kind's open view is read again for the new page. */
export function followNavigation(router: RouterLike): () => void {
  return router.subscribe(() => {
    for (const store of stores.values()) store.notify();
  });
}

export function readActiveView(kind: ViewKind): ActiveView {
  return readStored(scopeOf(kind));
}

/** Two lists of notes with the same notes in the same order. */
function sameNotes(a: readonly Annotation[], b: readonly Annotation[]): boolean {
  return (
    a.length === b.length &&
    a.every((note, i) => {
      const other = b[i];
      return (
        other !== undefined &&
        note.id === other.id &&
        note.start === other.start &&
        note.end === other.end &&
        note.text === other.text
      );
    })
  );
}

function writeScoped(kind: ViewKind, scope: Scope, value: ActiveView): void {
  const before = memory.get(scope);
  // The same notes keep their array, so what draws them does not draw again.
  const next =
    before && sameNotes(before.annotations, value.annotations)
      ? { ...value, annotations: before.annotations }
      : value;
  memory.set(scope, next);
  try {
    sessionStore()?.setItem(storageKey(scope), JSON.stringify(next));
  } catch {
    // A full or missing sessionStorage only loses this across a reload; the page keeps it.
  }
  storeOf(kind).notify();
}

/** Sets the view open on the current page of `kind`. */
function setActiveView(kind: ViewKind, next: ActiveView): void {
  writeScoped(kind, scopeOf(kind), next);
}

export function updateActiveView(kind: ViewKind, changes: Partial<ActiveView>): void {
  setActiveView(kind, { ...readActiveView(kind), ...changes });
}

/** The page now shows a saved view (opened from the library, or just saved). */
export function openSavedView(view: SavedView): void {
  // Opened from the library before the router has gone there: its own page, not the current one.
  writeScoped(view.kind, scopeOf(view.kind, pathnameOf(view.path)), {
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

/**
 * The notes of the page's open view alone: a chart re-renders when they change, not when the view
 * is saved (a save writes the same notes back, kept as the same array by `writeScoped`).
 */
export function useActiveAnnotations(kind: ViewKind): Annotation[] {
  const store = storeOf(kind);
  const read = () => store.read().annotations;
  return useSyncExternalStore(store.subscribe, read, read);
}

export function useActiveView(kind: ViewKind): ActiveView {
  return storeOf(kind).useValue();
}

/** Tests: forget every tab-held view. */
export function resetActiveViewsForTests(): void {
  memory.clear();
  for (const kind of stores.keys()) storeOf(kind).notify();
}
