import type { QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter } from 'react-router-dom';
import { demoBaseUrl } from '@/api/connection';
import { createQueryClient } from '@/api/queryClient';
import { App } from '@/app/App';
import { NAV_ITEMS } from '@/app/Layout';
import { PAGES } from '@/app/pages';
import { routes } from '@/app/router';
import { allDatasetsOptions, prefetchCatalog } from '@/features/catalog/catalogQueries';
import { appBase } from '@/lib/appBase';
import { createMockApi } from '@/mock/createMockApi';

/*
 * The first screens written into the built HTML (issue 31; docs/decisions/0033-prerendered-first-screen.md),
 * rendered at build time by scripts/prerender.ts with React's own server renderer, from the same
 * components the browser hydrates:
 * - the catalog (`/`) in full, from the built-in demo's answer, its coverage cells held as
 *   placeholders (the demo's coverage runs up to the clock; `useHydrated`);
 * - every other page of the main navigation as its shell: the header, the navigation with the
 *   page marked, and the page's loading line, into which the browser renders the page;
 * - the shells of every demo dataset's page and query builder (`/datasets/<id>`,
 *   `/datasets/<id>/query`), the ids read from the demo's own catalog.
 * A page's HTML is its demo content: the first-paint script (firstPaint.ts) hides it before the first paint from
 * anyone whose backend is not the demo, or whose URL is not the one rendered, and boot renders
 * afresh for them.
 */

export interface PrerenderedPage {
  /** The browser path it was rendered for, base included. */
  path: string;
  /** Its route, without the base (`/compare`, `/datasets/:id`): names the page's own modules. */
  route: string;
  /** Its page is rendered in the browser, into the shell: any query string still fits it. */
  shell: boolean;
  /** What `#root` holds. */
  html: string;
}

/**
 * The Node globals the app reads at render: the page's origin (the demo's base URL), and `fetch`
 * answered by the demo's handlers. Returns what puts the build's own process back as it was.
 */
function installGlobals(): () => void {
  const global = globalThis as unknown as { window?: unknown; fetch: typeof fetch };
  const { window: ownWindow, fetch: ownFetch } = global;
  global.window ??= { location: new URL('http://localhost/') };
  const api = createMockApi({ baseUrl: demoBaseUrl() });
  global.fetch = (input, init) => api.handle(new Request(input, init));
  return () => {
    // Node has no `window`: left defined (even as undefined), `'window' in globalThis` would lie.
    if (ownWindow === undefined) delete global.window;
    else global.window = ownWindow;
    global.fetch = ownFetch;
  };
}

/** The app at `path` as HTML, from what `queryClient` holds (a page not yet loaded renders as a shell). */
export function renderPage(path: string, queryClient: QueryClient): string {
  const router = createMemoryRouter(routes, { initialEntries: [path], basename: appBase() || '/' });
  return renderToString(
    <StrictMode>
      <App router={router} queryClient={queryClient} />
    </StrictMode>,
  );
}

/**
 * A dataset id the build writes a file for (`datasets/<id>.html`, `datasets/<id>/query.html`): a
 * path segment that needs no encoding and names no folder, so the file stays in its folder and the
 * page's path is the id as written. The demo's ids all are; any other fails the build.
 */
const FILE_SAFE_ID = /^[A-Za-z0-9_-]{1,100}$/;

/** The demo's dataset ids, from its own catalog (the answer the catalog was rendered from). */
function demoDatasetIds(queryClient: QueryClient): string[] {
  const datasets = queryClient.getQueryData(allDatasetsOptions().queryKey)?.data ?? [];
  if (datasets.length === 0) throw new Error("prerender: the demo's catalog is empty");
  const ids = datasets.map((d) => d.id);
  const unsafe = ids.filter((id) => !FILE_SAFE_ID.test(id));
  if (unsafe.length > 0)
    throw new Error(`prerender: dataset ids unfit for a file name: ${unsafe.join(', ')}`);
  return ids;
}

/**
 * Renders the catalog with the demo's catalog, and as shells the navigation's other pages and
 * every demo dataset's page and query builder.
 */
export async function prerenderPages(): Promise<PrerenderedPage[]> {
  const restore = installGlobals();
  try {
    const catalog = createQueryClient();
    await PAGES.catalog.code.load();
    await prefetchCatalog(catalog, '');
    const failed = catalog.getQueryCache().findAll({ predicate: (q) => q.state.status !== 'success' });
    if (failed.length > 0)
      throw new Error(`prerender: the demo's catalog did not answer (${failed.length} queries)`);
    const home = `${appBase()}/`;
    const pages: PrerenderedPage[] = [
      { path: home, route: '/', shell: false, html: renderPage(home, catalog) },
    ];
    const ids = demoDatasetIds(catalog);
    catalog.clear();

    const shell = (route: string, to: string): void => {
      const path = appBase() + to;
      pages.push({ path, route, shell: true, html: renderPage(path, createQueryClient()) });
    };
    for (const item of NAV_ITEMS) if (item.to !== '/') shell(item.to, item.to);
    for (const route of [`/${PAGES.dataset.path}`, `/${PAGES.query.path}`])
      for (const id of ids) shell(route, route.replace(':id', id));
    return pages;
  } finally {
    restore();
  }
}
