import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { PagedRows, type FetchTablePage, type PagedRowsState } from '@/api/query/pagedRows';
import type { TablePage } from '@/api/query/tablePage';

/** Rows held at most while scrolling (about 6 MB of LMP rows in columns), whatever the page size. */
const MAX_HELD_ROWS = 200_000;

/** Pages a store may hold for a page size: enough for the view and its neighbours, few enough to stay bounded. */
export function maxPagesFor(pageSize: number | undefined): number {
  return Math.max(4, Math.ceil(MAX_HELD_ROWS / Math.max(1, pageSize ?? 500)));
}

const noStore = () => () => undefined;
const noState = () => null;

/**
 * The store of one result's pages, made from its first page (from the query cache) and replaced
 * when another first page arrives; its fetches stop when the page or the result goes.
 */
export function usePagedRows(
  first: TablePage | undefined,
  fetchPage: FetchTablePage,
  maxPages: number,
): { store: PagedRows | null; state: PagedRowsState | null } {
  const store = useMemo(
    () => (first ? new PagedRows(first, fetchPage, { maxPages }) : null),
    [first, fetchPage, maxPages],
  );
  useEffect(() => () => store?.dispose(), [store]);
  const state = useSyncExternalStore(store?.subscribe ?? noStore, store?.getSnapshot ?? noState);
  return { store, state };
}
