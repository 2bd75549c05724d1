import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { apiErrorText, isApiError, isTimeoutError, type ApiError } from '@/api/ApiError';
import { getConnection, setConnection } from '@/api/connection';
import { CSV_ACCEPT, encodeQuery, parseRetryAfter, request, requestBytes } from '@/api/request';

const BASE = 'http://api.test';
const seen: Request[] = [];
const server = setupServer(
  http.get(`${BASE}/v1/echo`, ({ request: req }) => {
    seen.push(req);
    return HttpResponse.json({ ok: true });
  }),
  http.get(`${BASE}/v1/bad-type`, () =>
    HttpResponse.json(
      {
        detail: [
          {
            loc: ['query', 'page'],
            msg: 'Input should be a valid integer',
            type: 'int_parsing',
            input: 'abc',
          },
          {
            loc: ['query', 'limit'],
            msg: 'Input should be a valid integer',
            type: 'int_parsing',
            input: 'x',
          },
        ],
      },
      { status: 422 },
    ),
  ),
  http.get(`${BASE}/v1/missing`, () =>
    HttpResponse.json({ detail: "Dataset 'x' not found." }, { status: 404 }),
  ),
  http.get(`${BASE}/v1/limited`, () =>
    HttpResponse.json(
      { detail: 'Too Many Requests. Limit: 20 per 1 second.' },
      { status: 429, headers: { 'Retry-After': '7' } },
    ),
  ),
  http.get(`${BASE}/v1/html`, () => HttpResponse.text('<!doctype html><p>not json</p>', { status: 500 })),
  http.get(`${BASE}/v1/down`, () => HttpResponse.error()),
  http.get(`${BASE}/v1/csv`, () =>
    HttpResponse.text('a,b\n1,2\n', { headers: { 'Content-Type': 'text/csv', 'X-Page': '1' } }),
  ),
  // Holds the request open until the client gives up on it, as a server that stopped answering does.
  http.get(`${BASE}/v1/silent`, ({ request: req }) => {
    seen.push(req);
    return new Promise<Response>((resolve) => {
      req.signal.addEventListener('abort', () => resolve(HttpResponse.error()), { once: true });
    });
  }),
  // Headers at once, then half a body and nothing more.
  http.get(`${BASE}/v1/stalled-body`, () => {
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"data":['));
      },
    });
    return new HttpResponse(stream, { headers: { 'Content-Type': 'application/json' } });
  }),
  http.get(`${BASE}/v1/slow`, async () => {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    return HttpResponse.json({});
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  seen.length = 0;
  setConnection({ mode: 'remote', baseUrl: `${BASE}/`, apiKey: 'secret-key', remember: false });
});
afterAll(() => server.close());

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (e) {
    if (isApiError(e)) return e;
    throw e;
  }
  throw new Error('expected the request to fail');
}

describe('request', () => {
  it('sends the key in the x-api-key header and never in the URL', async () => {
    await request('/v1/echo', { params: { page: 2 } });
    const sent = seen[0];
    expect(sent?.headers.get('x-api-key')).toBe('secret-key');
    expect(sent?.url).toBe(`${BASE}/v1/echo?page=2`);
    expect(sent?.url).not.toContain('secret-key');
  });

  it('encodes parameters and leaves out undefined and null ones', async () => {
    await request('/v1/echo', {
      params: {
        columns: 'a,b',
        filter_value: 'HB NORTH&x',
        download: false,
        limit: undefined,
        cursor: null,
        zero: 0,
      },
    });
    const url = new URL(seen[0]?.url ?? '');
    expect([...url.searchParams.entries()]).toEqual([
      ['columns', 'a,b'],
      ['filter_value', 'HB NORTH&x'],
      ['download', 'false'],
      ['zero', '0'],
    ]);
  });

  it('keeps an empty string, which asks for cursor mode', () => {
    expect(encodeQuery({ cursor: '' })).toBe('?cursor=');
    expect(encodeQuery({})).toBe('');
  });

  it('turns a string detail into an ApiError carrying status, detail and path', async () => {
    const error = await failure(request('/v1/missing', { params: { order: 'desc' } }));
    expect(error.status).toBe(404);
    expect(error.detail).toBe("Dataset 'x' not found.");
    expect(error.path).toBe('/v1/missing?order=desc');
    expect(apiErrorText(error)).toBe("Dataset 'x' not found.");
  });

  it('joins a list detail into one sentence naming each parameter', async () => {
    const error = await failure(request('/v1/bad-type'));
    expect(error.status).toBe(422);
    expect(Array.isArray(error.detail)).toBe(true);
    expect(apiErrorText(error)).toBe(
      'page: Input should be a valid integer; limit: Input should be a valid integer',
    );
  });

  it('reads Retry-After in seconds', async () => {
    const error = await failure(request('/v1/limited'));
    expect(error.status).toBe(429);
    expect(error.retryAfter).toBe(7);
  });

  it('parses Retry-After as seconds or an HTTP date', () => {
    expect(parseRetryAfter('120')).toBe(120);
    expect(parseRetryAfter(null)).toBeNull();
    expect(parseRetryAfter('soon')).toBeNull();
    const now = Date.UTC(2025, 6, 15, 20, 0, 0);
    expect(parseRetryAfter('Tue, 15 Jul 2025 20:00:30 GMT', now)).toBe(30);
  });

  it('gives a readable error when the body is not JSON', async () => {
    const error = await failure(request('/v1/html'));
    expect(error.status).toBe(500);
    expect(error.detail).toBeNull();
    expect(apiErrorText(error)).toBe('The server answered with status 500.');
  });

  it('turns a network failure into status 0', async () => {
    const error = await failure(request('/v1/down'));
    expect(error.status).toBe(0);
    expect(error.message).toMatch(/could not be reached/);
    expect(error.message).not.toContain('secret-key');
  });

  it('lets an abort pass through untouched', async () => {
    const controller = new AbortController();
    const pending = request('/v1/slow', { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toSatisfy(
      (e: unknown) => !isApiError(e) && (e as Error).name === 'AbortError',
    );
  });

  it('uses a connection given for one request instead of the saved one', async () => {
    await request('/v1/echo', {
      connection: { mode: 'remote', baseUrl: BASE, apiKey: 'other', remember: false, timeoutSeconds: 30 },
    });
    expect(seen[0]?.headers.get('x-api-key')).toBe('other');
  });

  it('returns the bytes and headers of CSV, asking for CSV', async () => {
    const { bytes, headers } = await requestBytes('/v1/csv', {}, CSV_ACCEPT);
    expect(new TextDecoder().decode(bytes)).toBe('a,b\n1,2\n');
    expect(headers.get('x-page')).toBe('1');
  });
});

describe('request time-out', () => {
  /** The time-out as the settings store keeps it; a fraction of a second keeps the tests quick. */
  function useTimeout(seconds: number): void {
    setConnection({ ...getConnection(), timeoutSeconds: seconds });
  }

  it('gives up on a server that never answers with a time-out error naming the time-out', async () => {
    useTimeout(0.05);
    const error = await failure(request('/v1/silent', { params: { page: 1 } }));
    expect(isTimeoutError(error)).toBe(true);
    expect(error.status).toBe(0);
    expect(error.kind).toBe('timeout');
    expect(error.path).toBe('/v1/silent?page=1');
    expect(apiErrorText(error)).toBe('The server did not answer within 0.05 s.');
    // The request itself is abandoned, not left open.
    expect(seen[0]?.signal.aborted).toBe(true);
  });

  it('covers the body: an answer that stops half-way times out too', async () => {
    useTimeout(0.05);
    expect(isTimeoutError(await failure(request('/v1/stalled-body')))).toBe(true);
    expect(isTimeoutError(await failure(requestBytes('/v1/stalled-body', {}, CSV_ACCEPT)))).toBe(true);
  });

  it('keeps a caller abort an abort, never a time-out', async () => {
    useTimeout(30);
    const controller = new AbortController();
    const pending = request('/v1/silent', { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toSatisfy(
      (e: unknown) => !isApiError(e) && (e as Error).name === 'AbortError',
    );
  });

  it('keeps a caller abort during the body read an abort', async () => {
    useTimeout(30);
    const controller = new AbortController();
    const pending = request('/v1/stalled-body', { signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    await expect(pending).rejects.toSatisfy((e: unknown) => !isApiError(e));
  });

  it('uses the time-out of a connection given for one request', async () => {
    const error = await failure(
      request('/v1/silent', { connection: { ...getConnection(), timeoutSeconds: 0.02 } }),
    );
    expect(error.message).toBe('The server did not answer within 0.02 s.');
  });
});
