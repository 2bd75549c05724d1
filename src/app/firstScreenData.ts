import { askAhead } from '@/api/askAhead';
import type { QueryClient } from '@tanstack/react-query';
import { getConnection } from '@/api/connection';
import { datasetOptions, datasetsOptions } from '@/api/datasets/queries';
import { pageAt, PAGES, routeParam, type PageDef } from '@/app/pages';
import { prefetchCatalog } from '@/features/catalog/catalogQueries';

type Prefetch = (queryClient: QueryClient, search: string, pathname: string) => Promise<unknown>;

/**
 * The requests of a page's first screen made by its own module's code (`PageCode.requests`), once
 * that module has arrived, with the page's route parameter `param` read from the path as the
 * router decodes it: a path whose parameter cannot be decoded asks for nothing.
 */
const pageRequests =
  (page: PageDef, param = ''): Prefetch =>
  (queryClient, search, pathname) => {
    const value = param && routeParam(page, pathname, param);
    return value === null || !page.code.requests
      ? Promise.resolve()
      : askAhead(page.code.requests(queryClient, search, value));
  };

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
const askDataset = (queryClient: QueryClient, id: string) => askAhead(queryClient.query(datasetOptions(id)));
/** Compare reads the catalog whatever its link: asked from the entry, before the page's code has come. */
const askCatalog: Prefetch = (queryClient) => askAhead(queryClient.query(datasetsOptions()));

/** Prefetches made side by side. */
const both =
  (a: Prefetch, b: Prefetch): Prefetch =>
  (...link) =>
    Promise.all([a(...link), b(...link)]);

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
 * Today's, Compare's, the peak report's, the locations', a location's and a query link's results
 * are made by the page's own module (`pageRequests`), on its way for the first render anyway:
 * they need the page's code (its URL reader, its request builders and their schemas), and the
 * page's loader already imports that module, so the entry pays only a reference for each
 * (decision 0032).
 */
const FIRST_SCREEN_DATA = new Map<PageDef, FirstScreenData>([
  [PAGES.catalog, { prefetch: prefetchCatalog, renderWithDemoData: true }],
  [PAGES.today, { prefetch: pageRequests(PAGES.today), renderWithDemoData: false }],
  [PAGES.dataset, { prefetch: prefetchRecord(PAGES.dataset, 'id', askDataset), renderWithDemoData: false }],
  [
    PAGES.query,
    {
      prefetch: both(prefetchRecord(PAGES.query, 'id', askDataset), pageRequests(PAGES.query, 'id')),
      renderWithDemoData: false,
    },
  ],
  [PAGES.locations, { prefetch: pageRequests(PAGES.locations), renderWithDemoData: false }],
  [PAGES.location, { prefetch: pageRequests(PAGES.location, 'gsEntityId'), renderWithDemoData: false }],
  [PAGES.compare, { prefetch: both(askCatalog, pageRequests(PAGES.compare)), renderWithDemoData: false }],
  [PAGES.dailyPeak, { prefetch: pageRequests(PAGES.dailyPeak), renderWithDemoData: false }],
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
