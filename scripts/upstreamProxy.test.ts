import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import fc from 'fast-check';
import { DEMO_API_KEY } from '../src/contract';
import { startHttpServer, type HttpMock } from '../src/mock/server';
import { TEST_NOW } from '../src/test/clock';
import { serveMiddleware } from './serveMiddleware';
import {
  parseUpstream,
  parseUpstreamTimeout,
  PROXY_INFO_PATH,
  proxyDecision,
  type ProxyDecision,
  upstreamProxyMiddleware,
} from './upstreamProxy';

const UPSTREAM = new URL('https://api.example.com/base');

/** The guard every answer under the prefix carries, whoever wrote it. */
const GUARD = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; sandbox",
  'referrer-policy': 'no-referrer',
  'cache-control': 'private, no-store',
};

function expectGuarded(answer: Response): void {
  for (const [name, value] of Object.entries(GUARD)) expect(answer.headers.get(name), name).toBe(value);
}

/** A request with its target sent on the wire as written (fetch would normalise it first). */
function rawGet(base: string, path: string): Promise<{ status: number; type: string; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${base}/`, { path }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, type: res.headers['content-type'] ?? '', body }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

/** Fails (rather than hangs) when `promise` has not settled in `ms`. */
function within<T>(ms: number, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`still waiting after ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/** Resolves once `check` holds, polling; rejects after `ms`. */
async function eventually(check: () => boolean, ms = 3000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('the condition never held');
    await new Promise((done) => setTimeout(done, 20));
  }
}

describe('proxyDecision', () => {
  it('forwards the two prefixes under the upstream base, query kept', () => {
    expect(proxyDecision(UPSTREAM, 'GET', '/upstream/health')).toEqual({
      forward: new URL('https://api.example.com/base/health'),
    });
    const decision = proxyDecision(UPSTREAM, 'HEAD', '/upstream/v1/datasets/x/query?page_size=5&a=%2F');
    expect('forward' in decision && decision.forward.href).toBe(
      'https://api.example.com/base/v1/datasets/x/query?page_size=5&a=%2F',
    );
  });

  it('decodes a path once and forwards it in one spelling', () => {
    const decision = proxyDecision(UPSTREAM, 'GET', '/upstream/v1/pricing_locations/HB%5FNORTH%20X');
    expect('forward' in decision && decision.forward.pathname).toBe(
      '/base/v1/pricing_locations/HB_NORTH%20X',
    );
  });

  it.each([
    ['/upstream/v2/datasets', 404],
    ['/upstream/', 404],
    ['/upstream/admin', 404],
    ['/elsewhere/v1/datasets', 404],
    ['/upstream//evil.example/v1/x', 400],
    ['/upstream/v1/../../admin', 400],
    ['/upstream/%2e%2e/admin', 400],
    ['/upstream/v1/%2E%2E/%2E%2E/x', 400],
    ['/upstream/v1/a%2fb', 400],
    ['/upstream/v1/a\\..\\b', 400],
    ['/upstream/v1/./datasets', 400],
    ['/upstream/v1/a%00b', 400],
  ])('refuses %s with %i', (target, status) => {
    expect(proxyDecision(UPSTREAM, 'GET', target)).toMatchObject({ status });
  });

  /** Paths some server or framework on the way reads as a step out of the base, or as another host. */
  const SMUGGLED = [
    '/upstream/v1/..;/..;/admin',
    '/upstream/v1/%252e%252e/%252e%252e/admin',
    '/upstream/v1/%C0%AE%C0%AE/admin',
    '/upstream/v1/%u002e%u002e/admin',
    '/upstream/v1/%2e%2e/admin',
    '/upstream/v1/.%2e/admin',
    '/upstream/v1/datasets\\..\\..\\admin',
    '/upstream/v1/datasets%5c..%5c..%5cadmin',
    '/upstream/v1/datasets;jsessionid=x',
    '/upstream/v1/datasets%3bjsessionid=x',
    '/upstream/v1//evil.com',
    '/upstream/v1/caf\u00c3\u00a9',
    '/upstream/v1/caf%C3%A9',
    '/upstream/v1/a%zz',
    '/upstream/v1/a%0d%0aSet-Cookie:x',
    '/upstream/v1/a\tb',
  ];

  it.each(SMUGGLED)('refuses %s with 400', (target) => {
    expect(proxyDecision(UPSTREAM, 'GET', target)).toEqual({
      status: 400,
      detail: 'This path cannot be forwarded.',
    });
  });

  it.each(['POST', 'PUT', 'DELETE', 'OPTIONS', 'TRACE', 'CONNECT'])('refuses %s with 405', (method) => {
    expect(proxyDecision(UPSTREAM, method, '/upstream/v1/datasets')).toMatchObject({ status: 405 });
  });

  it('never leaves the upstream origin, whatever the path says', () => {
    for (const target of [
      '/upstream/v1/@evil.example/x',
      '/upstream/v1/x?http://evil.example/',
      '/upstream/v1/:80/x',
    ]) {
      const decision = proxyDecision(UPSTREAM, 'GET', target);
      if ('forward' in decision) expect(decision.forward.origin).toBe(UPSTREAM.origin);
    }
  });

  /**
   * The decision as first written, with a loop over characters (replaced by regular expressions,
   * which cost a cold server less): kept here as the reference the new one must agree with.
   */
  function referenceDecision(upstream: URL, target: string): ProxyDecision {
    const chars = (text: string): string[] => Array.from({ length: text.length }, (_, i) => text.charAt(i));
    const cannot = { status: 400, detail: 'This path cannot be forwarded.' };
    if (!target.startsWith('/upstream/')) return { status: 404, detail: 'Not Found' };
    const queryAt = target.indexOf('?');
    const raw = target.slice('/upstream'.length, queryAt < 0 ? undefined : queryAt);
    const query = queryAt < 0 ? '' : target.slice(queryAt);
    let decoded: string | null = '';
    if (!/^[A-Za-z0-9\-._~!$&'()*+,=:@/%]*$/.test(raw) || !raw.startsWith('/')) decoded = null;
    for (let i = 0; decoded !== null && i < raw.length; i++) {
      const c = raw.charAt(i);
      if (c !== '%') {
        decoded += c;
        continue;
      }
      const hex = raw.slice(i + 1, i + 3);
      const byte = /^[0-9A-Fa-f]{2}$/.test(hex) ? parseInt(hex, 16) : -1;
      if (byte < 0x20 || byte >= 0x7f || '%/\\;'.includes(String.fromCharCode(byte))) decoded = null;
      else decoded += String.fromCharCode(byte);
      i += 2;
    }
    const segments = decoded?.slice(1).split('/') ?? [];
    const climbs = segments.some((s, i) => s === '.' || s === '..' || (s === '' && i < segments.length - 1));
    if (
      decoded === null ||
      climbs ||
      chars(query).some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)
    )
      return cannot;
    const path = `/${segments.join('/')}`;
    if (path !== '/health' && !path.startsWith('/v1/')) return { status: 404, detail: 'Not Found' };
    const encode = (segment: string): string =>
      chars(segment)
        .map((c) =>
          /[A-Za-z0-9\-._~!$&'()*+,=:@]/.test(c)
            ? c
            : `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`,
        )
        .join('');
    const encoded = `${upstream.pathname.replace(/\/+$/, '')}/${segments.map(encode).join('/')}`;
    const forward = new URL(upstream.origin);
    forward.pathname = encoded;
    forward.search = query;
    return forward.origin !== upstream.origin || forward.pathname !== encoded ? cannot : { forward };
  }

  it('decides every path as the reference loop over characters did', () => {
    const pieces = [
      ...['/', '.', '..', '%', '%2', '%2e', '%2E', '%25', '%2f', '%2F', '%5c', '%5C', '%3b', '%3B'],
      ...['%00', '%1f', '%20', '%41', '%7e', '%7E', '%7f', '%7F', '%80', '%C0', '%AE', '%zz', '%u002e'],
      ...['a', 'Z', '9', '~', '-', '_', ';', '\\', ' ', '@', ':', '=', '&', '\t', '\u00e9', 'health', 'v1'],
    ];
    const target = fc
      .tuple(
        fc.constantFrom('/upstream/v1/', '/upstream/', '/upstream/health', '/upstream'),
        fc.array(fc.constantFrom(...pieces), { maxLength: 12 }),
        fc.option(
          fc.array(fc.constantFrom('?', 'a=1', '&', '%2F', '\u0001', '\u007f', ' ', '/'), { maxLength: 5 }),
        ),
      )
      .map(
        ([prefix, path, query]) => `${prefix}${path.join('')}${query === null ? '' : `?${query.join('')}`}`,
      );
    fc.assert(
      fc.property(target, (t) => {
        expect(proxyDecision(UPSTREAM, 'GET', t)).toEqual(referenceDecision(UPSTREAM, t));
      }),
      { numRuns: 3000 },
    );
  });

  it('reads the upstream and its time limit from the environment strictly', () => {
    expect(parseUpstream(undefined)).toBeNull();
    expect(parseUpstream(' ')).toBeNull();
    expect(parseUpstream('https://api.example.com')?.origin).toBe('https://api.example.com');
    expect(() => parseUpstream('ftp://x')).toThrow(/http\(s\)/);
    expect(() => parseUpstream('https://user:pw@x.example')).toThrow(/credentials/);
    expect(() => parseUpstream('not a url')).toThrow(/not a URL/);
    expect(parseUpstreamTimeout(undefined)).toBe(30);
    expect(parseUpstreamTimeout(' 5 ')).toBe(5);
    expect(parseUpstreamTimeout('0.5')).toBe(0.5);
    for (const bad of ['0', '-1', 'ten', '1e3', 'Infinity', '3601', '5s'])
      expect(() => parseUpstreamTimeout(bad)).toThrow(/GRIDSCOPE_UPSTREAM_TIMEOUT/);
  });
});

/** What the test upstream answers for each path under its base. */
const DISPOSITIONS: Record<string, string> = {
  plain: 'attachment; filename="ercot_load.csv"',
  spaced: 'inline; filename="ercot load.json"',
  climbing: 'attachment; filename="../../.bashrc"',
  page: 'attachment; filename="report.html"',
  injected: 'attachment; filename="x.csv"; filename*=UTF-8\'\'evil.html',
  quoted: 'attachment; filename=a"b.csv',
};

describe('upstreamProxyMiddleware over HTTP', () => {
  let upstream: Server;
  let base: URL;
  let app: Server;
  let appUrl = '';
  /** The same proxy with a short time limit, for the upstreams that hang or go quiet. */
  let impatient: Server;
  let impatientUrl = '';
  const seen: { url: string; headers: Record<string, unknown>; socket: Socket }[] = [];
  /** Upstream requests still open (their connection not closed). */
  const open = new Set<IncomingMessage>();
  const sockets = new Set<Socket>();

  beforeAll(async () => {
    upstream = createServer((req, res) => {
      const url = req.url ?? '';
      seen.push({ url, headers: { ...req.headers }, socket: req.socket });
      open.add(req);
      res.on('close', () => open.delete(req));
      const path = url.replace(/\?.*/, '');
      if (path === '/api/v1/hang') return; // accepts, never answers
      if (path === '/api/v1/slow' || path === '/api/v1/quiet') {
        res.writeHead(200, { 'content-type': 'text/csv' });
        res.write('a,b\n');
        return; // a body that stops mid-way
      }
      if (path === '/api/v1/trickle') {
        // Slower in total than the limit, but never quiet for as long.
        res.writeHead(200, { 'content-type': 'text/csv; charset=utf-8' });
        let rows = 0;
        const tick = setInterval(() => {
          res.write(`${rows},x\n`);
          if (++rows === 8) {
            clearInterval(tick);
            res.end();
          }
        }, 60);
        res.on('close', () => clearInterval(tick));
        return;
      }
      if (path === '/api/v1/page') {
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end('<script>document.title = sessionStorage.getItem("gridscope.apiKey")</script>');
        return;
      }
      if (path === '/api/v1/untyped') {
        res.writeHead(200);
        res.end('<script>alert(1)</script>');
        return;
      }
      if (path === '/api/v1/sniffable') {
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.end('<html><script>alert(1)</script>');
        return;
      }
      if (path === '/api/v1/problem') {
        res.writeHead(400, { 'content-type': 'application/problem+json; charset=utf-8' });
        res.end('{"detail":"Bad page_size."}');
        return;
      }
      const download = /^\/api\/v1\/download\/(\w+)$/.exec(path)?.[1];
      if (download !== undefined) {
        res.writeHead(200, {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': DISPOSITIONS[download] ?? '',
        });
        res.end('a\n1\n');
        return;
      }
      res.writeHead(url.includes('limited') ? 429 : 200, {
        'content-type': 'application/json',
        'retry-after': '7',
        'x-cursor': 'abc',
        'set-cookie': 'session=1',
        'x-internal': 'secret',
        'cache-control': 'public, max-age=31536000',
        'access-control-allow-origin': '*',
      });
      res.end(JSON.stringify({ path: url }));
    });
    upstream.on('connection', (socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    base = new URL(`http://127.0.0.1:${(upstream.address() as AddressInfo).port}/api`);
    ({ server: app, url: appUrl } = await serveMiddleware(upstreamProxyMiddleware(base), (res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<!doctype html>');
    }));
    ({ server: impatient, url: impatientUrl } = await serveMiddleware(
      upstreamProxyMiddleware(base, { timeoutSeconds: 0.3 }),
      (res) => res.end('app'),
    ));
  });

  afterAll(async () => {
    app.closeAllConnections();
    impatient.closeAllConnections();
    await new Promise((resolve) => app.close(resolve));
    await new Promise((resolve) => impatient.close(resolve));
    upstream.closeAllConnections();
    await new Promise((resolve) => upstream.close(resolve));
  });

  it('passes the key, the status, the body and the headers a client reads; nothing else either way', async () => {
    const answer = await fetch(`${appUrl}/upstream/v1/datasets?x=1`, {
      headers: { 'x-api-key': 'k1', cookie: 'app=1', authorization: 'Basic eA==' },
    });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ path: '/api/v1/datasets?x=1' });
    expect(answer.headers.get('retry-after')).toBe('7');
    expect(answer.headers.get('x-cursor')).toBe('abc');
    expect(answer.headers.get('set-cookie')).toBeNull();
    expect(answer.headers.get('x-internal')).toBeNull();
    const sent = seen.at(-1)?.headers ?? {};
    expect(sent['x-api-key']).toBe('k1');
    expect(sent.cookie).toBeUndefined();
    expect(sent.authorization).toBeUndefined();
  });

  it('sends requests one after another over one kept-alive upstream connection', async () => {
    const before = seen.length;
    for (let i = 0; i < 5; i++) {
      const answer = await fetch(`${appUrl}/upstream/v1/datasets?n=${i}`, { headers: { 'x-api-key': 'k1' } });
      expect(answer.status).toBe(200);
      await answer.arrayBuffer();
    }
    const used = seen.slice(before);
    expect(used.map((r) => r.url)).toEqual([0, 1, 2, 3, 4].map((i) => `/api/v1/datasets?n=${i}`));
    expect(new Set(used.map((r) => r.socket)).size).toBe(1);
  });

  it('passes a 429 with its Retry-After, and answers its own refusals as problem JSON', async () => {
    const limited = await fetch(`${appUrl}/upstream/v1/limited`);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('7');
    const post = await fetch(`${appUrl}/upstream/v1/datasets`, { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.get('content-type')).toBe('application/problem+json');
    expect(await post.json()).toEqual({ detail: 'Method Not Allowed' });
    const other = await fetch(`${appUrl}/upstream/admin`);
    expect(other.status).toBe(404);
  });

  describe('no answer becomes a page of the app', () => {
    it('an upstream page, an untyped or a sniffable answer is refused with a 502 that says why', async () => {
      for (const [path, named] of [
        ['page', 'text/html'],
        ['untyped', 'none'],
        ['sniffable', 'text/plain'],
      ] as const) {
        const answer = await fetch(`${appUrl}/upstream/v1/${path}`);
        expect(answer.status, path).toBe(502);
        expect(answer.headers.get('content-type')).toBe('application/problem+json');
        expectGuarded(answer);
        const body = await answer.text();
        expect(body).not.toContain('<script>');
        expect((JSON.parse(body) as { detail: string }).detail).toContain(`(${named})`);
      }
    });

    it('every answer, passed or its own, carries nosniff, a sandboxing policy, no referrer and no caching', async () => {
      const passed = await fetch(`${appUrl}/upstream/v1/datasets`);
      expect(passed.status).toBe(200);
      // The upstream's `public, max-age=31536000` would let a shared cache keep what a key bought.
      expectGuarded(passed);
      const problem = await fetch(`${appUrl}/upstream/v1/problem`);
      expect(problem.status).toBe(400);
      expect(problem.headers.get('content-type')).toBe('application/problem+json; charset=utf-8');
      expectGuarded(problem);
      const csv = await fetch(`${appUrl}/upstream/v1/trickle`);
      expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expectGuarded(csv);
      await csv.text();
      for (const answer of [
        await fetch(`${appUrl}/upstream/v1/datasets`, { method: 'POST' }),
        await fetch(`${appUrl}/upstream/admin`),
        await fetch(`${appUrl}/upstream/v1/..;/admin`),
        await fetch(`${appUrl}${PROXY_INFO_PATH}`),
        await fetch(`${appUrl}/upstream/v1/datasets`, { method: 'HEAD' }),
      ])
        expectGuarded(answer);
    });

    it.each([
      ['plain', 'attachment; filename="ercot_load.csv"'],
      ['spaced', 'attachment; filename="ercot_load.json"'],
      ['climbing', null],
      ['page', null],
      ['injected', 'attachment; filename="x.csv"'],
      ['quoted', 'attachment; filename="a_b.csv"'],
    ])('rebuilds Content-Disposition %s from a plain file name, or drops it', async (which, expected) => {
      const answer = await fetch(`${appUrl}/upstream/v1/download/${which}`);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-disposition')).toBe(expected);
      await answer.text();
    });
  });

  describe('the proxy gives up on its upstream like a gateway', () => {
    it('answers 504 when the upstream sends no headers in time, and closes the upstream request', async () => {
      const before = seen.length;
      const answer = await within(5000, fetch(`${impatientUrl}/upstream/v1/hang`));
      expect(answer.status).toBe(504);
      expect(answer.headers.get('content-type')).toBe('application/problem+json');
      expectGuarded(answer);
      const body = await answer.text();
      expect(JSON.parse(body)).toEqual({ detail: 'The upstream did not answer in time.' });
      expect(body).not.toMatch(/127\.0\.0\.1|localhost|:\d{2,5}/);
      expect(seen.length).toBe(before + 1);
      await eventually(() => open.size === 0);
    });

    it('cuts a body that goes quiet: the client sees a truncated answer, not a clean end', async () => {
      const answer = await within(5000, fetch(`${impatientUrl}/upstream/v1/quiet`));
      expect(answer.status).toBe(200);
      await expect(within(5000, answer.text())).rejects.toThrow(/terminated/);
      await eventually(() => open.size === 0);
    });

    it('lets a body through that is slow in all but never quiet for the limit', async () => {
      const answer = await within(5000, fetch(`${impatientUrl}/upstream/v1/trickle`));
      expect((await within(5000, answer.text())).split('\n')).toHaveLength(9);
    });

    it('holds no upstream socket for 50 requests to an upstream that never answers', async () => {
      const answers = await within(
        10_000,
        Promise.all(
          Array.from({ length: 50 }, (_, i) =>
            fetch(`${impatientUrl}/upstream/v1/hang?i=${i}`).then(async (r) => {
              await r.arrayBuffer();
              return r.status;
            }),
          ),
        ),
      );
      expect(answers).toEqual(Array.from({ length: 50 }, () => 504));
      await eventually(() => open.size === 0 && sockets.size === 0);
    });

    it('stops the upstream request when the client leaves', async () => {
      const controller = new AbortController();
      const before = seen.length;
      const answer = fetch(`${appUrl}/upstream/v1/hang`, { signal: controller.signal });
      await eventually(() => seen.length > before && open.size > 0);
      controller.abort();
      await expect(answer).rejects.toThrow();
      // Long before the 30-second limit of this proxy.
      await eventually(() => open.size === 0, 2000);
      // The app server is still alive and answers the next request.
      expect((await fetch(`${appUrl}/upstream/health`)).status).toBe(200);
    });

    it('stops the upstream body when the client leaves mid-way', async () => {
      const controller = new AbortController();
      const answer = await fetch(`${appUrl}/upstream/v1/slow`, { signal: controller.signal });
      expect(answer.status).toBe(200);
      controller.abort();
      await eventually(() => open.size === 0, 2000);
    });
  });

  it.each([
    '/upstream/v1/..;/..;/admin',
    '/upstream/v1/%252e%252e/%252e%252e/admin',
    '/upstream/v1/%C0%AE%C0%AE/admin',
    '/upstream/v1/%u002e%u002e/admin',
    '/upstream/v1/%2e%2e/admin',
    '/upstream/v1/.%2e/admin',
    '/upstream/v1/a\\..\\..\\admin',
    '/upstream/v1/a%5c..%5cadmin',
    '/upstream/v1/datasets;jsessionid=x',
    '/upstream/v1//evil.com',
    '/upstream/v1/../../admin',
    '/upstream/v1/caf%C3%A9',
  ])(
    'refuses %s as sent on the wire with a 400 problem, and the upstream never hears of it',
    async (path) => {
      const before = seen.length;
      const answer = await rawGet(appUrl, path);
      expect(answer.status).toBe(400);
      expect(answer.type).toBe('application/problem+json');
      expect(JSON.parse(answer.body)).toEqual({ detail: 'This path cannot be forwarded.' });
      expect(seen.length).toBe(before);
    },
  );

  it('never forwards a raw non-ASCII byte (Node refuses it before any middleware, the proxy after)', async () => {
    const before = seen.length;
    expect((await rawGet(appUrl, '/upstream/v1/caf\u00c3\u00a9')).status).toBe(400);
    expect(seen.length).toBe(before);
  });

  it('says only that there is a proxy, and passes other paths to the app', async () => {
    const info = await fetch(`${appUrl}${PROXY_INFO_PATH}`);
    const text = await info.text();
    expect(JSON.parse(text)).toEqual({ proxy: true });
    expect(text).not.toMatch(/127\.0\.0\.1|\/api/);
    expect(await (await fetch(`${appUrl}/datasets`)).text()).toBe('<!doctype html>');
  });

  it('lets no other origin read an answer, whatever the upstream or an earlier middleware allowed', async () => {
    const permissive = await serveMiddleware(
      (req, res, next) => {
        // What Vite's default CORS does for any localhost origin.
        res.setHeader('access-control-allow-origin', req.headers.origin ?? '*');
        upstreamProxyMiddleware(base)(req, res, next);
      },
      (res) => res.end('app'),
    );
    try {
      const direct = await fetch(`${appUrl}/upstream/v1/datasets`, {
        headers: { origin: 'http://localhost:3000' },
      });
      expect(direct.headers.get('access-control-allow-origin')).toBeNull();
      const behind = await fetch(`${permissive.url}/upstream/v1/datasets`, {
        headers: { origin: 'http://localhost:3000' },
      });
      expect(behind.status).toBe(200);
      expect(behind.headers.get('access-control-allow-origin')).toBeNull();
    } finally {
      await new Promise((resolve) => permissive.server.close(resolve));
    }
  });
});

describe('upstreamProxyMiddleware without an upstream, or with one that is down', () => {
  it('says so at the info path and on the prefix', async () => {
    const proxy = upstreamProxyMiddleware(null);
    const { server, url } = await serveMiddleware(proxy, (res) => res.end('app'));
    expect(await (await fetch(`${url}${PROXY_INFO_PATH}`)).json()).toEqual({ proxy: false });
    const answer = await fetch(`${url}/upstream/v1/datasets`);
    expect(answer.status).toBe(404);
    expectGuarded(answer);
    expect(((await answer.json()) as { detail: string }).detail).toMatch(/GRIDSCOPE_UPSTREAM/);
    await new Promise((resolve) => server.close(resolve));
  });

  it('answers 502 naming no host when the upstream refuses the connection', async () => {
    // A port that was just free: nothing listens on it.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve));
    const proxy = upstreamProxyMiddleware(new URL(`http://127.0.0.1:${port}/secret-base`));
    const { server, url } = await serveMiddleware(proxy, (res) => res.end('app'));
    try {
      const answer = await fetch(`${url}/upstream/health`);
      expect(answer.status).toBe(502);
      expectGuarded(answer);
      const body = await answer.text();
      expect(JSON.parse(body)).toEqual({ detail: 'The upstream did not answer.' });
      expect(body).not.toMatch(new RegExp(`127\\.0\\.0\\.1|${port}|secret-base`));
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('the proxy in front of the HTTP mock with CORS off', () => {
  let mock: HttpMock;
  let app: Server;
  let appUrl = '';

  beforeAll(async () => {
    mock = await startHttpServer({
      port: 0,
      workers: false,
      cors: false,
      now: () => TEST_NOW,
      rateLimits: false,
    });
    const proxy = upstreamProxyMiddleware(new URL(mock.url));
    ({ server: app, url: appUrl } = await serveMiddleware(proxy, (res) => res.end('app')));
  });

  afterAll(async () => {
    await new Promise((resolve) => app.close(resolve));
    await mock.close();
  });

  it('a browser could not call the server directly: its preflight and answers carry no CORS headers', async () => {
    const preflight = await fetch(`${mock.url}/v1/datasets`, {
      method: 'OPTIONS',
      headers: { origin: 'http://127.0.0.1:4173', 'access-control-request-headers': 'x-api-key' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    expect(preflight.headers.get('access-control-allow-headers')).toBeNull();
    const direct = await fetch(`${mock.url}/v1/datasets`, { headers: { 'x-api-key': DEMO_API_KEY } });
    expect(direct.status).toBe(200);
    expect(direct.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('through the proxy the same origin gets the rows, paging headers, file name and errors of the server', async () => {
    const path =
      '/v1/datasets/ercot_load/query?start_time=2025-07-14T00:00:00Z&end_time=2025-07-14T01:00:00Z&page_size=5&return_format=csv&download=true';
    const viaProxy = await fetch(`${appUrl}/upstream${path}`, { headers: { 'x-api-key': DEMO_API_KEY } });
    const direct = await fetch(`${mock.url}${path}`, { headers: { 'x-api-key': DEMO_API_KEY } });
    expect(viaProxy.status).toBe(200);
    expect(await viaProxy.text()).toBe(await direct.text());
    expect(viaProxy.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(viaProxy.headers.get('x-has-next-page')).toBe('true');
    expect(viaProxy.headers.get('x-cursor')).toBe(direct.headers.get('x-cursor'));
    expect(viaProxy.headers.get('content-disposition')).toBe('attachment; filename="ercot_load.csv"');
    const noKey = await fetch(`${appUrl}/upstream/v1/datasets`);
    expect(noKey.status).toBe(401);
    expect(await noKey.json()).toEqual({ detail: 'Missing API Key.' });
  });
});
