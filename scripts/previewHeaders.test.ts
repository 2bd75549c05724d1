/**
 * The headers `npm start` (vite preview with vite.config.ts) serves the app and its proxy with,
 * read from a real preview server over HTTP: the app's pages forbid framing, powerful features and
 * a shared browsing context group; the proxy answers no other origin (issue 25 §5, §7).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { preview, type PreviewServer } from 'vite';
import { ROOT } from './bundleBudget';

/** A page on another localhost port: Vite's default CORS lets such origins read its answers. */
const OTHER_ORIGIN = 'http://localhost:3000';

let app: PreviewServer;
let appUrl = '';
let upstream: Server;
let site = '';

beforeAll(async () => {
  upstream = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'access-control-allow-origin': '*' });
    res.end('{"status":"ok","version":"1.0.0"}');
  });
  await new Promise<void>((done) => upstream.listen(0, '127.0.0.1', done));
  // The headers do not depend on the app's files: an empty page stands in for the build.
  site = mkdtempSync(join(tmpdir(), 'gridscope-preview-headers-'));
  writeFileSync(join(site, 'index.html'), '<!doctype html><title>preview headers</title>');
  const before = process.env.GRIDSCOPE_UPSTREAM;
  process.env.GRIDSCOPE_UPSTREAM = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  try {
    app = await preview({
      configFile: resolve(ROOT, 'vite.config.ts'),
      logLevel: 'silent',
      build: { outDir: site },
      preview: { port: 0, strictPort: false, open: false },
    });
  } finally {
    if (before === undefined) delete process.env.GRIDSCOPE_UPSTREAM;
    else process.env.GRIDSCOPE_UPSTREAM = before;
  }
  appUrl = `http://127.0.0.1:${(app.httpServer.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await app.close();
  upstream.closeAllConnections();
  await new Promise((done) => upstream.close(done));
  rmSync(site, { recursive: true, force: true });
});

describe('the preview server', () => {
  it.each(['/', '/settings'])(
    'serves %s with no framing, no camera, microphone or position, and a browsing context group of its own',
    async (path) => {
      const answer = await fetch(`${appUrl}${path}`);
      expect(answer.status).toBe(200);
      const csp = answer.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("frame-ancestors 'none'");
      expect(answer.headers.get('x-frame-options')).toBe('DENY');
      expect(answer.headers.get('cross-origin-opener-policy')).toBe('same-origin');
      const permissions = answer.headers.get('permissions-policy') ?? '';
      for (const feature of ['camera', 'microphone', 'geolocation'])
        expect(permissions).toMatch(new RegExp(`(^|, )${feature}=\\(\\)`));
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
      expect(answer.headers.get('referrer-policy')).toBe('no-referrer');
    },
  );

  it('lets no other origin read the app or its proxy, preflight or answer', async () => {
    const page = await fetch(`${appUrl}/`, { headers: { origin: OTHER_ORIGIN } });
    expect(page.headers.get('access-control-allow-origin')).toBeNull();
    const proxied = await fetch(`${appUrl}/upstream/health`, { headers: { origin: OTHER_ORIGIN } });
    expect(proxied.status).toBe(200);
    expect(proxied.headers.get('access-control-allow-origin')).toBeNull();
    const preflight = await fetch(`${appUrl}/upstream/v1/datasets`, {
      method: 'OPTIONS',
      headers: {
        origin: OTHER_ORIGIN,
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'x-api-key',
      },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    expect(preflight.headers.get('access-control-allow-headers')).toBeNull();
  });

  it('says only that it has a proxy, and the proxied answers cannot become pages', async () => {
    const info = await fetch(`${appUrl}/__gridscope/proxy`);
    const text = await info.text();
    expect(JSON.parse(text)).toEqual({ proxy: true });
    expect(text).not.toContain('127.0.0.1');
    const proxied = await fetch(`${appUrl}/upstream/health`);
    expect(proxied.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(proxied.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
