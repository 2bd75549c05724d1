import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { demoBaseUrl, getConnection, holdDemoRequestsUntil, subscribeConnection } from '@/api/connection';
import { createQueryClient } from '@/api/queryClient';
import { App } from '@/app/App';
import { NAV_ITEMS } from '@/app/Layout';
import { getDemoMockState, setDemoMockState } from '@/app/demoMockStatus';
import { createAppRouter, preloadRoute } from '@/app/router';
import { applyTheme } from '@/app/theme';
import '@/app/styles.css';

let demoStart: Promise<boolean> | undefined;

/**
 * Starts the in-browser mock once (a start under way is shared, a failed one may be tried again);
 * msw is imported here only, so it stays out of the main chunk.
 */
function startDemoBackend(): Promise<boolean> {
  if (getDemoMockState().state === 'running') return Promise.resolve(true);
  demoStart ??= (async () => {
    setDemoMockState({ state: 'starting' });
    try {
      const { startBrowserMock } = await import('@/mock/browser');
      await startBrowserMock(demoBaseUrl());
      setDemoMockState({ state: 'running' });
      return true;
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      setDemoMockState({ state: 'failed', message });
      demoStart = undefined;
      return false;
    }
  })();
  return demoStart;
}

function boot(): void {
  applyTheme();
  const queryClient = createQueryClient();
  // The first page's code, the demo backend and the shell's first paint all start at once: demo
  // requests wait for the backend (holdDemoRequestsUntil), the page does not.
  void preloadRoute(window.location.pathname);
  if (getConnection().mode === 'demo') holdDemoRequestsUntil(startDemoBackend());

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
  preloadNavigationWhenIdle();
  preloadLinkTargetsOnIntent();
}

/**
 * A click on a header link should show its page at once, not after its code downloads: once the
 * first page is up and the main thread is idle, the pages of the main navigation are all fetched
 * together. Each chunk is evaluated in its own task as it arrives, so no task grows with their number;
 * fetching them one idle period after another left the Map page's code still on its way 400 ms
 * into a heavy query (bench demo-main-thread: a 390–550 ms click instead of 60 ms).
 */
function preloadNavigationWhenIdle(): void {
  const preloadAll = (): void => {
    for (const item of NAV_ITEMS) void preloadRoute(item.to);
  };
  if (typeof window.requestIdleCallback === 'function')
    window.requestIdleCallback(preloadAll, { timeout: 300 });
  else window.setTimeout(preloadAll, 100);
}

/**
 * A pointer over or pressed on an in-app link starts loading its page's code: a person's hover
 * comes hundreds of milliseconds before the click, and a press still comes before the click event.
 * Pages already loaded cost one route match.
 */
function preloadLinkTargetsOnIntent(): void {
  let last = '';
  const onIntent = (event: Event): void => {
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (!(link instanceof HTMLAnchorElement) || link.origin !== window.location.origin) return;
    if (link.pathname === last) return;
    last = link.pathname;
    void preloadRoute(link.pathname);
  };
  document.addEventListener('pointerover', onIntent, { capture: true, passive: true });
  document.addEventListener('pointerdown', onIntent, { capture: true, passive: true });
  document.addEventListener('focusin', onIntent, { capture: true, passive: true });
}

boot();
