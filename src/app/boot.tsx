import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { getConnection, holdDemoRequestsUntil, subscribeConnection } from '@/api/connection';
import { holdUntilFirstScreenDone, markFirstScreenDone } from '@/api/firstScreen';
import { createQueryClient } from '@/api/queryClient';
import type { QueryClient } from '@tanstack/react-query';
import { App } from '@/app/App';
import { startDemoBackend } from '@/app/demoBackend';
import { prefetchFirstScreen } from '@/app/firstScreenData';
import { prerenderedPage, recoverableErrorOf } from '@/app/hydration';
import { getDemoMockState } from '@/app/demoMockStatus';
import { NAV_ITEMS } from '@/app/Layout';
import { whenPageCommitted } from '@/app/pageCommitted';
import { preloadPageAt } from '@/app/pages';
import { appBase } from '@/lib/appBase';
import { whenIdle } from '@/lib/idle';
import { createAppRouter } from '@/app/router';
import { applyTheme } from '@/app/theme';
import { installHistoryRecorder } from '@/workspace/historyRecorder';
import '@/app/styles.css';

/** Renders the app; the entry (main.tsx) has already asked for the demo backend and the first page. */
export function boot(): void {
  applyTheme();
  const queryClient = createQueryClient();
  // Every dataset query lands in the history, written when the page is idle (never on its path).
  installHistoryRecorder(queryClient);

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
  const prerendered = prerenderedPage(container);
  holdUntilFirstScreenDone();
  const render = (): void => {
    const app = (
      <StrictMode>
        <App router={createAppRouter()} queryClient={queryClient} />
      </StrictMode>
    );
    if (prerendered === null) createRoot(container).render(app);
    else hydrateRoot(container, app, { onRecoverableError: recoverableErrorOf(prerendered) });
    whenFirstScreenDone(queryClient, () => {
      markFirstScreenDone();
      preloadNavigation();
    });
    preloadLinkTargetsOnIntent();
  };
  // A prerendered page is on screen already: the catalog hydrates once its data is in the cache,
  // however long that takes, since its first render must be the HTML's.
  const untilAnswered = prerendered === 'page';
  void prefetchFirstScreen(queryClient, window.location.pathname, window.location.search, untilAnswered).then(
    render,
  );
}

/** How long the first screen may take before what waits for it goes anyway. */
const FIRST_SCREEN_WAIT_MS = 3_000;

/**
 * Runs `then` once, when the first page has been committed, has had its first answer from the API
 * and no request is left in flight (its first screen is done), or after `FIRST_SCREEN_WAIT_MS` at
 * the latest.
 */
function whenFirstScreenDone(queryClient: QueryClient, then: () => void): void {
  let started = false;
  let unsubscribe = (): void => undefined;
  const start = (): void => {
    if (started) return;
    started = true;
    unsubscribe();
    window.clearTimeout(fallback);
    then();
  };
  const fallback = window.setTimeout(start, FIRST_SCREEN_WAIT_MS);
  // The first render may have waited for the first screen's data (firstScreenData.ts), and a cold
  // link's answer may be in the cache before its page is committed: the screen is done once the
  // page is committed and nothing is in flight.
  whenPageCommitted(() => {
    if (started) return;
    const cache = queryClient.getQueryCache();
    const firstScreenDone = (): boolean =>
      queryClient.isFetching() === 0 && cache.getAll().some((q) => q.state.status !== 'pending');
    if (firstScreenDone()) {
      start();
      return;
    }
    let answered = false;
    unsubscribe = cache.subscribe((event) => {
      if (event.type !== 'updated') return;
      if (event.action.type === 'success' || event.action.type === 'error') answered = true;
      // Checked once the cache has settled this event (a finished fetch still counts as fetching
      // while its listeners run).
      if (answered) queueMicrotask(() => queryClient.isFetching() === 0 && start());
    });
  });
}

/**
 * A click on a header link should show its page at once, not after its code downloads: once the
 * first screen is done, the pages of the main navigation are fetched, page by page in the main
 * thread's idle moments. Earlier, they competed with the first page's own code and data for the
 * network and the main thread (bench catalog-load: the list came later with them in flight; bench
 * price-map: ~15 chunks evaluated between the snapshot's answer and the map's first paint).
 * The query builder is no exception: its query may run for seconds in the engine's worker, but
 * loading the navigation at the first idle moment put the chunks' requests and compiles between a
 * cold link's answer and its rows (paired, 12 rounds: 1,208 → 1,067 ms without; decision 0032).
 * A click away mid-query loads its own page: a pointer over or pressed on the link asks for it
 * (`preloadLinkTargetsOnIntent`), and after `FIRST_SCREEN_WAIT_MS` the whole navigation is loaded.
 */
function preloadNavigation(): void {
  // One page per idle moment, more while the moment lasts: asking for a page adds a
  // `<link rel=modulepreload>` per chunk (about 1 ms each on a cold page), and the whole navigation
  // at once was one task of 80–90 ms. Each chunk is evaluated in its own task as it arrives.
  const paths = NAV_ITEMS.map((item) => appBase() + item.to);
  const next = (deadline?: IdleDeadline): void => {
    do {
      const path = paths.shift();
      if (path === undefined) return;
      void preloadPageAt(path);
    } while (deadline !== undefined && !deadline.didTimeout && deadline.timeRemaining() > IDLE_SLICE_MS);
    whenIdle(next, 300, 50);
  };
  // The first screen's last render may still be on its way: the next idle moment comes after it.
  whenIdle(next, 300, 100);
}

/** What an idle moment must still have left to ask for one more page of the navigation. */
const IDLE_SLICE_MS = 12;

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
