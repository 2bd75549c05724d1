/**
 * Catalog on screen (issue 5): a cold load of the production build with the built-in mock, in
 * headless Chromium, a new browser context (no cache, no service worker) per run, timed from
 * navigation start until the nine dataset links are visible. Beside it, the same nine links in a
 * static HTML page served by the same preview server: the floor any app on this machine stands on.
 *
 *   tsx bench/catalogLoad.ts      (builds into /tmp/bench-dist unless BENCH_SKIP_BUILD=1)
 */
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { buildApp } from '../scripts/bundleBudget';
import { catalogCold, DATASET_COUNT, STATIC_CATALOG_PAGE, writeStaticCatalog } from './coldPage';
import { formatNumber, judge, median, summarise, type BenchRow } from './harness';
import {
  assertChromium,
  BENCH_DIST,
  CHROMIUM,
  CHROMIUM_ARGS,
  startPreview,
  type Server,
} from './previewServer';

const CATALOG_PORT = 4601;
/** Issue 16: a ratio to the floor measured in the same run, which holds on any machine. */
const RATIO_TARGET = 3;
/**
 * Cold loads of each page, in turns. Five gave medians that moved by ±0.3× between two runs of
 * the same build on a quiet 2-core machine (one load moves by ±15 ms); fifteen halve that.
 */
const RUNS = 15;

interface CatalogLoadFigures {
  app: number[];
  staticPage: number[];
}

/** Alternates app and static page so drift in machine load hits both alike. */
async function measureCatalogLoad(server: Server, runs = RUNS): Promise<CatalogLoadFigures> {
  assertChromium();
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    // One unmeasured load of each warms the preview server's file cache, not the browser's.
    await catalogCold(browser, `${server.url}/`);
    await catalogCold(browser, `${server.url}/${STATIC_CATALOG_PAGE}`);
    const app: number[] = [];
    const staticPage: number[] = [];
    for (let i = 0; i < runs; i++) {
      app.push(await catalogCold(browser, `${server.url}/`));
      staticPage.push(await catalogCold(browser, `${server.url}/${STATIC_CATALOG_PAGE}`));
    }
    return { app, staticPage };
  } finally {
    await browser.close();
  }
}

function catalogLoadRows({ app, staticPage }: CatalogLoadFigures): BenchRow[] {
  const a = summarise(app);
  const s = median(staticPage);
  return [
    {
      figure: 'catalog on screen, cold load (built-in mock)',
      value: a.median,
      unit: 'ms',
      target: `≤ ${RATIO_TARGET}× the static page`,
      peer: `static page ${formatNumber(s)} ms`,
      ratio: a.median / s,
      verdict: judge(a.median / s, RATIO_TARGET),
      note: `median of ${a.runs} cold loads, new context each (min ${formatNumber(a.min)}, max ${formatNumber(a.max)}); ${DATASET_COUNT} dataset links visible; ratio is app/static`,
    },
  ];
}

function prepareBuild(build: boolean): void {
  if (build) buildApp(BENCH_DIST);
  writeStaticCatalog(BENCH_DIST);
}

export async function run({ build = process.env.BENCH_SKIP_BUILD !== '1' } = {}): Promise<BenchRow[]> {
  prepareBuild(build);
  const server = await startPreview(BENCH_DIST, CATALOG_PORT);
  try {
    return catalogLoadRows(await measureCatalogLoad(server));
  } finally {
    await server.stop();
  }
}

const entry = process.argv[1];
if (entry !== undefined && import.meta.url === pathToFileURL(entry).href) {
  const { formatTable } = await import('./harness');
  console.log(formatTable(await run()));
}
