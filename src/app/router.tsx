import { lazy, useState, type ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { Layout } from '@/app/Layout';
import { NotFoundPage } from '@/app/NotFoundPage';
import { PAGES, type PageDef } from '@/app/pages';
import { appBase } from '@/lib/appBase';
import { RouteError } from '@/app/RouteError';

/*
 * Pages load on demand so the first screen ships only the shell and the page it shows
 * (src/app/pages.ts holds their loaders). React.lazy (rather than the router's `lazy`) lets the
 * shell paint at once while the page's chunk arrives; the Suspense boundary sits in Layout.
 */

/**
 * A route's element for a page. A page whose code has already arrived (preloaded) renders at
 * once: through React.lazy it would still suspend for a tick, and React holds a suspended
 * navigation back for up to 300 ms. The choice is made once per mount, so a page never switches
 * component type (and state) midway.
 */
function pageRoute({ path, code }: PageDef): RouteObject {
  const Lazy = lazy(async () => ({ default: await code.load() }));
  function Page() {
    const [Component] = useState<ComponentType>(() => code.loaded() ?? Lazy);
    return <Component />;
  }
  const element = <Page />;
  return path === ''
    ? { index: true, element, errorElement: <RouteError /> }
    : { path, element, errorElement: <RouteError /> };
}

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    errorElement: <RouteError />,
    children: [
      pageRoute(PAGES.catalog),
      pageRoute(PAGES.today),
      pageRoute(PAGES.dataset),
      pageRoute(PAGES.query),
      pageRoute(PAGES.locations),
      pageRoute(PAGES.location),
      pageRoute(PAGES.priceMap),
      pageRoute(PAGES.compare),
      pageRoute(PAGES.dailyPeak),
      pageRoute(PAGES.sql),
      pageRoute(PAGES.library),
      pageRoute(PAGES.usage),
      pageRoute(PAGES.settings),
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes, { basename: appBase() || '/' });
}
