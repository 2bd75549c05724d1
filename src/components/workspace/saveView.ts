/**
 * The writes behind the save bar. The store (Dexie) arrives with the first call, through a dynamic
 * import, so no page carries it on its first screen; `preloadViewStore` starts that import when the
 * page is idle, so the first click does not wait for it.
 */
import type { ActiveView } from '@/workspace/activeView';
import type { SavedView, ViewDescriptor } from '@/workspace/types';

const loadViews = () => import('@/workspace/views');

export function preloadViewStore(): void {
  void loadViews().catch(() => undefined);
}

/** The words the view is saved with: the tab's open view's annotations, and the name and note given. */
export interface SaveWords {
  name: string;
  note: string;
}

/** Writes over the open view (`id`), or a new one when `id` is null ("Save as", a first save). */
export async function writeView(
  id: string | null,
  descriptor: ViewDescriptor,
  words: SaveWords,
  active: ActiveView,
): Promise<SavedView> {
  const views = await loadViews();
  const full = { ...words, annotations: active.annotations };
  return id === null ? views.createView(descriptor, full) : views.updateView(id, descriptor, full);
}

/** When the open view was last saved, or null when it is not in the store (deleted, or never). */
export async function savedTimeOf(id: string): Promise<number | null> {
  const views = await loadViews();
  return (await views.getView(id))?.updatedAt ?? null;
}

/** The view as it would have been saved, held in memory only: what "Download as file" writes. */
export function viewInMemory(
  descriptor: ViewDescriptor,
  words: SaveWords,
  active: ActiveView,
  now: number = Date.now(),
): SavedView {
  const { suggestedName, ...rest } = descriptor;
  return {
    ...rest,
    id: active.id ?? crypto.randomUUID(),
    name: words.name.trim() || suggestedName,
    note: words.note,
    annotations: active.annotations,
    starred: false,
    createdAt: now,
    updatedAt: now,
    openedAt: null,
  };
}
