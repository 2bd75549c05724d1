import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { parseUpstream, UPSTREAM_ENV, upstreamProxyMiddleware } from './scripts/upstreamProxy';

/*
 * Content-Security-Policy of the built app (docs/decisions/0005-content-security-policy.md).
 * connect-src and img-src allow any http(s) origin because the user may point the app at any API
 * server and any map tile server; scripts, styles, fonts and workers come from this origin only.
 */
const CSP_DIRECTIVES: readonly (readonly [string, string])[] = [
  ['default-src', "'self'"],
  ['script-src', "'self'"],
  ['worker-src', "'self'"],
  ['connect-src', "'self' http: https:"],
  ['img-src', "'self' data: blob: http: https:"],
  ['style-src', "'self'"],
  ['font-src', "'self'"],
  ['object-src', "'none'"],
  ['base-uri', "'self'"],
  ['form-action', "'self'"],
  ['frame-ancestors', "'none'"],
];
/** A <meta> cannot carry frame-ancestors (Chromium warns and ignores it); only the header can. */
const HEADER_ONLY = new Set(['frame-ancestors']);

const policy = (forMeta: boolean): string =>
  CSP_DIRECTIVES.filter(([name]) => !forMeta || !HEADER_ONLY.has(name))
    .map(([name, value]) => `${name} ${value}`)
    .join('; ');

/**
 * The meta goes into the built index.html only: the dev server injects an inline React Refresh
 * preamble that `script-src 'self'` would block.
 */
function contentSecurityPolicyMeta(): Plugin {
  return {
    name: 'gridscope-csp-meta',
    apply: 'build',
    transformIndexHtml: () => [
      {
        tag: 'meta',
        attrs: { 'http-equiv': 'Content-Security-Policy', content: policy(true) },
        injectTo: 'head-prepend',
      },
    ],
  };
}

/**
 * `GRIDSCOPE_UPSTREAM=https://api.example.com npm start` (or `npm run dev`): the app's origin
 * forwards `/upstream/health` and `/upstream/v1/…` to that server, for servers that refuse a
 * browser's cross-origin requests (scripts/upstreamProxy.ts). Read once, when the server starts.
 */
function upstreamProxy(): Plugin {
  const upstream = parseUpstream(process.env[UPSTREAM_ENV]);
  return {
    name: 'gridscope-upstream-proxy',
    configureServer: (server) => void server.middlewares.use(upstreamProxyMiddleware(upstream)),
    // Right after the host check (which keeps DNS-rebinding pages out): the requests it forwards
    // skip the preview server's CORS handling and static files, about 1 ms per request (bench proxy).
    configurePreviewServer: (server) => {
      const stack = server.middlewares.stack;
      const hostCheck = stack.findIndex(
        (layer) => (layer.handle as { name?: string }).name === 'hostValidationMiddleware',
      );
      stack.splice(hostCheck + 1, 0, { route: '', handle: upstreamProxyMiddleware(upstream) });
    },
  };
}

export default defineConfig({
  plugins: [react(), contentSecurityPolicyMeta(), upstreamProxy()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: { host: '127.0.0.1', port: 5173 },
  preview: {
    host: '127.0.0.1',
    port: 4173,
    strictPort: true,
    headers: {
      'Content-Security-Policy': policy(false),
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
    },
  },
  // The demo backend's engine worker (src/mock/worker/engineWorker.ts) is a module worker.
  worker: { format: 'es' },
  build: {
    target: 'es2022',
    sourcemap: true,
    // scripts/bundleBudget.ts reads it to sum the chunks the catalog route needs.
    manifest: true,
  },
  test: {
    globals: true,
    environment: 'node',
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts', 'bench/**/*.test.ts'],
    setupFiles: ['./vitest.setup.ts'],
    pool: 'threads',
    testTimeout: 20_000,
  },
});
