/**
 * Browser figures for the results table: our VirtualTable and AG Grid Community, each on its own
 * page with the same 100,000 rows, 480 px of scroll body and 32 px rows, in one Chromium.
 * Figures: time from data to the first rows painted, main-thread work per frame while scrolling
 * to the end (p95 of the median of three passes each), and rows in the DOM. Then the app's
 * ResultsTable alone over a million rows in 50,000-row cursor pages: the JS heap once scrolled to
 * the end and back, and the longest main-thread task while a page arrives. `tsx bench/tableGrid.ts` prints them alone.
 */
import { pathToFileURL } from 'node:url';
import { formatNumber, formatTable, judge, median, type BenchRow, type Verdict } from './harness';
import { buildBenchPages, launchChromium, percentile, serveDir } from './pages/browserKit';
import { openBenchPage, renderPair } from './pages/driver';
import { WHEEL_STEP, type FarScrollResult, type ScrollKind, type ScrollResult } from './pages/pageBench';

const RENDER_LIMIT_MS = 100;
const FRAME_LIMIT_MS = 16;
const DOM_ROWS_LIMIT = 100;
const RATIO_LIMIT = 1.0;
/** Issue 16: the frame figures at most half AG Grid's, besides the 16 ms of a 60 Hz frame. */
const FRAME_RATIO_LIMIT = 0.5;
const HEAP_LIMIT_MB = 150;
const LONG_TASK_LIMIT_MS = 100;

/** Passes only when the figure meets its absolute limit and its ratio to the peer. */
function both(value: number, limit: number, ratio: number): Verdict {
  return value <= limit && judge(ratio, RATIO_LIMIT) === 'pass' ? 'pass' : 'short';
}

const SCROLL_PASSES = 3;
const SCROLL_KINDS: readonly ScrollKind[] = ['jump', 'wheel'];
const SCROLL_LABELS: Record<ScrollKind, string> = {
  jump: 'jump scroll through 100,000 rows to the end',
  wheel: `wheel scroll, ${WHEEL_STEP} px a frame`,
};

interface Passes {
  ours: ScrollResult[];
  grid: ScrollResult[];
}
/** A quiet pause before each pass, so the previous page's teardown is not measured. */
const SETTLE_MS = 1_000;

const p95 = (s: ScrollResult): number => percentile(s.frameWork, 0.95);

/** The pass whose p95 frame is the median of the passes. */
function medianPass(passes: readonly ScrollResult[]): ScrollResult {
  const sorted = [...passes].sort((a, b) => p95(a) - p95(b));
  const middle = sorted[Math.floor(sorted.length / 2)];
  if (!middle) throw new Error('no scroll passes');
  return middle;
}

function scrollNote(s: ScrollResult): string {
  const dropped = s.frameIntervals.filter((ms) => ms > 20).length;
  return (
    `${s.frameWork.length} frames of +${s.scrollStep} px, p50 ${formatNumber(percentile(s.frameWork, 0.5))} ms, ` +
    `max ${formatNumber(Math.max(...s.frameWork))} ms, ${dropped} frame gaps > 20 ms, last row ${s.lastRowText}`
  );
}

/** Issue 30: a month of one resource type of the 30-column disclosure at the table's frame target. */
async function wideScrolls(
  browser: Awaited<ReturnType<typeof launchChromium>>,
  url: string,
): Promise<Record<ScrollKind, ScrollResult>> {
  const scrolls = {} as Record<ScrollKind, ScrollResult>;
  for (const kind of SCROLL_KINDS) {
    const passes: ScrollResult[] = [];
    for (let i = 0; i < SCROLL_PASSES; i++) {
      await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
      const h = await openBenchPage(browser, url, 'wide');
      try {
        await h.render();
        passes.push(await h.scroll(kind));
      } finally {
        await h.close();
      }
    }
    scrolls[kind] = medianPass(passes);
  }
  return scrolls;
}

export async function run(): Promise<BenchRow[]> {
  const dir = buildBenchPages();
  const server = await serveDir(dir, false);
  const browser = await launchChromium();
  try {
    const ours = await openBenchPage(browser, server.url, 'table');
    const grid = await openBenchPage(browser, server.url, 'grid');
    const [oursMs, gridMs] = await renderPair(ours, grid, { warmup: 2, runs: 7 });

    await ours.close();
    await grid.close();
    // Each kind of scroll three times per contender, in turns (ours, AG Grid, AG Grid, ours, …),
    // each pass in a page of its own as when a user opens a result: the p95 of one pass swings
    // with what else the two cores do (and a page that has mounted and dropped 100,000 rows nine
    // times is not what users scroll), so the figure is the median pass.
    const scrolls = {} as Record<ScrollKind, { ours: ScrollResult; grid: ScrollResult; passes: Passes }>;
    for (const kind of SCROLL_KINDS) {
      const passes: Passes = { ours: [], grid: [] };
      const pass = async (name: 'table' | 'grid', into: ScrollResult[]) => {
        await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
        const h = await openBenchPage(browser, server.url, name);
        try {
          await h.render();
          into.push(await h.scroll(kind));
        } finally {
          await h.close();
        }
      };
      for (let i = 0; i < SCROLL_PASSES; i++) {
        if (i % 2 === 0) {
          await pass('table', passes.ours);
          await pass('grid', passes.grid);
        } else {
          await pass('grid', passes.grid);
          await pass('table', passes.ours);
        }
      }
      if (kind === 'jump') {
        for (const s of passes.ours)
          if (s.lastRowText !== '100000') throw new Error(`our table ended at row ${s.lastRowText}`);
        for (const s of passes.grid)
          if (s.lastRowText !== '100000') throw new Error(`AG Grid ended at row ${s.lastRowText}`);
      }
      scrolls[kind] = { ours: medianPass(passes.ours), grid: medianPass(passes.grid), passes };
    }

    // A million rows by cursor, in a page of its own; the heap is read after a full collection.
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    const farPage = await openBenchPage(browser, server.url, 'table');
    let far: FarScrollResult;
    let heapMb: number;
    try {
      far = await farPage.far();
      const cdp = await farPage.page.context().newCDPSession(farPage.page);
      await cdp.send('HeapProfiler.collectGarbage');
      const { usedSize } = await cdp.send('Runtime.getHeapUsage');
      heapMb = usedSize / 1024 / 1024;
    } finally {
      await farPage.close();
    }
    if (far.rows !== 1_000_000) throw new Error(`the far scroll ended at ${far.rows} rows`);
    if (!far.sameAfterRefetch) throw new Error('a dropped page came back with other cells');

    const wide = await wideScrolls(browser, server.url);

    const render = { ours: median(oursMs), peer: median(gridMs) };
    const jump = scrolls.jump;
    const rows = {
      ours: Math.max(...jump.passes.ours.map((s) => s.maxDomRows)),
      peer: Math.max(...jump.passes.grid.map((s) => s.maxDomRows)),
    };
    const passList = (list: readonly ScrollResult[]) => list.map((s) => formatNumber(p95(s))).join(', ');
    const ratio = (f: { ours: number; peer: number }) => f.ours / f.peer;
    return [
      {
        figure: 'table: 100,000 rows, data to first rows painted',
        value: render.ours,
        unit: 'ms',
        target: `≤ ${RENDER_LIMIT_MS} ms, ≤ ${RATIO_LIMIT}× AG Grid`,
        peer: `AG Grid 36: ${formatNumber(render.peer)} ms`,
        ratio: ratio(render),
        verdict: both(render.ours, RENDER_LIMIT_MS, ratio(render)),
        note: `median of ${oursMs.length} cold mounts each (to the end of the rendering of the first frame with the first row in the DOM); ours ${oursMs.map((x) => formatNumber(x)).join(', ')}; AG Grid ${gridMs.map((x) => formatNumber(x)).join(', ')}`,
      },
      ...SCROLL_KINDS.map((kind): BenchRow => {
        const { ours, grid, passes } = scrolls[kind];
        const frame = { ours: p95(ours), peer: p95(grid) };
        return {
          figure: `table: p95 frame work, ${SCROLL_LABELS[kind]}`,
          value: frame.ours,
          unit: 'ms',
          target: `≤ ${FRAME_LIMIT_MS} ms, ≤ ${FRAME_RATIO_LIMIT}× AG Grid`,
          peer: `AG Grid 36: ${formatNumber(frame.peer)} ms`,
          ratio: ratio(frame),
          verdict: frame.ours <= FRAME_LIMIT_MS && ratio(frame) <= FRAME_RATIO_LIMIT ? 'pass' : 'short',
          note: `main thread from the scroll event to the end of rendering; median of ${SCROLL_PASSES} passes each, each in a fresh page (p95 ours ${passList(passes.ours)}; AG Grid ${passList(passes.grid)}); median pass ours: ${scrollNote(ours)}; AG Grid: ${scrollNote(grid)}`,
        };
      }),
      {
        figure: 'table: DOM rows, most at any frame while scrolling',
        value: rows.ours,
        unit: 'rows',
        target: `≤ ${DOM_ROWS_LIMIT}, ≤ ${RATIO_LIMIT}× AG Grid`,
        peer: `AG Grid 36: ${rows.peer}`,
        ratio: ratio(rows),
        verdict: both(rows.ours, DOM_ROWS_LIMIT, ratio(rows)),
        note: `tr and [role=row] elements, header and spacer rows included, scrolling to the end; at the end: ours ${jump.ours.endDomRows}, AG Grid ${jump.grid.endDomRows}`,
      },
      {
        figure: 'results table: JS heap after scrolling 1,000,000 rows',
        value: heapMb,
        unit: 'MB',
        target: `≤ ${HEAP_LIMIT_MB} MB`,
        peer: 'rows as objects: 196 MB at 700,000 rows (issue 10)',
        ratio: null,
        verdict: heapMb <= HEAP_LIMIT_MB ? 'pass' : 'short',
        note: `the page's main heap after a forced GC, ResultsTable scrolled to row 1,000,000 in ${far.pages} cursor pages of 50,000 LMP rows and back to page 2 (fetched again by its cursor, same cells); ${far.heldPages} pages held at the end`,
      },
      {
        figure: 'results table: longest task while a 50,000-row page arrives',
        value: Math.max(far.longestTaskMs, Math.min(far.longestGapMs, 50)),
        unit: 'ms',
        target: `≤ ${LONG_TASK_LIMIT_MS} ms`,
        peer: 'rows as objects: ~1 s a page (issue 10)',
        ratio: null,
        verdict:
          Math.max(far.longestTaskMs, Math.min(far.longestGapMs, 50)) <= LONG_TASK_LIMIT_MS
            ? 'pass'
            : 'short',
        note: `${far.arrivals} arrivals, each from the scroll that asks for the page to its rows drawn (JSON made by a fake server worker, decoded by the app's decoder worker); Long Tasks API max ${formatNumber(far.longestTaskMs)} ms (0 = none over 50 ms); longest gap of a 0-ms timer ${formatNumber(far.longestGapMs)} ms`,
      },
      ...SCROLL_KINDS.map((kind): BenchRow => ({
        figure: `table: p95 frame work, a month of NUC in the 30-column disclosure, ${SCROLL_LABELS[kind].replace('100,000 rows', '34,560 rows')}`,
        value: p95(wide[kind]),
        unit: 'ms',
        target: `≤ ${FRAME_LIMIT_MS} ms`,
        peer: null,
        ratio: null,
        verdict: p95(wide[kind]) <= FRAME_LIMIT_MS ? 'pass' : 'short',
        note: `median of ${SCROLL_PASSES} passes; ${scrollNote(wide[kind])}`,
      })),
    ];
  } finally {
    await browser.close();
    await server.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const rows = await run();
  console.log(formatTable(rows));
  for (const r of rows) if (r.note) console.log(`- ${r.figure}: ${r.note}`);
}
