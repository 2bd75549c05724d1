/**
 * Cold links (issue 31): the links an analyst opens, each cold (a new browser context: no cache,
 * no service worker, no storage) on a production build with the built-in mock in headless
 * Chromium, timed from navigation start until the page's meaningful content is on screen, as a
 * probe polled every animation frame in the page reads it. Each round opens every page once, the
 * catalog and the same nine links as a static page among them, in an order that turns by one each
 * round, so machine load hits them all alike and no page always follows the same one. Each page is
 * held against the catalog's cold load of the same run, the catalog against the static page.
 *
 *   tsx bench/coldLinks.ts      (builds into /tmp/bench-dist unless BENCH_SKIP_BUILD=1)
 *
 * 15 rounds of 8 cold loads take about 5 minutes at a load average of 7–11 (two other benches
 * running). BENCH_COLD_LINKS_ROUNDS=2 checks the probes in a minute; BENCH_COLD_LINKS_PORT moves
 * the preview server when two checkouts bench at once.
 *
 * A change's paired A/B: BENCH_COLD_LINKS_BASELINE_DIST names another build (the change's parent,
 * built beforehand), served on the next port and opened in the same rounds, each page on one build
 * then the other (in turns); its rows follow, marked "baseline", after a line per page with the
 * median of the pairs' differences and the pairs won. BENCH_COLD_LINKS_PAGES (names,
 * semicolon-separated, as names hold commas: "Compare, DART preset") keeps only those linked
 * pages, the catalog and the static page; it can also name the layout-painted probes, which no
 * default run measures ("dataset page: layout painted", "query builder: layout painted"): a cold
 * link's time until the app's header is on screen.
 */
import { pathToFileURL } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { buildApp } from '../scripts/bundleBudget';
import { COLD_LINKS, LOCATION_NAME, WEEK_HOURS } from './coldLinkUrls';
import {
  catalogListed,
  coldLoad,
  DATASET_COUNT,
  STATIC_CATALOG_PAGE,
  writeStaticCatalog,
  type ContentProbe,
} from './coldPage';
import { formatNumber, judge, median, summarise, type BenchRow } from './harness';
import { assertChromium, BENCH_DIST, CHROMIUM, CHROMIUM_ARGS, startPreview } from './previewServer';

const PORT = Number(process.env.BENCH_COLD_LINKS_PORT ?? 4661);
/** Issue 31: a link's page to its content within twice the catalog's cold load. */
const PAGE_TARGET = 2;
/** Issue 31: the catalog within 1.5× the same links as a static page. */
const CATALOG_TARGET = 1.5;
/** As bench catalog-load: fifteen cold loads keep a median within about ±0.15× between runs. */
const ROUNDS = Number(process.env.BENCH_COLD_LINKS_ROUNDS ?? 15);

interface ColdPage<A = unknown> {
  name: string;
  path: string;
  probe: ContentProbe<A>;
  arg: A;
  /** The content the probe waits for, in words, for the figure's note. */
  content: string;
}

/** `ColdPage` with its probe's argument type checked, stored beside pages of other argument types. */
const page = <A>(p: ColdPage<A>): ColdPage => p as ColdPage;

// Each probe runs in the page and must be one self-contained function (see ContentProbe).

/** Rows of a table (not its "none" line, which is one cell across) in a section labelled by `headingId`. */
const datasetShown: ContentProbe<null> = () => {
  const rows = (headingId: string) =>
    [...document.querySelectorAll(`section[aria-labelledby="${headingId}"] tbody tr`)].filter(
      (r) => (r as HTMLTableRowElement).cells.length > 1,
    ).length;
  return rows('section-columns') > 0 && rows('section-updates') > 0 ? performance.now() : false;
};

const queryRows: ContentProbe<{ total: number; shown: number }> = ({ total, shown }) => {
  const table = document.querySelector('[role="tabpanel"] table[aria-rowcount]');
  if (!table || Number(table.getAttribute('aria-rowcount')) !== total + 1) return false;
  const filled = table.querySelectorAll('tbody tr[aria-rowindex]:not([aria-busy])').length;
  return filled >= shown ? performance.now() : false;
};

/** `data-drawn` is "series:rows", written in the commit that draws the chart. */
const compareDrawn: ContentProbe<number> = (series) => {
  const [n = '0', rows = '0'] = (
    document.querySelector('figure[data-drawn]')?.getAttribute('data-drawn') ?? ''
  ).split(':');
  return Number(n) === series && Number(rows) > 0 ? performance.now() : false;
};

const priceMapShown: ContentProbe<null> = () => {
  const box = document.querySelector<HTMLElement>('[data-testid="price-map-box"]');
  const canvas = document.querySelector('.leaflet-overlay-pane canvas');
  const filled = (caption: string) =>
    [...document.querySelectorAll('table')].some(
      (t) => t.caption?.textContent.startsWith(caption) === true && t.tBodies[0]?.rows.length,
    );
  return Boolean(box?.dataset.shownInterval) && canvas !== null && filled('Highest') && filled('Lowest')
    ? performance.now()
    : false;
};

const locationShown: ContentProbe<string> = (name) => {
  const heading = document.querySelector('h1')?.textContent === name;
  const fields = [...document.querySelectorAll('dt')].some((dt) => dt.textContent === 'Data through');
  // The map's text alternative, written once its layer has drawn the marker.
  const marker = [...document.querySelectorAll('p')].some((p) =>
    p.textContent.startsWith('1 location in view'),
  );
  return heading && fields && marker ? performance.now() : false;
};

const peakReportShown: ContentProbe<number> = (days) => {
  const panel = (id: string) => document.querySelector(`section[aria-labelledby="panel-${id}"]`);
  const peak = (panel('peak')?.querySelectorAll('dl dd').length ?? 0) > 0;
  const curve =
    panel('curve')?.querySelector('path.series-line') &&
    panel('curve')?.querySelector('[data-mark="peak"] circle');
  const rows = [...(panel('peaks')?.querySelectorAll('tbody tr') ?? [])].filter(
    (r) => (r as HTMLTableRowElement).cells.length > 1,
  ).length;
  return peak && curve && rows >= days ? performance.now() : false;
};

/** The virtual table's first screen: rows drawn with their cells, not "Loading rows…" placeholders. */
const FIRST_SCREEN_ROWS = 10;
/** The DART preset: day-ahead, real-time and their spread. */
const DART_SERIES = 3;
/** The daily peaks panel's default range, ending on the report's day. */
const PEAK_DAYS = 30;

const CATALOG: ColdPage = page({
  name: 'catalog',
  path: '/',
  probe: catalogListed,
  arg: DATASET_COUNT,
  content: `${DATASET_COUNT} dataset links visible`,
});
const STATIC: ColdPage = page({ ...CATALOG, name: 'static page', path: `/${STATIC_CATALOG_PAGE}` });

const LINKED: readonly ColdPage[] = [
  page({
    name: 'dataset page',
    path: COLD_LINKS.dataset,
    probe: datasetShown,
    arg: null,
    content: 'the columns table and the recent updates table have rows',
  }),
  page({
    name: 'query builder with results',
    path: COLD_LINKS.query,
    probe: queryRows,
    arg: { total: WEEK_HOURS, shown: FIRST_SCREEN_ROWS },
    content: `HB_NORTH, 7 fixed days hourly: the results table counts ${WEEK_HOURS} rows and draws its first ${FIRST_SCREEN_ROWS} with their cells`,
  }),
  page({
    name: 'Compare, DART preset',
    path: COLD_LINKS.compare,
    probe: compareDrawn,
    arg: DART_SERIES,
    content: `the chart drawn with all ${DART_SERIES} series (data-drawn)`,
  }),
  page({
    name: 'price map',
    path: COLD_LINKS.priceMap,
    probe: priceMapShown,
    arg: null,
    content:
      "markers coloured by the link's interval (data-shown-interval), canvas up, highest and lowest tables filled",
  }),
  page({
    name: 'location page',
    path: COLD_LINKS.location,
    probe: locationShown,
    arg: LOCATION_NAME,
    content: `${LOCATION_NAME}: heading, fields and the map's marker drawn (its text alternative says 1 location in view)`,
  }),
  page({
    name: 'peak report',
    path: COLD_LINKS.peakReport,
    probe: peakReportShown,
    arg: PEAK_DAYS,
    content: `the peak's facts, the load curve with its peak marked, and the daily peaks table's ${PEAK_DAYS} rows`,
  }),
];

/** `#root` visible with the app's header in it: the first screen's layout, from the HTML or the app's render. */
const layoutPainted: ContentProbe<null> = () => {
  const root = document.getElementById('root');
  return root !== null && root.checkVisibility() && root.querySelector('header .brand') !== null
    ? performance.now()
    : false;
};

/** Measured only when BENCH_COLD_LINKS_PAGES names them. */
const ON_REQUEST: readonly ColdPage[] = [
  page({
    name: 'dataset page: layout painted',
    path: COLD_LINKS.dataset,
    probe: layoutPainted,
    arg: null,
    content: "the app's header visible in #root",
  }),
  page({
    name: 'query builder: layout painted',
    path: COLD_LINKS.query,
    probe: layoutPainted,
    arg: null,
    content: "the app's header visible in #root",
  }),
];

const chosen = (process.env.BENCH_COLD_LINKS_PAGES ?? '')
  .split(';')
  .map((n) => n.trim())
  .filter(Boolean);
const MEASURED: readonly ColdPage[] =
  chosen.length === 0 ? LINKED : [...LINKED, ...ON_REQUEST].filter((p) => chosen.includes(p.name));
if (chosen.length > MEASURED.length)
  throw new Error(
    `BENCH_COLD_LINKS_PAGES names no page among: ${[...LINKED, ...ON_REQUEST].map((p) => p.name).join('; ')}`,
  );

const ALL: readonly ColdPage[] = [CATALOG, STATIC, ...MEASURED];
/** A second build opened in the same rounds (the change's parent), or none. */
const BASELINE_DIST = process.env.BENCH_COLD_LINKS_BASELINE_DIST;
const BASELINE = ' (baseline)';

/** `pages` starting at `shift`: round i opens them in this order, so each page follows each other in turn. */
const turned = <T>(pages: readonly T[], shift: number): T[] => {
  const k = shift % pages.length;
  return [...pages.slice(k), ...pages.slice(0, k)];
};

/** Samples by page name; a baseline build's under the name with BASELINE after it. */
async function measure(browser: Browser, url: string, baselineUrl?: string): Promise<Map<string, number[]>> {
  const builds =
    baselineUrl === undefined
      ? [{ url, suffix: '' }]
      : [
          { url, suffix: '' },
          { url: baselineUrl, suffix: BASELINE },
        ];
  const open = (p: ColdPage, at: string) => coldLoad(browser, `${at}${p.path}`, p.probe, p.arg);
  // One unmeasured load of each warms the preview server's file cache, not the browser's.
  for (const build of builds) for (const p of ALL) await open(p, build.url);
  const samples = new Map<string, number[]>();
  for (let round = 0; round < ROUNDS; round++) {
    for (const p of turned(ALL, round)) {
      // Each page on both builds back to back, which goes first turning each round.
      for (const build of turned(builds, round)) {
        const name = p.name + build.suffix;
        samples.set(name, [...(samples.get(name) ?? []), await open(p, build.url)]);
      }
    }
  }
  return samples;
}

/**
 * Each page's loads on the two builds, pair by pair (a round opens a page on both, back to back):
 * the median of the pairs' differences, positive when this build was faster, and how many pairs
 * it won. Medians of each build alone move by ±100 ms between runs here; a pair shares the round's load.
 */
function pairedGains(samples: Map<string, number[]>): string[] {
  return ALL.map((p) => {
    const mine = samples.get(p.name) ?? [];
    const theirs = samples.get(p.name + BASELINE) ?? [];
    const gains = mine.map((ms, i) => (theirs[i] ?? ms) - ms);
    const won = gains.filter((g) => g > 0).length;
    return `paired, ${p.name}: median gain ${formatNumber(median(gains))} ms, faster in ${won} of ${gains.length}`;
  });
}

function rows(samples: Map<string, number[]>, suffix = ''): BenchRow[] {
  const of = (p: ColdPage) => summarise(samples.get(p.name + suffix) ?? []);
  const catalog = of(CATALOG);
  const still = of(STATIC);
  const range = (t: { min: number; max: number }) => `${formatNumber(t.min)}–${formatNumber(t.max)}`;
  const catalogRatio = catalog.median / still.median;
  return [
    {
      figure: `cold links: catalog vs the same links as a static page${suffix}`,
      value: catalog.median,
      unit: 'ms',
      target: `≤ ${CATALOG_TARGET}× the static page`,
      peer: `static page ${formatNumber(still.median)} ms`,
      ratio: catalogRatio,
      verdict: judge(catalogRatio, CATALOG_TARGET),
      note: `medians of ${catalog.runs} cold loads each, in turns with every page below (catalog ${range(catalog)}, static ${range(still)}); ${CATALOG.content}`,
    },
    ...MEASURED.map((p): BenchRow => {
      const t = of(p);
      const ratio = t.median / catalog.median;
      return {
        figure: `cold links: ${p.name} to its content, vs the catalog${suffix}`,
        value: t.median,
        unit: 'ms',
        target: `≤ ${PAGE_TARGET}× the catalog`,
        peer: `catalog ${formatNumber(catalog.median)} ms`,
        ratio,
        verdict: judge(ratio, PAGE_TARGET),
        note: `median of ${t.runs} cold loads (${range(t)}), ${formatNumber(t.median / still.median)}× the static page; ${p.content}; ${p.path}`,
      };
    }),
  ];
}

export async function run({ build = process.env.BENCH_SKIP_BUILD !== '1' } = {}): Promise<BenchRow[]> {
  assertChromium();
  if (build) buildApp(BENCH_DIST);
  writeStaticCatalog(BENCH_DIST);
  const server = await startPreview(BENCH_DIST, PORT);
  let baseline: Awaited<ReturnType<typeof startPreview>> | undefined;
  try {
    if (BASELINE_DIST !== undefined) {
      writeStaticCatalog(BASELINE_DIST);
      baseline = await startPreview(BASELINE_DIST, PORT + 1);
    }
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    try {
      const samples = await measure(browser, server.url, baseline?.url);
      if (baseline === undefined) return rows(samples);
      console.log(pairedGains(samples).join('\n'));
      return [...rows(samples), ...rows(samples, BASELINE)];
    } finally {
      await browser.close();
    }
  } finally {
    await baseline?.stop();
    await server.stop();
  }
}

const entry = process.argv[1];
if (entry !== undefined && import.meta.url === pathToFileURL(entry).href) {
  const { formatTable } = await import('./harness');
  console.log(formatTable(await run()));
}
