import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { getConnection, holdDemoRequestsUntil, subscribeConnection } from '@/api/connection';
import { createQueryClient } from '@/api/queryClient';
import type { QueryClient } from '@tanstack/react-query';
import { App } from '@/app/App';
import { startDemoBackend } from '@/app/demoBackend';
import { getDemoMockState } from '@/app/demoMockStatus';
import { NAV_ITEMS } from '@/app/Layout';
import { appBase, pageAt, preloadPageAt } from '@/app/pages';
import { createAppRouter } from '@/app/router';
import { applyTheme } from '@/app/theme';
import '@/app/styles.css';

/** Renders the app; the entry (main.tsx) has already asked for the demo backend and the first page. */
export function boot(): void {
  applyTheme();
  const queryClient = createQueryClient();

  subscribeConnection(() => {
    if (getConnection().mode !== 'demo' || getDemoMockState().state === 'running') return;
    const started = startDemoBackend();
    holdDemoRequestsUntil(started);
    void started.then((ok) => {
      // Queries that failed while nothing answered are asked again now that the backend does.
      if (ok) void queryClient.resetQueries();
    });
  });

  const container = document.getElementById('root');
  if (container === null) throw new Error('index.html has no #root element.');
  createRoot(container).render(
    <StrictMode>
      <App router={createAppRouter()} queryClient={queryClient} />
    </StrictMode>,
  );
  preloadNavigation(queryClient);
  preloadLinkTargetsOnIntent();
}

/** How long the navigation's pages wait for the first page's first answer before loading anyway. */
const FIRST_ANSWER_WAIT_MS = 2_000;

/**
 * A click on a header link should show its page at once, not after its code downloads: once the
 * first page has its first answer from the API (for a page that queries, at once) and the main
 * thread is idle, the pages of the main navigation are fetched, back to back. Earlier, they would compete with the first page's own code
 * and data for the network and the main thread (bench catalog-load: the list came ~300 ms later
 * with them in flight). Waiting for an idle period before each page instead left the Map page's
 * code still on its way 400 ms into a heavy query (bench demo-main-thread: a 390–550 ms click
 * instead of 60 ms).
 */
function preloadNavigation(queryClient: QueryClient): void {
  // All at once: each chunk is evaluated in its own task as it arrives, so no task grows with
  // their number.
  const preloadAll = (): void => {
    for (const item of NAV_ITEMS) void preloadPageAt(appBase() + item.to);
  };
  const whenIdle = (): void => {
    const run = preloadAll;
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(run, { timeout: 300 });
    else window.setTimeout(run, 100);
  };
  // A first page that queries does its heavy work in the engine's worker, and a click away from it
  // mid-query must be answered at once: its navigation loads at the first idle moment instead.
  if (pageAt(window.location.pathname)?.queries === true) {
    whenIdle();
    return;
  }
  let started = false;
  const start = (): void => {
    if (started) return;
    started = true;
    unsubscribe();
    window.clearTimeout(fallback);
    whenIdle();
  };
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && (event.action.type === 'success' || event.action.type === 'error'))
      start();
  });
  const fallback = window.setTimeout(start, FIRST_ANSWER_WAIT_MS);
}

/**
 * A pointer over or pressed on an in-app link starts loading its page's code: a person's hover
 * comes hundreds of milliseconds before the click, and a press still comes before the click event.
 * Pages already loaded cost one path match.
 */
function preloadLinkTargetsOnIntent(): void {
  let last = '';
  const onIntent = (event: Event): void => {
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (!(link instanceof HTMLAnchorElement) || link.origin !== window.location.origin) return;
    if (link.pathname === last) return;
    last = link.pathname;
    void preloadPageAt(link.pathname);
  };
  document.addEventListener('pointerover', onIntent, { capture: true, passive: true });
  document.addEventListener('pointerdown', onIntent, { capture: true, passive: true });
  document.addEventListener('focusin', onIntent, { capture: true, passive: true });
}
