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
import { prefetchCatalog } from '@/features/catalog/catalogQueries';
import { appBase } from '@/lib/appBase';
import { createMockApi } from '@/mock/createMockApi';

/*
 * The first screens written into the built HTML (issue 31; docs/decisions/0033-prerendered-first-screen.md),
 * rendered at build time by scripts/prerender.ts with React's own server renderer, from the same
 * components the browser hydrates:
 * - the catalog (`/`) in full, from the built-in demo's answer, its coverage cells held as
 *   placeholders (the demo's coverage runs up to the clock; `useHydrated`);
 * - every other page of the main navigation as its shell: the header, the navigation with the
 *   page marked, and the page's loading line, into which the browser renders the page.
 * A page's HTML is its demo content: the first-paint script (firstPaint.ts) hides it before the first paint from
 * anyone whose backend is not the demo, or whose URL is not the one rendered, and boot renders
 * afresh for them.
 */

export interface PrerenderedPage {
  /** The browser path it was rendered for, base included. */
  path: string;
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
    global.window = ownWindow;
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

/** Renders the catalog with the demo's catalog, and the navigation's other pages as shells. */
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
    const pages: PrerenderedPage[] = [{ path: home, shell: false, html: renderPage(home, catalog) }];
    catalog.clear();

    for (const item of NAV_ITEMS) {
      if (item.to === '/') continue;
      const path = appBase() + item.to;
      pages.push({ path, shell: true, html: renderPage(path, createQueryClient()) });
    }
    return pages;
  } finally {
    restore();
  }
}
