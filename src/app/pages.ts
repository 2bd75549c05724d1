import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { appBase } from '@/lib/appBase';

/*
 * Every page of the app: where it lives and how its code is fetched. The loaders are the only
 * references to the pages' modules, so each page is a chunk of its own, and this module imports
 * nothing at run time but the base path: the entry (main.tsx) uses it to start fetching the first
 * page's code at the same moment as the app's, rather than after the app's code has run
 * (docs/decisions/0020-first-screen.md).
 */

/**
 * The requests a page's first screen makes, as the page will read them (the same query keys and
 * options), from its link: the search string and the page's route parameter, decoded ('' when it
 * has none). A link the page cannot read asks for nothing.
 */
type FirstRequests = (queryClient: QueryClient, search: string, param: string) => Promise<unknown>;

export interface PageCode {
  /** Fetches the page's code once; later calls share the first call's promise. */
  load: () => Promise<ComponentType>;
  /** The page's component once its code has arrived, however it was asked for. */
  loaded: () => ComponentType | undefined;
  /**
   * Asks for the page's first-screen data with its own module's code, once that module has
   * arrived (the first render needs it anyway): boot's prefetch (app/firstScreenData) then
   * sends those requests before the page renders, at no cost to the entry but this reference.
   */
  requests?: FirstRequests;
}

function loader<M>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType,
  requestsOf?: (module: M) => FirstRequests,
): PageCode {
  let loading: Promise<M> | undefined;
  let component: ComponentType | undefined;
  const fetchOnce = () =>
    (loading ??= load().then((module) => {
      component = pick(module);
      return module;
    }));
  return {
    load: () => fetchOnce().then(pick),
    loaded: () => component,
    requests:
      requestsOf && ((queryClient, ...link) => fetchOnce().then((m) => requestsOf(m)(queryClient, ...link))),
  };
}

export interface PageDef {
  /** The route's path under the app's base, `:name` for a parameter; '' is the index. */
  path: string;
  code: PageCode;
  /** Its first screen runs dataset queries (the demo engine's work): worth booting the engine early. */
  queries?: boolean;
  /**
   * Code its first screen needs besides its own chunk, loaded on demand by the page: fetched beside
   * the page's when the page is the first one shown, so it arrives with the data, not after it.
   */
  firstScreen?: () => Promise<unknown>;
}

export const PAGES = {
  catalog: {
    path: '',
    code: loader(
      () => import('@/features/catalog/CatalogPage'),
      (m) => m.CatalogPage,
    ),
  },
  today: {
    path: 'today',
    queries: true,
    code: loader(
      () => import('@/features/today/TodayPage'),
      (m) => m.TodayPage,
      (m) => m.prefetchToday,
    ),
    // Four of its six panels draw a time-series chart: its chunk comes with the page's, not after
    // the first data has rendered.
    firstScreen: () => import('@/components/charts/TimeSeriesChart'),
  },
  dataset: {
    path: 'datasets/:id',
    code: loader(
      () => import('@/features/dataset/DatasetPage'),
      (m) => m.DatasetPage,
    ),
  },
  query: {
    path: 'datasets/:id/query',
    queries: true,
    code: loader(
      () => import('@/features/query/QueryPage'),
      (m) => m.QueryPage,
      (m) => m.prefetchQueryRows,
    ),
  },
  locations: {
    path: 'locations',
    code: loader(
      () => import('@/features/locations/LocationsPage'),
      (m) => m.LocationsPage,
      (m) => m.prefetchLocations,
    ),
    // Leaflet: asked for with the page's code, not once the page has rendered.
    firstScreen: () => import('@/components/map/LocationMap'),
  },
  location: {
    path: 'locations/:gsEntityId',
    code: loader(
      () => import('@/features/locations/LocationPage'),
      (m) => m.LocationPage,
      (m) => m.prefetchLocation,
    ),
  },
  priceMap: {
    path: 'price-map',
    queries: true,
    code: loader(
      () => import('@/features/priceMap/PriceMapPage'),
      (m) => m.PriceMapPage,
    ),
    // Leaflet: the page asks for it only once it has rendered (a second round trip in the cold
    // first paint of bench price-map).
    firstScreen: () => import('@/components/map/LocationMap'),
  },
  compare: {
    path: 'compare',
    queries: true,
    code: loader(
      () => import('@/features/compare/ComparePage'),
      (m) => m.ComparePage,
      (m) => m.prefetchCompare,
    ),
  },
  dailyPeak: {
    path: 'reports/daily-peak',
    queries: true,
    code: loader(
      () => import('@/features/reports/DailyPeakPage'),
      (m) => m.DailyPeakPage,
      (m) => m.prefetchDailyPeak,
    ),
  },
  sql: {
    path: 'sql',
    code: loader(
      () => import('@/features/sql/SqlPage'),
      (m) => m.SqlPage,
    ),
  },
  library: {
    path: 'library',
    code: loader(
      () => import('@/features/library/LibraryPage'),
      (m) => m.LibraryPage,
    ),
  },
  usage: {
    path: 'usage',
    code: loader(
      () => import('@/features/usage/UsagePage'),
      (m) => m.UsagePage,
    ),
  },
  settings: {
    path: 'settings',
    code: loader(
      () => import('@/features/settings/SettingsPage'),
      (m) => m.SettingsPage,
    ),
  },
} as const satisfies Record<string, PageDef>;

const segments = (path: string): string[] => path.split('/').filter((s) => s !== '');

/** The page whose path matches `pathname` (a browser path, base included), if any. */
export function pageAt(pathname: string): PageDef | undefined {
  const base = appBase();
  if (base !== '' && pathname !== base && !pathname.startsWith(`${base}/`)) return undefined;
  const parts = segments(pathname.slice(base.length));
  return Object.values(PAGES).find((page: PageDef) => {
    const pattern = segments(page.path);
    return pattern.length === parts.length && pattern.every((p, i) => p.startsWith(':') || p === parts[i]);
  });
}

/**
 * The route parameter `name` of `page` in `pathname` (base included), decoded as the router
 * decodes it; null when `pathname` is not that page's or the segment cannot be decoded.
 */
export function routeParam(page: PageDef, pathname: string, name: string): string | null {
  if (pageAt(pathname) !== page) return null;
  const at = segments(page.path).indexOf(`:${name}`);
  const segment = segments(pathname.slice(appBase().length))[at];
  if (at < 0 || segment === undefined) return null;
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/**
 * Starts fetching the code of the page at `pathname` without rendering it. A failed fetch is left
 * for the page's render to meet (and report through React.lazy).
 */
export function preloadPageAt(pathname: string, { firstScreen = false } = {}): Promise<void> {
  const page: PageDef | undefined = pageAt(pathname);
  if (page === undefined) return Promise.resolve();
  const extra = firstScreen && page.firstScreen ? page.firstScreen() : undefined;
  return Promise.all([page.code.load(), extra]).then(
    () => undefined,
    () => undefined,
  );
}
