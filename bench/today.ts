/**
 * The grid today (issue 30), on a production build with the built-in mock in headless Chromium:
 *  - `/today` cold, a new context each run, from navigation start until every panel says the time
 *    its data is as of (or, loaded, that the day has none yet: an hourly panel in the day's first
 *    hour) and the fuel mix's stack is drawn; beside it the catalog's cold load (every
 *    dataset link on screen) in the same run, alternating, so machine load hits both alike;
 *  - the main thread's work (CDP TaskDuration) of a refresh that brings one new 5-minute interval:
 *    the page's `Date` is set back to 15 s before the next interval starts and runs at the real
 *    clock's pace, with the browser's own timers (`shiftedClock`), so the refresh comes when it
 *    would on a page left open; the window around the page's request for it, less the same window
 *    with no refresh.
 *
 *   tsx bench/today.ts      (builds into /tmp/bench-dist unless BENCH_SKIP_BUILD=1)
 */
import { pathToFileURL } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { buildApp } from '../scripts/bundleBudget';
import { catalogCold, newContext } from './coldPage';
import { formatNumber, judge, summarise, type BenchRow } from './harness';
import { assertChromium, BENCH_DIST, CHROMIUM, CHROMIUM_ARGS, startPreview } from './previewServer';
import { GRACE_MS } from '@/features/today/refreshSchedule';

/** Another port when two checkouts bench at once. */
const TODAY_PORT = Number(process.env.BENCH_TODAY_PORT ?? 4641);
const RATIO_TARGET = 2;
const REFRESH_TARGET_MS = 16;
const COLD_RUNS = 7;
const REFRESH_RUNS = 6;
/** The refresh's window: from half a second before the page asks for the new interval. */
export const WINDOW_MS = 2000;
const ASK_LEAD_MS = 500;
/** 15:05 CDT on a July afternoon: the interval the first run's refresh brings. */
const NEXT_INTERVAL = Date.UTC(2025, 6, 15, 20, 5);
/** How long before the next interval the page opens: time to settle and an idle window before it. */
const OPEN_LEAD_MS = 15_000;
const PANELS = 6;

/** ms from navigation start until every panel has its data and the fuel mix's stack is drawn. */
async function todayCold(browser: Browser, url: string): Promise<number> {
  const context = await newContext(browser);
  try {
    const page = await context.newPage();
    await page.goto(`${url}/today`, { waitUntil: 'commit' });
    const handle = await page.waitForFunction(
      (panels) => {
        // Settled: anything but "Loading…" ("As of …", the day-ahead prices' "Day-ahead: 24 of 24
        // hours", or in the day's first hour "No hour has ended yet" or "No data yet").
        const asOf = [...document.querySelectorAll('[data-testid$="-as-of"]')].map((p) => p.textContent);
        const settled = asOf.filter((text) => text !== '' && text !== 'Loading…');
        const fuelMix = document.querySelector('[data-testid="fuel-mix-as-of"]')?.textContent ?? '';
        const stack = document.querySelector('path.stack-area') !== null || fuelMix === 'No data yet';
        return settled.length >= panels && stack ? performance.now() : false;
      },
      PANELS,
      { polling: 'raf', timeout: 60_000 },
    );
    return Number(await handle.jsonValue());
  } finally {
    await context.close();
  }
}

/** In the page: every panel says the time its data is as of (the day-ahead prices, how many hours they hold). */
const settled = (panels: number): boolean =>
  [...document.querySelectorAll('[data-testid$="-as-of"]')].filter((p) =>
    /^(As of|Day-ahead:) /.test(p.textContent),
  ).length >= panels;

const fuelAsOf = (page: Page) => page.getByTestId('fuel-mix-as-of').innerText();

/**
 * Before any script of the page: its `Date` reads the real clock plus `offsetMs`; its timers and
 * animation frames are the browser's own. Not Playwright's `clock`, whose fake timers run every
 * timer and frame of the page through its own script: the page is measured as a user's runs
 * (docs/decisions/0029-today.md, fourth pass; in CPU time the two measured alike).
 */
function shiftedClock(offsetMs: number): string {
  return `(() => {
    const RealDate = Date;
    const realNow = RealDate.now.bind(RealDate);
    const offset = ${offsetMs};
    class ShiftedDate extends RealDate {
      constructor(...args) {
        if (args.length === 0) super(realNow() + offset);
        else super(...args);
      }
      static now() {
        return realNow() + offset;
      }
    }
    globalThis.Date = ShiftedDate;
  })();`;
}

/** The page's clock reaches `at` (a time of the page) `inMs` from now: the shift that makes it so. */
const shiftTo = (at: number, inMs: number): number => at - (Date.now() + inMs);

/**
 * `/today` in a new context whose clock reaches the start of an interval (run `run`'s is one
 * interval later than the one before) `OPEN_LEAD_MS` after it opens, every panel's data in and
 * the charts and engine settled. `refreshAt` is when, on this process's clock, the refresh window
 * starts (half a second before the page asks for the new interval). The caller closes the context.
 */
export async function settledToday(browser: Browser, url: string, run: number) {
  const context = await newContext(browser);
  try {
    const interval = NEXT_INTERVAL + run * 5 * 60_000;
    const offset = shiftTo(interval, OPEN_LEAD_MS);
    await context.addInitScript({ content: shiftedClock(offset) });
    const page = await context.newPage();
    await page.goto(`${url}/today`);
    await page.waitForFunction(settled, PANELS, { timeout: 60_000 });
    await page.waitForTimeout(1500);
    const refreshAt = interval - offset + GRACE_MS - ASK_LEAD_MS;
    // An idle window has to fit before the refresh's.
    if (Date.now() + WINDOW_MS > refreshAt - 200)
      throw new Error(
        `/today settled too late to measure a refresh (${refreshAt - Date.now()} ms before it)`,
      );
    return { context, page, refreshAt };
  } catch (error) {
    await context.close();
    throw error;
  }
}

/** Waits (in this process) until the refresh's window starts. */
export async function untilRefresh(refreshAt: number): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, refreshAt - Date.now())));
}

/** The main thread's work while `during` (a window) runs, by one measure or another. */
type WindowCost = (during: () => Promise<void>) => Promise<number>;

/**
 * A settled page's refresh window, less an idle window of the same length before it, both by
 * `cost`. Throws when the new interval did not reach the page within the window, so a refresh that
 * never came is not counted as one that cost nothing.
 */
export async function refreshCost(page: Page, refreshAt: number, cost: WindowCost): Promise<number> {
  const wait = () => page.waitForTimeout(WINDOW_MS);
  const idle = await cost(wait);
  const shown = await fuelAsOf(page);
  // The timers due at the interval's start (fuel mix, load, the minute's PRC, the newest node
  // prices) fire as they would on a page left open.
  await untilRefresh(refreshAt);
  const busy = await cost(wait);
  const now = await fuelAsOf(page);
  if (now === shown) throw new Error(`the refresh did not arrive within the window (${now})`);
  return Math.max(0, busy - idle);
}

/** TaskDuration of refreshes that each bring one new interval, less an idle window of the same length. */
export async function refreshWork(browser: Browser, url: string): Promise<number[]> {
  const out: number[] = [];
  for (let run = 0; run < REFRESH_RUNS; run++) {
    const { context, page, refreshAt } = await settledToday(browser, url, run);
    try {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Performance.enable');
      const taskMs = async () => {
        const { metrics } = await cdp.send('Performance.getMetrics');
        return (metrics.find((m) => m.name === 'TaskDuration')?.value ?? 0) * 1000;
      };
      out.push(
        await refreshCost(page, refreshAt, async (during) => {
          const before = await taskMs();
          await during();
          return (await taskMs()) - before;
        }),
      );
    } finally {
      await context.close();
    }
  }
  return out;
}

export async function run({ build = process.env.BENCH_SKIP_BUILD !== '1' } = {}): Promise<BenchRow[]> {
  assertChromium();
  if (build) buildApp(BENCH_DIST);
  const server = await startPreview(BENCH_DIST, TODAY_PORT);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    // One unmeasured load of each warms the preview server's file cache.
    await todayCold(browser, server.url);
    await catalogCold(browser, `${server.url}/`);
    const today: number[] = [];
    const catalog: number[] = [];
    for (let i = 0; i < COLD_RUNS; i++) {
      today.push(await todayCold(browser, server.url));
      catalog.push(await catalogCold(browser, `${server.url}/`));
    }
    const t = summarise(today);
    const c = summarise(catalog);
    const ratio = t.median / c.median;
    const refresh = summarise(await refreshWork(browser, server.url));
    return [
      {
        figure: 'today: cold, every panel drawn, vs the catalog cold',
        value: t.median,
        unit: 'ms',
        target: `≤ ${RATIO_TARGET}× the catalog`,
        peer: `catalog ${formatNumber(c.median)} ms`,
        ratio,
        verdict: judge(ratio, RATIO_TARGET),
        note: `medians of ${t.runs} cold loads each, alternating (today ${formatNumber(t.min)}–${formatNumber(t.max)}, catalog ${formatNumber(c.min)}–${formatNumber(c.max)}); six panels' "as of" and the fuel-mix stack`,
      },
      {
        figure: 'today: main-thread work of a refresh bringing one 5-minute interval',
        value: refresh.median,
        unit: 'ms',
        target: `≤ ${REFRESH_TARGET_MS} ms`,
        peer: null,
        ratio: null,
        verdict: judge(refresh.median, REFRESH_TARGET_MS),
        note: `median of ${refresh.runs} (max ${formatNumber(refresh.max)}); CDP TaskDuration over ${WINDOW_MS} ms from just before the page asks for the interval (its Date shifted, its timers real), less the same window idle; the demo mock's routing on the page thread included`,
      },
    ];
  } finally {
    await browser.close();
    await server.stop();
  }
}

const entry = process.argv[1];
if (entry !== undefined && import.meta.url === pathToFileURL(entry).href) {
  const { formatTable } = await import('./harness');
  console.log(formatTable(await run()));
}
