import type { QueryClient } from '@tanstack/react-query';
import { getConnection } from '@/api/connection';
import { datasetOptions } from '@/api/datasets/queries';
import { pageAt, PAGES, routeParam, type PageDef } from '@/app/pages';
import { prefetchCatalog } from '@/features/catalog/catalogQueries';

type Prefetch = (queryClient: QueryClient, search: string, pathname: string) => Promise<unknown>;

/**
 * The first request of a page whose first screen needs one record named in its path (the dataset's
 * metadata): asked for from the entry, so it travels while the page's code
 * does, instead of after that code has arrived and rendered (issue 31, data before code).
 */
const prefetchRecord =
  (page: PageDef, param: string, ask: (queryClient: QueryClient, id: string) => Promise<unknown>): Prefetch =>
  (queryClient, _search, pathname) => {
    const id = routeParam(page, pathname, param);
    return id === null || id === '' ? Promise.resolve() : ask(queryClient, id);
  };
// A failed answer is the page's to show, with its own retry.
const noop = (): undefined => undefined;
const askDataset = (queryClient: QueryClient, id: string) =>
  queryClient.query(datasetOptions(id)).catch(noop);

interface FirstScreenData {
  prefetch: Prefetch;
  /**
   * The built-in demo answers this from code already in the page within a few milliseconds, so the
   * first render waits for it (at most `DEMO_FIRST_RENDER_WAIT_MS`) and shows the page with its
   * data at once: one render, layout and paint instead of a skeleton's followed by the data's
   * (bench catalog-load, paired A/B of cold loads: the list sooner; decision 0020). A real server's
   * answer takes a network round trip, so there the skeleton paints at once, as on every page.
   */
  renderWithDemoData: boolean;
}

/**
 * What the first screen of a page asks the API for, keyed by page. Boot asks for it before the
 * page renders: the answer then arrives while the page's first render is on its way, and chained
 * requests (one needs another's answer) follow each other at once instead of each waiting for a
 * render. The catalog's is part of boot's own code: a dynamic import resolved only after the
 * first render (bench catalog-load: well after it was asked for, behind React's work), too late
 * to help. The price map's is imported when asked for: its modules (the price queries and their
 * schemas, about 100 kB) would otherwise weigh on every first screen; its first step is computed
 * by an engine worker that takes about half a second to start, so its page renders at once.
 */
const FIRST_SCREEN_DATA = new Map<PageDef, FirstScreenData>([
  [PAGES.catalog, { prefetch: prefetchCatalog, renderWithDemoData: true }],
  [
    PAGES.today,
    {
      // From the page's own chunk, on its way for the first render anyway: the requests are made
      // from its panels' builders, and a chunk of their own would list every chunk it shares with
      // the page in the entry (+0.4 kB gzip on the catalog's first screen).
      prefetch: (queryClient, search) =>
        import('@/features/today/TodayPage').then((m) => m.prefetchToday(queryClient, search)),
      renderWithDemoData: false,
    },
  ],
  [PAGES.dataset, { prefetch: prefetchRecord(PAGES.dataset, 'id', askDataset), renderWithDemoData: false }],
  [PAGES.query, { prefetch: prefetchRecord(PAGES.query, 'id', askDataset), renderWithDemoData: false }],
  [
    PAGES.priceMap,
    {
      prefetch: (queryClient, search) =>
        import('@/features/priceMap/shownStep').then((m) => m.prefetchShownStep(queryClient, search)),
      renderWithDemoData: false,
    },
  ],
]);

/** The longest the first render waits for the demo's first-screen data before showing a skeleton. */
export const DEMO_FIRST_RENDER_WAIT_MS = 150;

/**
 * Asks for the data the page at `pathname` shows first (errors are left for the page to meet) and
 * resolves when the first render should happen: at once, or in demo mode for a page that renders
 * with its data, when that data is in the cache or after `DEMO_FIRST_RENDER_WAIT_MS`, whichever
 * comes first.
 */
export function prefetchFirstScreen(
  queryClient: QueryClient,
  pathname: string,
  search: string,
  /** Wait for the demo's answer however long it takes (a prerendered page hydrates with it). */
  untilAnswered = false,
): Promise<void> {
  const page = pageAt(pathname);
  const first = page && FIRST_SCREEN_DATA.get(page);
  if (first === undefined) return Promise.resolve();
  const answered = first.prefetch(queryClient, search, pathname).then(
    () => undefined,
    () => undefined,
  );
  if (!first.renderWithDemoData || getConnection().mode !== 'demo') return Promise.resolve();
  if (untilAnswered) return answered;
  return new Promise((resolve) => {
    const timer = window.setTimeout(resolve, DEMO_FIRST_RENDER_WAIT_MS);
    void answered.then(() => {
      window.clearTimeout(timer);
      resolve();
    });
  });
}
