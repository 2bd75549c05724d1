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
}

/**
 * A click on a header link should show its page at once, not after its code downloads: once the
 * first page is up and the main thread is idle, the pages of the main navigation are fetched.
 */
function preloadNavigationWhenIdle(): void {
  const idle = (then: () => void): void => {
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(then, { timeout: 500 });
    else window.setTimeout(then, 200);
  };
  // One page per idle period, so no single task evaluates several pages' code at once.
  const next = (i: number): void => {
    const item = NAV_ITEMS[i];
    if (item === undefined) return;
    idle(() => void preloadRoute(item.to).then(() => next(i + 1)));
  };
  next(0);
}

void boot();
