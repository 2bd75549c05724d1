/**
 * The library's search, filter and sort, in memory: each view's searchable words are lowered once
 * (when the list changes), so a keystroke over a thousand views is a thousand substring checks.
 */
import { VIEW_KIND_LABELS, type SavedView } from '@/workspace/types';

export const SORTS = ['opened', 'updated', 'name', 'kind'] as const;
export type LibrarySort = (typeof SORTS)[number];

export const SORT_LABELS: Record<LibrarySort, string> = {
  opened: 'Last opened',
  updated: 'Last updated',
  name: 'Name',
  kind: 'Kind',
};

export interface IndexedView {
  view: SavedView;
  haystack: string;
}

export function indexViews(views: readonly SavedView[]): IndexedView[] {
  return views.map((view) => ({
    view,
    haystack: [
      view.name,
      view.note,
      view.datasets.join(' '),
      VIEW_KIND_LABELS[view.kind],
      view.kind,
      view.timeRange ?? '',
    ]
      .join('\n')
      .toLowerCase(),
  }));
}

const byName = (a: SavedView, b: SavedView) =>
  a.name.localeCompare(b.name, undefined, { sensitivity: 'base' });

const COMPARE: Record<LibrarySort, (a: SavedView, b: SavedView) => number> = {
  // Never-opened views after opened ones, newest change first among them.
  opened: (a, b) => (b.openedAt ?? -1) - (a.openedAt ?? -1) || b.updatedAt - a.updatedAt,
  updated: (a, b) => b.updatedAt - a.updatedAt,
  name: byName,
  kind: (a, b) => VIEW_KIND_LABELS[a.kind].localeCompare(VIEW_KIND_LABELS[b.kind]) || byName(a, b),
};

export interface LibraryFilter {
  search: string;
  starredOnly: boolean;
  sort: LibrarySort;
}

/** The views that match every word of the search (and the star filter), in the chosen order. */
export function filterViews(
  index: readonly IndexedView[],
  { search, starredOnly, sort }: LibraryFilter,
): SavedView[] {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  const found: SavedView[] = [];
  for (const { view, haystack } of index) {
    if (starredOnly && !view.starred) continue;
    if (words.every((word) => haystack.includes(word))) found.push(view);
  }
  return found.sort(COMPARE[sort]);
}
