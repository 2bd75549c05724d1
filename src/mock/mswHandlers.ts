import { http, type RequestHandler } from 'msw';
import type { MockApi } from './createMockApi';

/**
 * The mock as msw handlers, for msw's own servers (Vitest's `setupServer`, the HTTP mock's
 * `getResponse`). Kept apart from `createMockApi`, so the in-page demo backend, which answers
 * through `api.handle`, does not carry msw's request-handler machinery into the browser.
 */
export function mswHandlers(api: MockApi): RequestHandler[] {
  return [http.all(api.pattern, ({ request }) => api.handle(request))];
}
