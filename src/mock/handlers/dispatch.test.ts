import type { ApiUsage, ErrorBody, HealthResponse } from '@/contract';
import { createNodeMock } from '../node';
import { mswHandlers } from '../mswHandlers';
import { badRequest } from './problem';
import { dispatch, type DispatchEnv } from './dispatch';
import { RateLimiter } from './RateLimiter';
import { defineRoute } from './route';
import { UsageTracker } from './UsageTracker';

/** 2024-07-15 17:30:00 UTC: 6.5 h before the UTC day ends, 16 days and 6.5 h before August. */
const NOW = Date.UTC(2024, 6, 15, 17, 30);
let clock = NOW;
const BASE = 'http://mock.test';
const { server, api } = createNodeMock({
  now: () => clock,
  keys: {
    'tiny-key': {
      plan: 'Tiny',
      limit_per_day: 3,
      limit_per_month: 5,
      requestsPerSecond: 2,
      dailyPeakReport: false,
    },
  },
});

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  api.usage.reset();
  clock = NOW;
});
afterAll(() => server.close());

function get(path: string, key: string | null = 'test-key', init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (key !== null) headers.set('x-api-key', key);
  return fetch(`${BASE}${path}`, { ...init, headers });
}

async function detail(response: Response): Promise<ErrorBody['detail']> {
  return ((await response.json()) as ErrorBody).detail;
}

async function usageOf(key: string): Promise<ApiUsage> {
  return (await (await get('/v1/api_usage', key)).json()) as ApiUsage;
}

describe('routing and common behaviour', () => {
  it('answers the health check without a key', async () => {
    const response = await get('/health', null);
    expect(response.status).toBe(200);
    expect((await response.json()) as HealthResponse).toEqual({ status: 'ok', version: '1.0.0' });
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('accepts a trailing slash on every route', async () => {
    expect((await get('/health/', null)).status).toBe(200);
    expect((await get('/v1/api_usage/')).status).toBe(200);
    expect((await get('/v1/datasets/')).status).toBe(200);
    expect((await get('/v1/datasets/ercot_load/')).status).toBe(200);
  });

  it('answers an unknown /v1 path with 404 Not Found, before asking for a key', async () => {
    for (const path of ['/v1', '/v1/nothing', '/v1/datasets/ercot_load/nothing/here']) {
      const response = await get(path, null);
      expect(response.status).toBe(404);
      expect(await detail(response)).toBe('Not Found');
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
    }
    expect(api.usage.get('test-key').requests_today).toBe(0);
  });

  it('answers methods other than GET, HEAD and OPTIONS with 405', async () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
      const response = await get('/v1/datasets', 'demo-key', { method });
      expect(response.status).toBe(405);
      expect(await detail(response)).toBe('Method Not Allowed');
    }
  });

  it('answers a CORS preflight with 204, allowing x-api-key and exposing the paging headers', async () => {
    const response = await fetch(`${BASE}/v1/datasets`, {
      method: 'OPTIONS',
      headers: { origin: 'http://elsewhere.test', 'access-control-request-headers': 'x-api-key' },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-headers')).toMatch(/x-api-key/i);
    expect(response.headers.get('access-control-allow-methods')).toBe('GET, HEAD, OPTIONS');
    expect(response.headers.get('access-control-expose-headers')).toBe(
      'Retry-After, Content-Disposition, X-Page, X-Page-Size, X-Limit, X-Has-Next-Page, X-Cursor',
    );
  });

  it('exposes the contract headers on ordinary answers and on errors', async () => {
    for (const response of [await get('/v1/datasets'), await get('/v1/datasets', 'nope')]) {
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
      expect(response.headers.get('access-control-expose-headers')).toContain('Retry-After');
    }
  });

  it('answers HEAD like GET without a body', async () => {
    const response = await get('/v1/datasets', 'demo-key', { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(await response.text()).toBe('');
    expect(api.usage.get('demo-key').requests_today).toBe(1);
  });

  it('answers only under the base URL when one is given', async () => {
    const scoped = createNodeMock({ baseUrl: 'http://app.test/demo-api/', now: () => NOW });
    server.use(...mswHandlers(scoped.api));
    const ok = await fetch('http://app.test/demo-api/v1/datasets', { headers: { 'x-api-key': 'demo-key' } });
    expect(ok.status).toBe(200);
    const health = await fetch('http://app.test/demo-api/health');
    expect(health.status).toBe(200);
    const stray = await fetch('http://app.test/demo-api/index.html');
    expect(stray.status).toBe(404);
    expect(await detail(stray)).toBe('Not Found');
    server.resetHandlers();
  });
});

describe('authentication', () => {
  it('refuses a missing key with 401 Missing API Key.', async () => {
    const response = await get('/v1/datasets', null);
    expect(response.status).toBe(401);
    expect(await detail(response)).toBe('Missing API Key.');
  });

  it('refuses an unknown key with 401 Invalid API key.', async () => {
    const response = await get('/v1/datasets', 'wrong-key');
    expect(response.status).toBe(401);
    expect(await detail(response)).toBe('Invalid API key.');
  });

  it('takes the key from the api_key query parameter', async () => {
    expect((await get('/v1/datasets?api_key=demo-key', null)).status).toBe(200);
  });

  it('lets the header win over the query parameter', async () => {
    expect((await get('/v1/datasets?api_key=wrong-key', 'demo-key')).status).toBe(200);
    const response = await get('/v1/datasets?api_key=demo-key', 'wrong-key');
    expect(response.status).toBe(401);
    expect(await detail(response)).toBe('Invalid API key.');
  });

  it('accepts keys added through the options', async () => {
    expect((await usageOf('tiny-key')).plan).toBe('Tiny');
  });
});

describe('usage', () => {
  it('reports the plan and limits of each built-in key', async () => {
    expect(await usageOf('demo-key')).toEqual({
      plan: 'Developer',
      requests_today: 0,
      requests_this_month: 0,
      limit_per_day: 10000,
      limit_per_month: 250000,
    });
    expect(await usageOf('free-key')).toMatchObject({
      plan: 'Free',
      limit_per_day: 250,
      limit_per_month: 2500,
    });
    expect(await usageOf('test-key')).toMatchObject({
      plan: 'Internal',
      limit_per_day: null,
      limit_per_month: null,
    });
  });

  it('counts every authenticated /v1 request once whatever its answer, but not api_usage, 401, health or unknown routes', async () => {
    await get('/v1/datasets', 'demo-key'); // 200
    await get('/v1/datasets/nope', 'demo-key'); // 404
    await get('/v1/datasets?return_format=xml', 'demo-key'); // 400
    await get('/v1/datasets?download=maybe', 'demo-key'); // 422
    await get('/v1/datasets', 'wrong-key'); // 401
    await get('/v1/datasets?api_key=demo-key', 'wrong-key'); // 401
    await get('/health', 'demo-key');
    await get('/v1/unknown', 'demo-key');
    await get('/v1/api_usage', 'demo-key');
    const usage = await usageOf('demo-key');
    expect(usage.requests_today).toBe(4);
    expect(usage.requests_this_month).toBe(4);
    expect((await usageOf('free-key')).requests_today).toBe(0);
  });

  it('starts a new day at UTC midnight and a new month on the 1st', async () => {
    await get('/v1/datasets', 'demo-key');
    await get('/v1/datasets', 'demo-key');
    clock = Date.UTC(2024, 6, 16, 0, 0, 1);
    await get('/v1/datasets', 'demo-key');
    expect(await usageOf('demo-key')).toMatchObject({ requests_today: 1, requests_this_month: 3 });
    clock = Date.UTC(2024, 7, 1, 0, 0, 0);
    expect(await usageOf('demo-key')).toMatchObject({ requests_today: 0, requests_this_month: 0 });
  });
});

describe('rate limits and quotas', () => {
  it('refuses more than the plan’s requests per second with 429 and Retry-After: 1, uncounted', async () => {
    for (let i = 0; i < 5; i++) expect((await get('/v1/datasets', 'free-key')).status).toBe(200);
    const refused = await get('/v1/datasets', 'free-key');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(await detail(refused)).toBe('Too Many Requests. Limit: 5 per 1 second.');
    expect(api.usage.get('free-key').requests_today).toBe(5);
    clock = NOW + 1000;
    expect((await get('/v1/datasets', 'free-key')).status).toBe(200);
  });

  it('keeps separate windows per key and none for unlimited keys', async () => {
    for (let i = 0; i < 5; i++) await get('/v1/datasets', 'free-key');
    expect((await get('/v1/datasets', 'demo-key')).status).toBe(200);
    for (let i = 0; i < 30; i++) expect((await get('/v1/datasets', 'test-key')).status).toBe(200);
  });

  it('names the Developer limit of 20 per second', async () => {
    for (let i = 0; i < 20; i++) await get('/v1/datasets', 'demo-key');
    const refused = await get('/v1/datasets', 'demo-key');
    expect(await detail(refused)).toBe('Too Many Requests. Limit: 20 per 1 second.');
  });

  it('refuses requests over the daily quota until UTC midnight', async () => {
    api.usage.set('free-key', { requests_today: 250, requests_this_month: 250 });
    const refused = await get('/v1/datasets', 'free-key');
    expect(refused.status).toBe(429);
    expect(await detail(refused)).toBe('Daily request limit of 250 exceeded.');
    expect(refused.headers.get('retry-after')).toBe(String(6.5 * 3600));
    expect(api.usage.get('free-key').requests_today).toBe(250);
    clock = Date.UTC(2024, 6, 16);
    expect((await get('/v1/datasets', 'free-key')).status).toBe(200);
  });

  it('refuses requests over the monthly quota until the 1st of next month (UTC)', async () => {
    api.usage.set('free-key', { requests_today: 10, requests_this_month: 2500 });
    const refused = await get('/v1/datasets', 'free-key');
    expect(refused.status).toBe(429);
    expect(await detail(refused)).toBe('Monthly request limit of 2500 exceeded.');
    expect(refused.headers.get('retry-after')).toBe(String(16 * 86400 + 6.5 * 3600));
  });

  it('still reports usage when the quota is spent', async () => {
    api.usage.set('tiny-key', { requests_today: 3 });
    expect((await get('/v1/datasets', 'tiny-key')).status).toBe(429);
    const usage = await usageOf('tiny-key');
    expect(usage).toMatchObject({ requests_today: 3, limit_per_day: 3 });
  });

  it('can switch the per-second limit off for tests', async () => {
    const relaxed = createNodeMock({ baseUrl: 'http://relaxed.test', now: () => NOW, rateLimits: false });
    server.use(...mswHandlers(relaxed.api));
    for (let i = 0; i < 8; i++) {
      const response = await fetch('http://relaxed.test/v1/datasets', {
        headers: { 'x-api-key': 'free-key' },
      });
      expect(response.status).toBe(200);
    }
    server.resetHandlers();
  });
});

describe('unexpected errors', () => {
  function env(onError: (e: unknown) => void): DispatchEnv {
    return {
      routes: [
        defineRoute('apiUsage', () => {
          throw new Error('secret stack detail');
        }),
        defineRoute('datasetList', () => {
          throw badRequest('Invalid value for thing.');
        }),
      ],
      keys: new Map([
        [
          'k',
          {
            plan: 'X',
            limit_per_day: null,
            limit_per_month: null,
            requestsPerSecond: null,
            dailyPeakReport: true,
          },
        ],
      ]),
      now: () => NOW,
      shapes: 'seed',
      usage: new UsageTracker(),
      rate: new RateLimiter(),
      rateLimits: true,
      onError,
    };
  }

  it('turns an exception into 500 Internal Server Error without a stack', async () => {
    const seen: unknown[] = [];
    const response = await dispatch(
      new Request(`${BASE}/v1/api_usage`, { headers: { 'x-api-key': 'k' } }),
      '/v1/api_usage',
      env((e) => seen.push(e)),
    );
    expect(response.status).toBe(500);
    expect(await response.text()).toBe('{"detail":"Internal Server Error"}');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(seen).toHaveLength(1);
  });

  it('turns an ApiProblem into its status and detail', async () => {
    const response = await dispatch(
      new Request(`${BASE}/v1/datasets`, { headers: { 'x-api-key': 'k' } }),
      '/v1/datasets',
      env(() => undefined),
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ detail: 'Invalid value for thing.' });
  });
});
