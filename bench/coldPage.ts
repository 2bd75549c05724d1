/**
 * What the cold-load benchmarks share: a browser context with nothing cached, a page opened in it
 * and timed from navigation start until a probe run in the page sees its content, and the catalog
 * (the app's cold load every other page is held against) beside the same nine links as a static
 * page.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import { DATASETS } from '@/mock/data/catalog';

/** The static page, written into the build folder so the same preview server serves it. */
export const STATIC_CATALOG_PAGE = 'bench-static-catalog.html';
export const DATASET_COUNT = DATASETS.length;

/**
 * A new context: no cache, no service worker, no storage. tsx keeps function names by wrapping
 * them in `__name(…)`, which the page lacks, so every probe passed to the page would throw
 * without the stand-in.
 */
export async function newContext(
  browser: Browser,
  viewport: { width: number; height: number } = { width: 1280, height: 900 },
): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport });
  await context.addInitScript({ content: 'globalThis.__name = (f) => f;' });
  return context;
}

/**
 * Runs in the page once per animation frame: `performance.now()` (ms since navigation start) once
 * the content is there, false until then. It is the time itself rather than a boolean because the
 * app's CSP forbids eval, so a probe cannot be wrapped in the page: it must be one function.
 */
export type ContentProbe<A> = (arg: A) => number | false;

/** ms from navigation start until `probe` sees the content, in a new context (closed after). */
export async function coldLoad<A>(
  browser: Browser,
  url: string,
  probe: ContentProbe<A>,
  arg: A,
  timeoutMs = 30_000,
): Promise<number> {
  const context = await newContext(browser);
  try {
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'commit' });
    // Playwright types the page's argument as its unboxed JSON; ours are plain JSON already.
    const inPage = probe as (arg: unknown) => number | false;
    const handle = await page.waitForFunction(inPage, arg as unknown, { polling: 'raf', timeout: timeoutMs });
    return Number(await handle.jsonValue());
  } finally {
    await context.close();
  }
}

/** The catalog's content, and the static page's: every dataset's own link (not its "Query" link) has a box. */
export const catalogListed: ContentProbe<number> = (count) => {
  const links = [...document.querySelectorAll('a[href^="/datasets/"]:not([href$="/query"])')].filter((a) => {
    const box = a.getBoundingClientRect();
    return box.width > 0 && box.height > 0;
  });
  return links.length >= count ? performance.now() : false;
};

/** ms from navigation start until every dataset link at `url` (the catalog or the static page) is on screen. */
export const catalogCold = (browser: Browser, url: string): Promise<number> =>
  coldLoad(browser, url, catalogListed, DATASET_COUNT);

const escapeHtml = (s: string): string =>
  s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);

/** The same nine rows as the catalog, with nothing to compute: what "instant" means here. */
function staticCatalogHtml(): string {
  const rows = DATASETS.map(
    (d) =>
      `<tr><th scope="row"><a href="/datasets/${encodeURIComponent(d.id)}">${escapeHtml(d.name)}</a> <code>${d.id}</code></th><td>${escapeHtml(d.description)}</td></tr>`,
  ).join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="UTF-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Datasets (static)</title></head>
<body><main><h1>Datasets</h1><table><thead><tr><th>Dataset</th><th>Description</th></tr></thead>
<tbody>
${rows}
</tbody></table></main></body></html>
`;
}

/** Writes the static catalog into a build folder, beside the app's index.html. */
export function writeStaticCatalog(distDir: string): void {
  writeFileSync(join(distDir, STATIC_CATALOG_PAGE), staticCatalogHtml());
}
