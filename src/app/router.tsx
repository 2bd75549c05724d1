import { lazy, Suspense, useState, type ComponentType } from 'react';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router-dom';
import { Layout } from '@/app/Layout';
import { NotFoundPage } from '@/app/NotFoundPage';
import { RouteError } from '@/app/RouteError';
import { Loading } from '@/components/Loading';

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

function lazyPage<M>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType,
  /** The page's own heading, for a page whose heading does not depend on data. */
  title?: string,
): LazyPage {
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
   * A page still on its way shows its heading at once, so a click visibly lands where it pointed.
   */
  function Page() {
    const [Component] = useState<ComponentType | undefined>(() => loaded);
    if (Component) return <Component />;
    return (
      <Suspense fallback={<PageArriving title={title} />}>
        <Lazy />
      </Suspense>
    );
  }
  return { Page, preload };
}

function PageArriving({ title }: { title: string | undefined }) {
  return (
    <>
      {title !== undefined && (
        <header>
          <h1>{title}</h1>
        </header>
      )}
      <Loading label="Loading page…" />
    </>
  );
}

const catalog = lazyPage(
  () => import('@/features/catalog/CatalogPage'),
  (m) => m.CatalogPage,
  'Datasets',
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
  'Daily peak report',
);
const locations = lazyPage(
  () => import('@/features/locations/LocationsPage'),
  (m) => m.LocationsPage,
  'Pricing locations',
);
const location = lazyPage(
  () => import('@/features/locations/LocationPage'),
  (m) => m.LocationPage,
);
const priceMap = lazyPage(
  () => import('@/features/priceMap/PriceMapPage'),
  (m) => m.PriceMapPage,
  'Price map',
);
const usage = lazyPage(
  () => import('@/features/usage/UsagePage'),
  (m) => m.UsagePage,
  'Usage',
);
const settings = lazyPage(
  () => import('@/features/settings/SettingsPage'),
  (m) => m.SettingsPage,
  'Settings',
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
