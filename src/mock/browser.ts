import { setupWorker, type SetupWorker } from 'msw/browser';
import { createMockApi } from './createMockApi';

let worker: SetupWorker | undefined;
let started: Promise<void> | undefined;

/**
 * Starts the built-in demo backend in this tab: a service worker answering only under
 * `baseUrl` (e.g. `${location.origin}/demo-api`). Every other request, such as one to a real
 * server the user configured, passes through untouched. Calling it again is cheap; a new
 * `baseUrl` replaces the handlers.
 */
export function startBrowserMock(baseUrl: string): Promise<void> {
  const { handlers } = createMockApi({ baseUrl });
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
