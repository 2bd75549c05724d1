import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEMO_API_KEY } from '../src/contract/plans';
import { startHttpServer, type HttpMock } from '../src/mock/server';
import { TEST_NOW } from '../src/test/clock';
import { serveMiddleware } from './serveMiddleware';
import { parseUpstream, PROXY_INFO_PATH, proxyDecision, upstreamProxyMiddleware } from './upstreamProxy';

const UPSTREAM = new URL('https://api.example.com/base');

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

  it('reads the upstream from the environment strictly', () => {
    expect(parseUpstream(undefined)).toBeNull();
    expect(parseUpstream(' ')).toBeNull();
    expect(parseUpstream('https://api.example.com')?.origin).toBe('https://api.example.com');
    expect(() => parseUpstream('ftp://x')).toThrow(/http\(s\)/);
    expect(() => parseUpstream('https://user:pw@x.example')).toThrow(/credentials/);
    expect(() => parseUpstream('not a url')).toThrow(/not a URL/);
  });
});

describe('upstreamProxyMiddleware over HTTP', () => {
  let upstream: Server;
  let app: Server;
  let appUrl = '';
  const seen: { url: string; headers: Record<string, unknown> }[] = [];

  beforeAll(async () => {
    upstream = createServer((req, res) => {
      seen.push({ url: req.url ?? '', headers: { ...req.headers } });
      if (req.url?.startsWith('/api/v1/slow')) {
        res.writeHead(200, { 'content-type': 'text/csv' });
        res.write('a,b\n');
        return; // never ends: the client leaves
      }
      res.writeHead(req.url?.includes('limited') ? 429 : 200, {
        'content-type': 'application/json',
        'retry-after': '7',
        'x-cursor': 'abc',
        'set-cookie': 'session=1',
        'x-internal': 'secret',
      });
      res.end(JSON.stringify({ path: req.url }));
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    const base = new URL(`http://127.0.0.1:${(upstream.address() as AddressInfo).port}/api`);
    const proxy = upstreamProxyMiddleware(base);
    ({ server: app, url: appUrl } = await serveMiddleware(proxy, (res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<!doctype html>');
    }));
  });

  afterAll(async () => {
    await new Promise((resolve) => app.close(resolve));
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

  it('passes a 429 with its Retry-After, and answers its own refusals as JSON', async () => {
    const limited = await fetch(`${appUrl}/upstream/v1/limited`);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('7');
    const post = await fetch(`${appUrl}/upstream/v1/datasets`, { method: 'POST' });
    expect(post.status).toBe(405);
    expect(await post.json()).toEqual({ detail: 'Method Not Allowed' });
    const other = await fetch(`${appUrl}/upstream/admin`);
    expect(other.status).toBe(404);
  });

  it('refuses a raw path that climbs out, as sent on the wire', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const req = httpRequest(`${appUrl}/x`, { path: '/upstream/v1/../../admin' }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.end();
    });
    expect(status).toBe(400);
  });

  it('says whether there is an upstream, and passes other paths to the app', async () => {
    const info = (await (await fetch(`${appUrl}${PROXY_INFO_PATH}`)).json()) as { upstream: string };
    expect(info.upstream).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api$/);
    expect(await (await fetch(`${appUrl}/datasets`)).text()).toBe('<!doctype html>');
  });

  it('stops the upstream request when the browser leaves', async () => {
    const controller = new AbortController();
    const answer = await fetch(`${appUrl}/upstream/v1/slow`, { signal: controller.signal });
    expect(answer.status).toBe(200);
    controller.abort();
    // The app server is still alive and answers the next request.
    expect((await fetch(`${appUrl}/upstream/health`)).status).toBe(200);
  });
});

describe('upstreamProxyMiddleware without an upstream', () => {
  it('says so at the info path and on the prefix', async () => {
    const proxy = upstreamProxyMiddleware(null);
    const { server, url } = await serveMiddleware(proxy, (res) => res.end('app'));
    expect(await (await fetch(`${url}${PROXY_INFO_PATH}`)).json()).toEqual({ upstream: null });
    const answer = await fetch(`${url}/upstream/v1/datasets`);
    expect(answer.status).toBe(404);
    expect(((await answer.json()) as { detail: string }).detail).toMatch(/GRIDSCOPE_UPSTREAM/);
    await new Promise((resolve) => server.close(resolve));
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

  it('through the proxy the same origin gets the rows, paging headers and errors of the server', async () => {
    const path =
      '/v1/datasets/ercot_load/query?start_time=2025-07-14T00:00:00Z&end_time=2025-07-14T01:00:00Z&page_size=5&return_format=csv';
    const viaProxy = await fetch(`${appUrl}/upstream${path}`, { headers: { 'x-api-key': DEMO_API_KEY } });
    const direct = await fetch(`${mock.url}${path}`, { headers: { 'x-api-key': DEMO_API_KEY } });
    expect(viaProxy.status).toBe(200);
    expect(await viaProxy.text()).toBe(await direct.text());
    expect(viaProxy.headers.get('x-has-next-page')).toBe('true');
    expect(viaProxy.headers.get('x-cursor')).toBe(direct.headers.get('x-cursor'));
    const noKey = await fetch(`${appUrl}/upstream/v1/datasets`);
    expect(noKey.status).toBe(401);
  });
});
