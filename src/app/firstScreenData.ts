import type { QueryClient } from '@tanstack/react-query';
import { pageAt, PAGES, type PageDef } from '@/app/pages';
import { prefetchCatalog } from '@/features/catalog/catalogQueries';

type Prefetch = (queryClient: QueryClient, search: string) => Promise<unknown>;

/**
 * What the first screen of a page asks the API for, keyed by page. Boot asks for it before the
 * page renders: the answer then arrives while the page's first render is on its way, and chained
 * requests (one needs another's answer) follow each other at once instead of each waiting for a
 * render. The catalog's is part of boot's own code: a dynamic import resolved only after the
 * first render (bench catalog-load: ~100 ms after it was asked for, behind React's work), too late
 * to help. The price map's is imported when asked for: its modules (the price queries and their
 * schemas, about 100 kB) would otherwise weigh on every first screen.
 */
const FIRST_SCREEN_DATA = new Map<PageDef, Prefetch>([
  [PAGES.catalog, prefetchCatalog],
  [
    PAGES.priceMap,
    (queryClient, search) =>
      import('@/features/priceMap/shownStep').then((m) => m.prefetchShownStep(queryClient, search)),
  ],
]);

/** Asks for the data the page at `pathname` shows first; errors are left for the page to meet. */
export function prefetchFirstScreen(queryClient: QueryClient, pathname: string, search: string): void {
  const page = pageAt(pathname);
  const prefetch = page && FIRST_SCREEN_DATA.get(page);
  void prefetch?.(queryClient, search).catch(() => undefined);
}
