import { InterceptorReadyState } from '@mswjs/interceptors';
import { FetchInterceptor } from '@mswjs/interceptors/fetch';
import { createMockApi, mockUrlPattern, type MockApi } from './createMockApi';
import { spawnEngineWorker } from './worker/spawnEngineWorker';
import { createWorkerPool, type WorkerPool, type WorkerPoolStats } from './worker/workerPool';

/**
 * Two engine workers: a second query never waits behind a heavy one, and on a 2-core machine the
 * page's own thread, which does no query work, still has a core. More would only split the
 * engine's value caches further (docs/decisions/0003-demo-backend.md).
 */
const ENGINE_WORKERS = 2;

/**
 * The longest piece of the page thread's own answering (the dataset list's): a long task
 * holds the page's paint and input, and half a frame leaves the other half to the page.
 */
const SLICE_MS = 8;

let pool: WorkerPool | undefined;

function enginePool(): WorkerPool {
  pool ??= createWorkerPool({
    size: ENGINE_WORKERS,
    spawn: spawnEngineWorker,
  });
  return pool;
}

/** What the demo backend exposes on `window` (demo mode only) for the bench and browser journeys. */
interface DemoEngineProbe {
  stats(): WorkerPoolStats;
}

declare global {
  interface Window {
    gridscopeDemoEngine?: DemoEngineProbe;
  }
}

/** The backend requests are answered by now: its handlers and the URLs they own. */
let answering: { api: MockApi; pattern: RegExp } | undefined;
let interceptor: FetchInterceptor | undefined;

/**
 * Starts the built-in demo backend in this tab (docs/decisions/0003-demo-backend.md): the page's
 * own `fetch` answers requests under `baseUrl` (e.g. `${location.origin}/demo-api`) with the mock's
 * handlers, in the page, without a network hop or a service worker. Every other request, such as
 * one to a real server the user configured, passes through untouched. Calling it again is cheap;
 * a new `baseUrl` replaces the handlers.
 *
 * The page's thread only routes, checks keys, quotas and rate limits; the query routes run in
 * engine workers (worker/engineWorker.ts), and aborting a fetch ends the work behind it (the
 * handler gets the page's own request, signal included).
 */
export function startBrowserMock(baseUrl: string): Promise<void> {
  const runner = enginePool();
  answering = {
    api: createMockApi({ baseUrl, offload: runner.run, sliceMs: SLICE_MS }),
    pattern: mockUrlPattern(baseUrl),
  };
  window.gridscopeDemoEngine = { stats: () => runner.stats() };
  if (interceptor === undefined) {
    const created = new FetchInterceptor();
    // The interceptor awaits a listener's promise before it lets a request through (its typings
    // say void, its emitAsync awaits): answering later than the listener's return would be too late.
    // eslint-disable-next-line @typescript-eslint/no-misused-promises
    created.on('request', ({ request, controller }) => {
      const current = answering;
      if (current === undefined || !current.pattern.test(request.url)) return undefined;
      return current.api.handle(request).then((response) => controller.respondWith(response));
    });
    created.apply();
    // A page whose `fetch` cannot be replaced (locked down by an extension, or by a browser journey
    // that routes the demo API over HTTP itself) has no demo backend: say so, as any failed start.
    if (!isPatched(created)) {
      created.dispose();
      return Promise.reject(new Error("this page's fetch cannot be answered in the page."));
    }
    interceptor = created;
    forgetOldServiceWorker();
  }
  return Promise.resolve();
}

/** Boots one engine worker now, for a first page that will query (see WorkerPool.prestart). */
export function prestartDemoEngine(): void {
  enginePool().prestart();
}

function isPatched(created: FetchInterceptor): boolean {
  return created.readyState === InterceptorReadyState.APPLIED;
}

/**
 * Until 2026-11-25 the demo backend answered from msw's service worker (`mockServiceWorker.js`,
 * still in `public/` for msw's tooling, never registered now). A browser that ran that version
 * keeps the registration; it answers nothing now (it mocks only for pages that ask it to), so it
 * is only unregistered, once, to leave no stale worker behind.
 */
function forgetOldServiceWorker(): void {
  const container = 'serviceWorker' in navigator ? navigator.serviceWorker : undefined;
  void container
    ?.getRegistrations()
    .then((registrations) =>
      Promise.all(
        registrations
          .filter((r) => (r.active ?? r.waiting ?? r.installing)?.scriptURL.endsWith('/mockServiceWorker.js'))
          .map((r) => r.unregister()),
      ),
    )
    .catch(() => undefined);
}
