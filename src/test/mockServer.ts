import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { APP_PROXY_INFO_PATH } from '@/api/proxyPaths';
import type { MockApiOptions } from '@/mock/createMockApi';
import { createNodeMock } from '@/mock/node';
import { TEST_NOW } from '@/test/clock';

/**
 * The real mock handlers behind msw/node for one test file, on the fixed clock. The per-second
 * rate limit is off by default: on a frozen clock every request of a file falls in the same second.
 */
export function setupMockServer(options: MockApiOptions = {}) {
  const mock = createNodeMock({ now: () => TEST_NOW, rateLimits: false, ...options });
  const { server, api } = mock;
  // The app's own server (not the API): without GRIDSCOPE_UPSTREAM it has no proxy.
  const appServer = http.get(`*${APP_PROXY_INFO_PATH}`, () => HttpResponse.json({ proxy: false }));
  server.use(appServer);
  beforeAll(() => {
    server.listen({ onUnhandledRequest: 'error' });
  });
  afterEach(() => {
    server.resetHandlers();
    server.use(appServer);
    api.usage.reset();
  });
  afterAll(() => {
    server.close();
  });
  return { server, api };
}

/**
 * The same mock answering `/v1/api_usage` and the daily peak report in the hosted GridStatus API's
 * current shapes (`SHAPES=hosted`, docs/decisions/0027): pages tested against it prove they read
 * either server.
 */
export function setupHostedMockServer(options: MockApiOptions = {}) {
  return setupMockServer({ ...options, shapes: 'hosted' });
}
