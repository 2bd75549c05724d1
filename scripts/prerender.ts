/**
 * The built app's first screens as HTML (issue 31, docs/decisions/0033-prerendered-first-screen.md):
 * after the client build, the same source is built once more for Node (src/app/prerender.tsx), its
 * pages are rendered with React's server renderer, and each is written into a copy of the built
 * index.html: `index.html` holds the catalog, `<path>.html` each other page's shell, the demo
 * datasets' pages and query builders included (`vite preview` serves `/compare` from
 * `compare.html`, `/datasets/x/query` from `datasets/x/query.html`, and any other path from
 * `index.html`).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin, type ResolvedConfig } from 'vite';
import type { PrerenderedPage } from '../src/app/prerender';
import { readManifest, type Manifest } from './bundleBudget';
import { FIRST_PAINT_TAG } from './firstPaintPolicy';

/** The server entry, and the name of the meta tag src/app/firstPaint.ts reads. */
const PRERENDER_ENTRY = 'src/app/prerender.tsx';
const PRERENDERED_META = 'gridscope-prerendered';
/** The meta tag listing the first screen's modules for the first-paint script (vite.config.ts writes it). */
export const MODULES_META = 'gridscope-modules';
const EMPTY_ROOT = '<div id="root"></div>';

const escapeAttribute = (s: string): string =>
  s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);

/**
 * The built index.html with `page` in its root, and a meta tag naming the path it was rendered for
 * placed before the first-paint script (src/app/firstPaint.ts), which reads it.
 */
export function pageHtml(template: string, page: PrerenderedPage): string {
  if (!template.includes(EMPTY_ROOT)) throw new Error(`prerender: index.html has no ${EMPTY_ROOT}`);
  if (!template.includes(FIRST_PAINT_TAG)) throw new Error('prerender: index.html has no first-paint script');
  const meta = `<meta name="${PRERENDERED_META}" content="${escapeAttribute(page.path)}"${page.shell ? ' data-shell' : ''}>`;
  return template
    .replace(FIRST_PAINT_TAG, () => `${meta}\n    ${FIRST_PAINT_TAG}`)
    .replace(EMPTY_ROOT, () => `<div id="root">${page.html}</div>`);
}

/**
 * Each shell's page module, by its route: a shell's HTML asks for its own page's code and styles (a
 * link to it otherwise fetched the catalog's and met its own one round trip later, bench cold-links).
 */
export const SHELL_PAGE_MODULES: Readonly<Record<string, string>> = {
  '/today': 'src/features/today/TodayPage.tsx',
  '/locations': 'src/features/locations/LocationsPage.tsx',
  '/price-map': 'src/features/priceMap/PriceMapPage.tsx',
  '/compare': 'src/features/compare/ComparePage.tsx',
  '/reports/daily-peak': 'src/features/reports/DailyPeakPage.tsx',
  '/sql': 'src/features/sql/SqlPage.tsx',
  '/library': 'src/features/library/LibraryPage.tsx',
  '/usage': 'src/features/usage/UsagePage.tsx',
  '/settings': 'src/features/settings/SettingsPage.tsx',
  '/datasets/:id': 'src/features/dataset/DatasetPage.tsx',
  '/datasets/:id/query': 'src/features/query/QueryPage.tsx',
};
/** What every first screen runs besides its page: the app, and the demo backend (vite.config.ts too). */
export const SHARED_FIRST_SCREEN = ['src/app/boot.tsx', 'src/mock/browser.ts'];

/** The files of `sources` and of everything they import statically, scripts and styles apart. */
export function firstScreenFiles(
  manifest: Manifest,
  sources: readonly string[],
): { scripts: string[]; styles: string[] } {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const visit = (key: string): void => {
    const chunk = manifest[key];
    if (chunk === undefined) throw new Error(`prerender: ${key} is not in the build's manifest`);
    if (scripts.has(chunk.file)) return;
    scripts.add(chunk.file);
    for (const css of chunk.css ?? []) styles.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const source of sources) visit(source);
  return { scripts: [...scripts], styles: [...styles] };
}

/**
 * A page's styles, each twice in its `<head>`: asked for before the first-paint script
 * (`rel=preload`), and applied after it (`rel=stylesheet`; a stylesheet before a script would hold
 * the script until it has loaded). Asked for before the script, they are not queued behind the
 * modules the script asks for: on HTTP/1.1's six connections the first screen's 20–35 modules took
 * every connection first, and the first paint waits for the styles
 * (docs/decisions/0033-prerendered-first-screen.md).
 */
export function styleLinks(hrefs: readonly string[]): { preloads: string; sheets: string } {
  return {
    preloads: hrefs.map((h) => `<link rel="preload" as="style" crossorigin href="${h}">`).join('\n    '),
    sheets: hrefs.map((h) => `<link rel="stylesheet" crossorigin href="${h}">`).join('\n    '),
  };
}

/**
 * A shell's HTML with its own page's modules in the list the first-paint script preloads, and its
 * own page's styles in place of the catalog's. The entry's own imports, already in the page, stay.
 */
export function withPageFiles(
  html: string,
  base: string,
  files: { scripts: string[]; styles: string[] },
): string {
  const href = (file: string): string => `${base}${file}`;
  const modules = files.scripts
    .map(href)
    .filter((h) => !html.includes(`href="${h}"`) && !html.includes(`src="${h}"`));
  const { preloads, sheets } = styleLinks(files.styles.map(href));
  const stylesheets = /(?:<link rel="stylesheet" crossorigin href="[^"]+">\s*)+/;
  const stylePreloads = /(?:<link rel="preload" as="style" crossorigin href="[^"]+">\s*)+/;
  if (!stylesheets.test(html)) throw new Error('prerender: index.html has no stylesheet links');
  if (!stylePreloads.test(html)) throw new Error('prerender: index.html has no style preloads');
  return html
    .replace(stylePreloads, () => `${preloads}\n    `)
    .replace(
      new RegExp(`<meta name="${MODULES_META}" content="[^"]*">`),
      () => `<meta name="${MODULES_META}" content="${modules.join(' ')}">`,
    )
    .replace(stylesheets, () => `${sheets}\n    `);
}

/**
 * Where `vite preview` (and any static host that tries `<path>.html`) finds a page's HTML:
 * `/compare` in `compare.html`, `/datasets/x` in `datasets/x.html` and `/datasets/x/query` in
 * `datasets/x/query.html` (a folder beside the file of the same name, as vite's html fallback
 * expects: it tries `<path>.html`, then `<path>/index.html` for a path ending in a slash). Every
 * segment must be a plain name, so the file stays inside the build's folder whatever the path.
 */
export function pageFile(base: string, path: string): string {
  const rest = path.slice(base.replace(/\/$/, '').length).replace(/^\/+/, '');
  if (rest === '') return 'index.html';
  const segments = rest.split('/');
  if (segments.some((s) => !/^[A-Za-z0-9_-][A-Za-z0-9._-]*$/.test(s) || s.includes('..')))
    throw new Error(`prerender: no file for the path ${path}`);
  return `${rest}.html`;
}

/**
 * Every CSS-module class the HTML names must be in the built styles: the server build hashes them
 * as the client build does, and a difference would hydrate an unstyled page without a word.
 */
export function missingClasses(html: string, css: string): string[] {
  const classes = new Set<string>();
  for (const match of html.matchAll(/class="([^"]*)"/g)) {
    for (const name of (match[1] ?? '').split(/\s+/)) if (/^_\w+_[\w-]{5}_\d+$/.test(name)) classes.add(name);
  }
  return [...classes].filter((name) => !css.includes(`.${name}`));
}

function builtCss(outDir: string): string {
  const assets = join(outDir, 'assets');
  return readdirSync(assets)
    .filter((f) => f.endsWith('.css'))
    .map((f) => readFileSync(join(assets, f), 'utf8'))
    .join('\n');
}

async function renderPages(config: ResolvedConfig): Promise<PrerenderedPage[]> {
  // Inside the project, so that its imports of React and the rest resolve from node_modules.
  const serverDir = mkdtempSync(join(config.root, 'node_modules', '.gridscope-prerender-'));
  const nodeEnv = process.env.NODE_ENV;
  try {
    await build({
      configFile: config.configFile,
      root: config.root,
      mode: config.mode,
      logLevel: 'warn',
      build: {
        ssr: PRERENDER_ENTRY,
        outDir: serverDir,
        emptyOutDir: true,
        copyPublicDir: false,
        sourcemap: false,
      },
    });
    // React's and the router's production builds, as the browser's: their markup is what hydrates.
    process.env.NODE_ENV = 'production';
    const entry = pathToFileURL(join(serverDir, 'prerender.js')).href;
    const { prerenderPages } = (await import(entry)) as { prerenderPages: () => Promise<PrerenderedPage[]> };
    return await prerenderPages();
  } finally {
    process.env.NODE_ENV = nodeEnv;
    rmSync(serverDir, { recursive: true, force: true });
  }
}

/** The Vite plugin: after the client build, writes the prerendered pages into its output. */
export function prerenderedPages(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'gridscope-prerendered-pages',
    apply: 'build',
    configResolved: (resolved) => {
      config = resolved;
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler: async () => {
        if (config.build.ssr !== false) return;
        const outDir = resolve(config.root, config.build.outDir);
        const template = readFileSync(join(outDir, 'index.html'), 'utf8');
        const manifest = readManifest(outDir);
        const css = builtCss(outDir);
        const base = config.base.replace(/\/?$/, '/');
        for (const page of await renderPages(config)) {
          const missing = missingClasses(page.html, css);
          if (missing.length > 0) {
            throw new Error(
              `prerender: ${page.path} names classes the build has no style for: ${missing.join(', ')}`,
            );
          }
          const file = join(outDir, pageFile(config.base, page.path));
          mkdirSync(dirname(file), { recursive: true });
          let html = pageHtml(template, page);
          if (page.shell) {
            const module = SHELL_PAGE_MODULES[page.route];
            if (module === undefined)
              throw new Error(`prerender: no page module named for the shell ${page.path} (${page.route})`);
            html = withPageFiles(html, base, firstScreenFiles(manifest, [...SHARED_FIRST_SCREEN, module]));
          }
          writeFileSync(file, html);
        }
      },
    },
  };
}
