import { lazy, useState, type ComponentType } from 'react';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router-dom';
import { Layout } from '@/app/Layout';
import { NotFoundPage } from '@/app/NotFoundPage';
import { RouteError } from '@/app/RouteError';

/*
 * Pages load on demand so the first screen ships only the shell and the page it shows. React.lazy
 * (rather than the router's `lazy`) lets the shell paint at once while the page's chunk arrives;
 * the Suspense boundary sits in Layout. Each page keeps its loader so boot can start fetching the
 * first page's chunk while the demo backend is still starting (see preloadRoute).
 */
interface LazyPage {
  Page: ComponentType;
  preload: () => Promise<unknown>;
}

function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): LazyPage {
  let loading: Promise<M> | undefined;
  let loaded: ComponentType | undefined;
  const preload = (): Promise<M> =>
    (loading ??= load().then((module) => {
      loaded = pick(module);
      return module;
    }));
  const Lazy = lazy(async () => ({ default: pick(await preload()) }));
  /*
   * A page whose code has already arrived (preloaded) renders at once: through React.lazy it would
   * still suspend for a tick, and React holds a suspended navigation back for up to 300 ms. The
   * choice is made once per mount, so a page never switches component type (and state) midway.
   */
  function Page() {
    const [Component] = useState<ComponentType>(() => loaded ?? Lazy);
    return <Component />;
  }
  return { Page, preload };
}

const catalog = lazyPage(
  () => import('@/features/catalog/CatalogPage'),
  (m) => m.CatalogPage,
);
const dataset = lazyPage(
  () => import('@/features/dataset/DatasetPage'),
  (m) => m.DatasetPage,
);
const query = lazyPage(
  () => import('@/features/query/QueryPage'),
  (m) => m.QueryPage,
);
const dailyPeak = lazyPage(
  () => import('@/features/reports/DailyPeakPage'),
  (m) => m.DailyPeakPage,
);
const locations = lazyPage(
  () => import('@/features/locations/LocationsPage'),
  (m) => m.LocationsPage,
);
const location = lazyPage(
  () => import('@/features/locations/LocationPage'),
  (m) => m.LocationPage,
);
const priceMap = lazyPage(
  () => import('@/features/priceMap/PriceMapPage'),
  (m) => m.PriceMapPage,
);
const compare = lazyPage(
  () => import('@/features/compare/ComparePage'),
  (m) => m.ComparePage,
);
const usage = lazyPage(
  () => import('@/features/usage/UsagePage'),
  (m) => m.UsagePage,
);
const settings = lazyPage(
  () => import('@/features/settings/SettingsPage'),
  (m) => m.SettingsPage,
);

/** What a route carries in `handle`: how to fetch its page's code ahead of rendering it. */
interface PageHandle {
  preload: () => Promise<unknown>;
}

function pageRoute(path: string | undefined, page: LazyPage): RouteObject {
  const handle: PageHandle = { preload: page.preload };
  const element = <page.Page />;
  return path === undefined
    ? { index: true, element, handle, errorElement: <RouteError /> }
    : { path, element, handle, errorElement: <RouteError /> };
}

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    errorElement: <RouteError />,
    children: [
      pageRoute(undefined, catalog),
      pageRoute('datasets/:id', dataset),
      pageRoute('datasets/:id/query', query),
      pageRoute('locations', locations),
      pageRoute('locations/:gsEntityId', location),
      pageRoute('price-map', priceMap),
      pageRoute('compare', compare),
      pageRoute('reports/daily-peak', dailyPeak),
      pageRoute('usage', usage),
      pageRoute('settings', settings),
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

const basename = (): string => import.meta.env.BASE_URL.replace(/\/$/, '') || '/';

export function createAppRouter() {
  return createBrowserRouter(routes, { basename: basename() });
}

function isPageHandle(handle: unknown): handle is PageHandle {
  return (
    typeof handle === 'object' && handle !== null && typeof (handle as PageHandle).preload === 'function'
  );
}

/**
 * Starts loading the code of the page at `pathname` without rendering it. Boot calls it before it
 * waits for the demo backend, so the page's chunks and the mock's arrive side by side instead of
 * one after the other. A failed preload is left for React.lazy to meet (and report) on render.
 */
export function preloadRoute(pathname: string): Promise<void> {
  const loads: Promise<unknown>[] = [];
  for (const match of matchRoutes(routes, pathname, basename()) ?? []) {
    const handle: unknown = match.route.handle;
    if (isPageHandle(handle)) loads.push(handle.preload().catch(() => undefined));
  }
  return Promise.all(loads).then(() => undefined);
}
