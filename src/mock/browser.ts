import { FetchInterceptor } from '@mswjs/interceptors/fetch';
import { http } from 'msw';
import { setupWorker, type SetupWorker } from 'msw/browser';
import { createMockApi, mockUrlPattern } from './createMockApi';
import { createWorkerPool, type WorkerPool, type WorkerPoolStats } from './worker/workerPool';

let worker: SetupWorker | undefined;
let started: Promise<void> | undefined;

/**
 * Two engine workers: a second query never waits behind a heavy one, and on a 2-core machine the
 * page's own thread, which does no query work, still has a core. More would only split the
 * engine's value caches further (docs/decisions/0003-demo-backend.md).
 */
const ENGINE_WORKERS = 2;

let pool: WorkerPool | undefined;

function enginePool(): WorkerPool {
  pool ??= createWorkerPool({
    size: ENGINE_WORKERS,
    spawn: () =>
      new Worker(new URL('./worker/engineWorker.ts', import.meta.url), {
        type: 'module',
        name: 'gridscope-demo-engine',
      }),
  });
  return pool;
}

/** What the demo backend exposes on `window` (demo mode only) for the bench and browser journeys. */
export interface DemoEngineProbe {
  stats(): WorkerPoolStats;
}

declare global {
  interface Window {
    gridscopeDemoEngine?: DemoEngineProbe;
  }
}

/**
 * Starts the built-in demo backend in this tab: a service worker answering only under
 * `baseUrl` (e.g. `${location.origin}/demo-api`). Every other request, such as one to a real
 * server the user configured, passes through untouched. Calling it again is cheap; a new
 * `baseUrl` replaces the handlers.
 *
 * The page's thread only routes, checks keys, quotas and rate limits; the query routes run in
 * engine workers (worker/engineWorker.ts), and aborting a fetch ends the work behind it.
 */
export function startBrowserMock(baseUrl: string): Promise<void> {
  const runner = enginePool();
  const api = createMockApi({ baseUrl, offload: runner.run });
  const pattern = mockUrlPattern(baseUrl);
  const handlers = [http.all(pattern, ({ request }) => api.handle(withPageSignal(request)))];
  relayAborts(pattern);
  window.gridscopeDemoEngine = { stats: () => runner.stats() };
  ignoreFailedWorkerUpdates();
  if (worker !== undefined && started !== undefined) {
    worker.resetHandlers(...handlers);
    return started;
  }
  const created = setupWorker(...handlers);
  worker = created;
  started = created
    .start({
      serviceWorker: { url: `${import.meta.env.BASE_URL}mockServiceWorker.js` },
      onUnhandledRequest: 'bypass',
      quiet: true,
    })
    .then(
      () => undefined,
      (error: unknown) => {
        // Let a later call try again (e.g. after the user allows service workers).
        worker = undefined;
        started = undefined;
        throw error;
      },
    );
  return started;
}

/*
 * Aborts reach the handler through the page, not through the service worker.
 *
 * msw 2.15 rebuilds each request it receives from its service worker without a signal, so the
 * handler's `request.signal` never aborts; and the service worker could not tell it anyway, since
 * Chromium does not abort `FetchEvent.request.signal` when the page aborts its fetch (checked in
 * Chromium 156; w3c/ServiceWorker#1544 is still open). So the page's own fetch is observed, with
 * msw's interceptor library, on its way out: a request to the demo backend gets a one-off id in a
 * header, and the handler, which runs in this same page, takes the page's signal back by that id.
 * The request itself still goes through the service worker, unchanged otherwise.
 */
const SIGNAL_HEADER = 'x-gridscope-demo-signal';
/** Ids whose handler has not run yet; bounded, in case one never does (a passthrough). */
const pageSignals = new Map<string, AbortSignal>();
const MAX_PENDING_SIGNALS = 1000;
let interceptor: FetchInterceptor | undefined;
let relayed: RegExp | undefined;
let lastSignalId = 0;

function relayAborts(pattern: RegExp): void {
  relayed = pattern;
  if (interceptor !== undefined) return;
  interceptor = new FetchInterceptor();
  interceptor.on('request', ({ request }) => {
    if (relayed === undefined || !relayed.test(request.url)) return;
    lastSignalId += 1;
    const id = String(lastSignalId);
    request.headers.set(SIGNAL_HEADER, id);
    pageSignals.set(id, request.signal);
    if (pageSignals.size > MAX_PENDING_SIGNALS) {
      const oldest = pageSignals.keys().next().value;
      if (oldest !== undefined) pageSignals.delete(oldest);
    }
  });
  interceptor.apply();
}

/** The request as the page sent it: its signal back, the relay's header gone. */
function withPageSignal(request: Request): Request {
  const id = request.headers.get(SIGNAL_HEADER);
  if (id === null) return request;
  const signal = pageSignals.get(id) ?? null;
  pageSignals.delete(id);
  const headers = new Headers(request.headers);
  headers.delete(SIGNAL_HEADER);
  return new Request(request, { headers, signal });
}

let ignoring = false;

/**
 * msw 2.15 asks the browser to look for a newer worker script (`registration.update()`) on every
 * start and never handles its failure: a check cut short, e.g. by navigating on while it runs,
 * surfaced as an unhandled "Failed to update a ServiceWorker … mockServiceWorker.js" TypeError
 * (seen in one browser journey in four). The registered worker keeps answering, so that one
 * rejection is marked handled; every other one still reaches the console.
 */
function ignoreFailedWorkerUpdates(): void {
  if (ignoring) return;
  ignoring = true;
  window.addEventListener('unhandledrejection', (event) => {
    const reason: unknown = event.reason;
    if (
      reason instanceof TypeError &&
      reason.message.startsWith('Failed to update a ServiceWorker') &&
      reason.message.includes('mockServiceWorker.js')
    )
      event.preventDefault();
  });
}
