import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { demoBaseUrl, getConnection, subscribeConnection } from '@/api/connection';
import { createQueryClient } from '@/api/queryClient';
import { App } from '@/app/App';
import { NAV_ITEMS } from '@/app/Layout';
import { getDemoMockState, setDemoMockState } from '@/app/demoMockStatus';
import { createAppRouter, preloadRoute } from '@/app/router';
import { applyTheme } from '@/app/theme';
import '@/app/styles.css';

/** Starts the in-browser mock once; msw is imported here only, so it stays out of the main chunk. */
async function startDemoBackend(): Promise<boolean> {
  const state = getDemoMockState().state;
  if (state === 'running') return true;
  if (state === 'starting') return false;
  setDemoMockState({ state: 'starting' });
  try {
    if (!('serviceWorker' in navigator)) {
      throw new Error(
        'this browser does not allow service workers here (a private window or a non-secure address?).',
      );
    }
    const { startBrowserMock } = await import('@/mock/browser');
    await startBrowserMock(demoBaseUrl());
    setDemoMockState({ state: 'running' });
    return true;
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    setDemoMockState({ state: 'failed', message });
    return false;
  }
}

async function boot(): Promise<void> {
  applyTheme();
  const queryClient = createQueryClient();
  // The first page's code downloads while the demo backend starts, not after it.
  void preloadRoute(window.location.pathname);
  if (getConnection().mode === 'demo') await startDemoBackend();

  subscribeConnection(() => {
    if (getConnection().mode !== 'demo' || getDemoMockState().state === 'running') return;
    void startDemoBackend().then((started) => {
      // Queries fired while the worker was starting went nowhere; ask again now that it answers.
      if (started) void queryClient.resetQueries();
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

void boot();
