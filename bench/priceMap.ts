/**
 * Price map (issue 15), on a production build with the built-in mock in headless Chromium:
 *  - first paint, cold: a new context (no cache, no service worker) per run, from navigation start
 *    until the markers show an interval's colours and the top table is filled;
 *  - a step with a warm cache: ArrowRight on the slider until every marker is recoloured (the
 *    map's `data-shown-interval` changes after the commit, then the next frame has painted);
 *  - playback at 4 steps/s: the longest gap between animation frames over several seconds.
 *
 *   tsx bench/priceMap.ts      (builds into /tmp/bench-dist unless BENCH_SKIP_BUILD=1)
 */
import { pathToFileURL } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { buildApp } from '../scripts/bundleBudget';
import { newContext } from './coldPage';
import { marketDateOf } from '../src/time';
import { formatNumber, judge, summarise, type BenchRow } from './harness';
import { assertChromium, BENCH_DIST, CHROMIUM, CHROMIUM_ARGS, startPreview } from './previewServer';

const PRICE_MAP_PORT = 4611;
const FIRST_PAINT_TARGET_MS = 1500;
const STEP_TARGET_MS = 50;
const FRAME_TARGET_MS = 50;
const COLD_RUNS = 5;
const STEPS = 20;
const PLAY_MS = 6000;

/** Yesterday in market time: a whole day of data whatever the hour. */
function yesterday(): string {
  return marketDateOf(Date.now() - 86_400_000);
}

/** Markers coloured by an interval, the canvas up and the top table filled (runs in the page; CSP forbids eval). */
function ready(): boolean {
  const box = document.querySelector<HTMLElement>('[data-testid="price-map-box"]');
  const canvas = document.querySelector('.leaflet-overlay-pane canvas');
  const rows = document.querySelectorAll('table tbody tr');
  return Boolean(box?.dataset.shownInterval) && canvas !== null && rows.length > 0;
}

async function firstPaint(browser: Browser, url: string): Promise<number> {
  const context = await newContext(browser);
  try {
    const page = await context.newPage();
    await page.goto(`${url}/price-map`, { waitUntil: 'commit' });
    const handle = await page.waitForFunction(
      () => {
        const box = document.querySelector<HTMLElement>('[data-testid="price-map-box"]');
        const canvas = document.querySelector('.leaflet-overlay-pane canvas');
        const rows = document.querySelectorAll('table tbody tr');
        const done = Boolean(box?.dataset.shownInterval) && canvas !== null && rows.length > 0;
        return done ? performance.now() : false;
      },
      undefined,
      { polling: 'raf', timeout: 30_000 },
    );
    return Number(await handle.jsonValue());
  } finally {
    await context.close();
  }
}

async function open(page: Page, url: string): Promise<void> {
  await page.goto(`${url}/price-map?day=${yesterday()}&i=0`);
  await page.waitForFunction(ready, undefined, { timeout: 30_000 });
}

/** Installs the in-page clock: keydown → markers recoloured and painted. */
async function installStepClock(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __steps: number[] };
    w.__steps = [];
    let t0 = 0;
    document.addEventListener('keydown', () => (t0 = performance.now()), true);
    const box = document.querySelector('[data-testid="price-map-box"]');
    if (!box) throw new Error('no map box');
    new MutationObserver(() => {
      const start = t0;
      requestAnimationFrame(() => w.__steps.push(performance.now() - start));
    }).observe(box, { attributes: true, attributeFilter: ['data-shown-interval'] });
  });
}

async function warmSteps(browser: Browser, url: string): Promise<number[]> {
  const context = await newContext(browser);
  try {
    const page = await context.newPage();
    await open(page, url);
    await installStepClock(page);
    await page.getByRole('slider', { name: 'Interval' }).focus();
    for (let i = 0; i < STEPS + 2; i++) {
      // Let the prefetch run ahead, so the next step is in the cache (a warm step).
      await page.waitForTimeout(700);
      await page.keyboard.press('ArrowRight');
      await page.waitForFunction((n) => (window as unknown as { __steps: number[] }).__steps.length > n, i, {
        timeout: 10_000,
      });
    }
    const all = await page.evaluate(() => (window as unknown as { __steps: number[] }).__steps);
    return all.slice(2);
  } finally {
    await context.close();
  }
}

async function playback(browser: Browser, url: string): Promise<{ longest: number; steps: number }> {
  const context = await newContext(browser);
  try {
    const page = await context.newPage();
    await open(page, url);
    await page.waitForTimeout(2000);
    const first = await page.getByRole('slider', { name: 'Interval' }).inputValue();
    await page.evaluate(() => {
      const w = window as unknown as { __frames: number[] };
      w.__frames = [];
      let last = performance.now();
      const loop = (now: number): void => {
        w.__frames.push(now - last);
        last = now;
        requestAnimationFrame(loop);
      };
      requestAnimationFrame(loop);
    });
    await page.getByRole('button', { name: 'Play' }).click();
    await page.waitForTimeout(PLAY_MS);
    await page.getByRole('button', { name: 'Pause' }).click();
    const frames = await page.evaluate(() => (window as unknown as { __frames: number[] }).__frames);
    const lastIndex = await page.getByRole('slider', { name: 'Interval' }).inputValue();
    // The first frame after the loop starts measures nothing.
    return { longest: Math.max(...frames.slice(1)), steps: Number(lastIndex) - Number(first) };
  } finally {
    await context.close();
  }
}

export async function run({ build = process.env.BENCH_SKIP_BUILD !== '1' } = {}): Promise<BenchRow[]> {
  assertChromium();
  if (build) buildApp(BENCH_DIST);
  const server = await startPreview(BENCH_DIST, PRICE_MAP_PORT);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    await firstPaint(browser, server.url); // warms the preview server's file cache
    const cold: number[] = [];
    for (let i = 0; i < COLD_RUNS; i++) cold.push(await firstPaint(browser, server.url));
    const c = summarise(cold);
    const steps = summarise(await warmSteps(browser, server.url));
    const play = await playback(browser, server.url);
    return [
      {
        figure: 'price map: first paint, cold (built-in mock)',
        value: c.median,
        unit: 'ms',
        target: `≤ ${FIRST_PAINT_TARGET_MS} ms`,
        peer: null,
        ratio: null,
        verdict: judge(c.median, FIRST_PAINT_TARGET_MS),
        note: `median of ${c.runs} cold loads, new context each (min ${formatNumber(c.min)}, max ${formatNumber(c.max)}); markers coloured and top table filled`,
      },
      {
        figure: 'price map: slider step, warm cache (all markers recoloured)',
        value: steps.median,
        unit: 'ms',
        target: `≤ ${STEP_TARGET_MS} ms`,
        peer: null,
        ratio: null,
        verdict: judge(steps.median, STEP_TARGET_MS),
        note: `median of ${steps.runs} ArrowRight steps, keydown to the painted frame (min ${formatNumber(steps.min)}, max ${formatNumber(steps.max)})`,
      },
      {
        figure: 'price map: playback at 4 steps/s, longest frame',
        value: play.longest,
        unit: 'ms',
        target: `≤ ${FRAME_TARGET_MS} ms`,
        peer: null,
        ratio: null,
        verdict: judge(play.longest, FRAME_TARGET_MS),
        note: `${formatNumber(PLAY_MS / 1000)} s of playback, ${play.steps} steps shown (${formatNumber(play.steps / (PLAY_MS / 1000))}/s); gaps between animation frames`,
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
