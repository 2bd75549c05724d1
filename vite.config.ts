import { resolve } from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { FIRST_PAINT_TAG, firstPaintElement, hashSource, policyForBuild } from './scripts/firstPaintPolicy';
import { precompress, precompressedMiddleware } from './scripts/precompressed';
import { MODULES_META, prerenderedPages, SHARED_FIRST_SCREEN, styleLinks } from './scripts/prerender';
import { FIRST_PAINT_SCRIPT } from './src/app/firstPaint';
import {
  parseUpstream,
  parseUpstreamTimeout,
  UPSTREAM_ENV,
  UPSTREAM_TIMEOUT_ENV,
  upstreamProxyMiddleware,
} from './scripts/upstreamProxy';

/*
 * Content-Security-Policy of the built app (docs/decisions/0005-content-security-policy.md).
 * connect-src and img-src allow any http(s) origin because the user may point the app at any API
 * server and any map tile server; scripts, styles, fonts and workers come from this origin only.
 * 'wasm-unsafe-eval' lets the SQL page's DuckDB compile its WebAssembly (from this origin): under a
 * policy, compiling any wasm counts as eval and is refused without it. It allows no JavaScript
 * eval (`eval`, `new Function` stay refused). The header applies to the DuckDB worker too: a
 * worker from a URL runs under the policy its own response carries.
 */
/**
 * The one inline script the page may run, named by its hash: the first-paint script
 * (src/app/firstPaint.ts), which must run before the first paint without a round trip.
 */
const FIRST_PAINT_HASH = hashSource(FIRST_PAINT_SCRIPT);

const CSP_DIRECTIVES: readonly (readonly [string, string])[] = [
  ['default-src', "'self'"],
  ['script-src', `'self' 'wasm-unsafe-eval' ${FIRST_PAINT_HASH}`],
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
 * Headers of every file `vite preview` (`npm start`) serves. Beside the policy: no sniffing, no
 * referrer, no powerful features (nothing in the app asks for camera, microphone, position,
 * payment or USB), a browsing context group of its own, and `X-Frame-Options` for browsers that do
 * not read `frame-ancestors`.
 */
const PREVIEW_HEADERS = {
  'Content-Security-Policy': policy(false),
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'X-Frame-Options': 'DENY',
} as const;

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
 * The first-paint script (src/app/firstPaint.ts), inline in <head> right after the charset (which
 * must stay in the first 1,024 bytes), before any stylesheet, in the built page and in dev alike:
 * the theme is set before anything paints.
 */
function firstPaintScript(): Plugin {
  const charset = '<meta charset="UTF-8" />';
  return {
    name: 'gridscope-first-paint',
    transformIndexHtml: (html) => {
      if (!html.includes(charset)) throw new Error(`index.html has no ${charset}`);
      return html.replace(charset, () => `${charset}\n    ${FIRST_PAINT_TAG}${FIRST_PAINT_SCRIPT}</script>`);
    },
  };
}

const APP_SHARED =
  /[\\/]src[\\/](lib|api|app|components|time)[\\/]|[\\/]src[\\/]contract[\\/](vocabulary|buckets|routes|datasets|cadence)\.ts$|vite[\\/]preload-helper/;
/**
 * The pages' headings that the shell shows before a page's code has come (src/app/PageFallback.tsx):
 * with the app's modules, not in a chunk and a stylesheet of their own on every first screen.
 */
const PAGE_HEADING = /[\\/]src[\\/]features[\\/][^\\/]+[\\/][A-Za-z]+Heading\.(tsx|module\.css)$/;
/**
 * What the entry (src/main.tsx) imports: kept out of the app's chunk, so the entry runs before it
 * arrives. Vite's preload helper too: the entry's dynamic imports call it, and were it in the app's
 * chunk, start would import app, app framework and framework start's React, a circle in which
 * framework runs before React is defined (every page failed with "n is not a function").
 */
const ENTRY_MODULES =
  /[\\/]src[\\/](api[\\/](connection|proxyPaths)|app[\\/](pages|demoBackend|demoMockStatus)|mock[\\/]worker[\\/]spawnEngineWorker|lib[\\/]store)\.tsx?$/;

/** The modules the first screen of `/` needs, besides the entry (docs/decisions/0020-first-screen.md). */
const FIRST_SCREEN_MODULES = [...SHARED_FIRST_SCREEN, 'src/features/catalog/CatalogPage.tsx'];

/**
 * The entry (src/main.tsx) is tiny and asks for the app, the demo backend and the first page with
 * dynamic imports. Left to those, their chunks would be requested only once the entry has arrived
 * and run; listed in the page as modulepreload links, the browser's preload scanner requests them
 * all while it parses the HTML, side by side with the entry.
 */
function firstScreenPreload(): Plugin {
  let base = '/';
  return {
    name: 'gridscope-first-screen-preload',
    apply: 'build',
    configResolved: (config) => {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler: (html, { bundle }) => {
        if (bundle === undefined) return html;
        const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
        const byFile = new Map(chunks.map((c) => [c.fileName, c]));
        const scripts = new Set<string>();
        const styles = new Set<string>();
        const visit = (fileName: string): void => {
          const chunk = byFile.get(fileName);
          if (chunk === undefined || scripts.has(fileName)) return;
          scripts.add(fileName);
          for (const css of chunk.viteMetadata?.importedCss ?? []) styles.add(css);
          for (const imported of chunk.imports) visit(imported);
        };
        for (const module of FIRST_SCREEN_MODULES) {
          const chunk = chunks.find((c) => c.facadeModuleId?.endsWith(module) === true);
          if (chunk === undefined) throw new Error(`first-screen preload: no chunk for ${module}`);
          visit(chunk.fileName);
        }
        const href = (fileName: string): string => `${base}${fileName}`;
        // The styles hold the first paint: asked for before the first-paint script, whose module
        // preloads would otherwise take HTTP/1.1's six connections first, and applied after it.
        const { preloads, sheets } = styleLinks([...styles].filter((f) => !html.includes(href(f))).map(href));
        const firstPaint = firstPaintElement(html)?.element;
        if (firstPaint === undefined)
          throw new Error('first-screen preload: index.html has no first-paint script');
        // The modules are listed for the first-paint script, which asks for them unless the page
        // is whole already (src/app/firstPaint.ts); read before it, so listed before it.
        const modules = [...scripts].filter((f) => !html.includes(href(f))).map(href);
        const list = `<meta name="${MODULES_META}" content="${modules.join(' ')}">`;
        return html.replace(firstPaint, () => `${preloads}\n    ${list}\n    ${firstPaint}\n    ${sheets}`);
      },
    },
  };
}

/**
 * Scripts and styles compressed once when built (Brotli and gzip files beside them), and served as
 * they are by `npm start`'s server instead of gzipped on every request (scripts/precompressed.ts).
 */
function precompressedAssets(): Plugin {
  let outDir = '';
  let isBuild = false;
  return {
    name: 'gridscope-precompressed-assets',
    configResolved: (config) => {
      outDir = resolve(config.root, config.build.outDir);
      // Not the prerender's own build for Node (scripts/prerender.ts).
      isBuild = config.command === 'build' && config.build.ssr === false;
    },
    closeBundle: () => {
      if (isBuild) precompress(resolve(outDir, 'assets'));
    },
    // Before the preview server's own compression and static files.
    configurePreviewServer: (server) =>
      void server.middlewares.use(precompressedMiddleware(outDir, server.config.preview.headers)),
  };
}

/**
 * The header names the first-paint script of the build being served (scripts/firstPaintPolicy.ts):
 * the benches serve a change's parent from this checkout, and a policy naming this source's script
 * blocked the parent's own (that page ran without it: no verdict, no preloads, no theme).
 */
function servedFirstPaintPolicy(): Plugin {
  return {
    name: 'gridscope-served-first-paint-policy',
    configurePreviewServer: (server) => {
      const headers = server.config.preview.headers;
      const current = headers['Content-Security-Policy'];
      if (typeof current !== 'string') return;
      const outDir = resolve(server.config.root, server.config.build.outDir);
      headers['Content-Security-Policy'] = policyForBuild(current, FIRST_PAINT_HASH, outDir);
    },
  };
}

/**
 * `GRIDSCOPE_UPSTREAM=https://api.example.com npm start` (or `npm run dev`): the app's origin
 * forwards `/upstream/health` and `/upstream/v1/…` to that server, for servers that refuse a
 * browser's cross-origin requests (scripts/upstreamProxy.ts); `GRIDSCOPE_UPSTREAM_TIMEOUT` (seconds,
 * 30 by default) bounds its wait for the upstream. Read once, when the server starts.
 */
function upstreamProxy(): Plugin {
  const upstream = parseUpstream(process.env[UPSTREAM_ENV]);
  const proxy = upstreamProxyMiddleware(upstream, {
    timeoutSeconds: parseUpstreamTimeout(process.env[UPSTREAM_TIMEOUT_ENV]),
  });
  return {
    name: 'gridscope-upstream-proxy',
    configureServer: (server) => void server.middlewares.use(proxy),
    // Right after the host check (which keeps DNS-rebinding pages out): the requests it forwards
    // skip the preview server's static files (bench proxy).
    configurePreviewServer: (server) => {
      const stack = server.middlewares.stack;
      const hostCheck = stack.findIndex(
        (layer) => (layer.handle as { name?: string }).name === 'hostValidationMiddleware',
      );
      stack.splice(hostCheck + 1, 0, { route: '', handle: proxy });
    },
  };
}

/**
 * The contract's modules run no code that matters beyond their own exports (schemas, tables,
 * `z.config`), so a module of it whose exports nothing uses is left out of a chunk. Without this,
 * a module taking one header name from `@/contract` would carry zod and every schema.
 */
const CONTRACT_WITHOUT_SIDE_EFFECTS = {
  moduleSideEffects: [{ test: /[\\/]src[\\/]contract[\\/]/, sideEffects: false }],
};

export default defineConfig({
  plugins: [
    react(),
    firstPaintScript(),
    contentSecurityPolicyMeta(),
    firstScreenPreload(),
    upstreamProxy(),
    precompressedAssets(),
    prerenderedPages(),
    servedFirstPaintPolicy(),
  ],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  // No CORS: the app reads its files and its proxy from its own origin, and no other page (Vite's
  // default lets any localhost origin in) is let read them.
  server: { host: '127.0.0.1', port: 5173, cors: false },
  preview: {
    host: '127.0.0.1',
    port: 4173,
    strictPort: true,
    cors: false,
    headers: PREVIEW_HEADERS,
  },
  // The demo backend's engine worker (src/mock/worker/engineWorker.ts) is a module worker. Its
  // bundle is built apart and takes the same rule for the contract's modules as the page's: the
  // mock uses no schema, and without it the worker carried zod and built every schema as it
  // started (about 50 ms of a cold link's worker boot; decision 0032).
  worker: { format: 'es', rolldownOptions: { treeshake: CONTRACT_WITHOUT_SIDE_EFFECTS } },
  build: {
    target: 'es2022',
    sourcemap: true,
    // scripts/bundleBudget.ts reads it to sum the chunks the catalog route needs.
    manifest: true,
    rolldownOptions: {
      treeshake: CONTRACT_WITHOUT_SIDE_EFFECTS,
      output: {
        codeSplitting: {
          groups: [
            // What the entry needs before anything else has arrived: a few kB of its own.
            { name: 'start', test: ENTRY_MODULES, priority: 3 },
            // What every page renders with, in one chunk rather than a dozen small ones: on HTTP/1.1
            // a browser fetches six files at a time (docs/decisions/0020-first-screen.md). Not
            // `react` itself (8 kB), which the entry's stores need before the rest has arrived.
            {
              name: 'framework',
              test: /node_modules[\\/](react-dom|scheduler|react-router|@tanstack[\\/](react-query|query-core))[\\/]/,
              priority: 2,
            },
            // The charts themselves (and the frames they draw from), in one chunk of about 11 kB
            // rather than seven to nine of 0.2–3 kB: on HTTP/1.1 those took a round trip or two
            // more before a page's chart (Lighthouse's simulated LCP: Compare −150 ms, peak report
            // −90; decision 0032). Not the lazy wrappers, which pages import to ask for it. Compare
            // and /today import parts of it directly (legend state, day frames), so theirs comes
            // with the page: both draw a chart on their first screen.
            {
              name: 'charts',
              test: /components[\\/]charts[\\/](?!Lazy|lazyChart|chart\.module)|lib[\\/](chartFrame|decimate)\./,
              priority: 1,
              includeDependenciesRecursively: false,
            },
            // The app's own shared modules (API layer, formatting, shell components) likewise.
            {
              name: 'app',
              // Not the charts (they load with the first chart shown), the virtual table and its
              // parts (TanStack Table: the query and SQL pages' results), the export writers and
              // the query's result helpers (the query and SQL pages' exports, code and
              // tables), Compare's shared layer
              // (src/compare: its URL codec takes zod), the saved-work components (the pages
              // that can be saved load them), the day fields, the market clock's formats (the peak
              // report and /today) nor the value-column rule (Compare and the query builder):
              // those stay with the pages that use them.
              test: (id) =>
                (APP_SHARED.test(id) || PAGE_HEADING.test(id)) &&
                !/charts[\\/]|components[\\/](workspace[\\/]|ExportJobLines|VirtualTable|TableColumnsMenu|ColumnResizer|columnWidths|columnWindow|DateField|DayField)|exports[\\/](exportJobs|exportWriters|sidecar|spreadsheetCsv|parquet|pageWalk|columnKinds)|query[\\/]chartRows|lib[\\/](queryDescription|gridstatusioArgs|marketClock|valueColumn)|[\\/]src[\\/]compare[\\/]/.test(
                  id,
                ),
              minShareCount: 2,
              priority: 1,
              // Nor the contract's schemas and zod, which its door (`@/contract`) leads to.
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
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
