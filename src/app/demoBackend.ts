import { demoBaseUrl, getConnection, holdDemoRequestsUntil } from '@/api/connection';
import { getDemoMockState, setDemoMockState } from '@/app/demoMockStatus';
import { spawnEarlyEngineWorker } from '@/mock/worker/spawnEngineWorker';

let demoStart: Promise<boolean> | undefined;

/**
 * Starts the in-browser mock once (a start under way is shared, a failed one may be tried again);
 * msw's interceptor and the mock are imported here only, so they stay out of the app's chunks.
 */
export function startDemoBackend({ warmEngine = false } = {}): Promise<boolean> {
  if (getDemoMockState().state === 'running') return Promise.resolve(true);
  demoStart ??= (async () => {
    setDemoMockState({ state: 'starting' });
    try {
      const { prestartDemoEngine, startBrowserMock } = await import('@/mock/browser');
      await startBrowserMock(demoBaseUrl());
      if (warmEngine) prestartDemoEngine();
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

/**
 * In demo mode, starts the backend and holds the demo's requests until it answers; `warmEngine`
 * (a first page that queries) also boots an engine worker at once, side by side with the app.
 */
export function startDemoBackendIfChosen({ warmEngine = false } = {}): void {
  if (getConnection().mode !== 'demo') return;
  // Started here, before the mock's code arrives: a worker takes about half a second to start.
  if (warmEngine) spawnEarlyEngineWorker();
  holdDemoRequestsUntil(startDemoBackend({ warmEngine }));
}
