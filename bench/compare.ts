/**
 * Compare workspace (issue 14), on a production build with the built-in mock in headless Chromium:
 *  - six series of a year of hourly data (two of them 5-minute data resampled by the API) and two
 *    derived from them: from the last series' answer (a user-timing mark) to the chart drawn with
 *    all eight lines, their statistics in the same commit, measured at the next animation frame;
 *  - a year of 5-minute load as the hour-of-day × date heatmap: from the answer to the canvas
 *    painted;
 *  - in Node, the statistics of the six series, a correlation and two event searches.
 *
 *   tsx bench/compare.ts      (builds into /tmp/bench-dist unless BENCH_SKIP_BUILD=1)
 */
import { pathToFileURL } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { buildApp } from '../scripts/bundleBudget';
import { marketDateOf } from '../src/time';
import { findEvents, parseCondition } from '../src/features/compare/events';
import { buildGrid } from '../src/features/compare/grid';
import { correlation, seriesStats } from '../src/features/compare/stats';
import { compareHref, dataSeries } from '../src/compare/compareWorkspace';
import { newContext } from './coldPage';
import { formatNumber, judge, summarise, type BenchRow } from './harness';
import { assertChromium, BENCH_DIST, CHROMIUM, CHROMIUM_ARGS, startPreview } from './previewServer';

const COMPARE_PORT = 4641;
const DRAWN_TARGET_MS = 300;
const STATS_TARGET_MS = 50;
const HEATMAP_TARGET_MS = 200;
const RUNS = 3;

const marketDate = marketDateOf;
const DAY = 86_400_000;
/** The last 365 complete market days. */
const range = () => ({ from: marketDate(Date.now() - 365 * DAY), to: marketDate(Date.now() - DAY) });
const at = (location: string) => ({ filterColumn: 'location', filterValue: location });

const SIX_SERIES = () =>
  compareHref({
    ...range(),
    grid: '1h',
    A: dataSeries('A', 'ercot_spp_day_ahead_hourly', 'spp', at('HB_HOUSTON')),
    B: dataSeries('B', 'ercot_spp_day_ahead_hourly', 'spp', at('HB_NORTH')),
    C: dataSeries('C', 'ercot_spp_day_ahead_hourly', 'spp', at('HB_WEST')),
    D: dataSeries('D', 'ercot_load', 'load'),
    E: dataSeries('E', 'ercot_fuel_mix', 'wind'),
    F: dataSeries('F', 'ercot_load_by_weather_zone', 'coast'),
    G: { kind: 'expr', key: 'G', expr: 'A - B' },
    H: { kind: 'expr', key: 'H', expr: 'D - E' },
  });

const HEATMAP = () =>
  compareHref({ ...range(), grid: '5min', view: 'heatmap', A: dataSeries('A', 'ercot_load', 'load') });

async function newPage(browser: Browser) {
  const context = await newContext(browser, { width: 1280, height: 1000 });
  return { context, page: await context.newPage() };
}

/** From the last series' arrival to the frame after `selector` matched (polled every frame). */
async function sinceArrival(browser: Browser, url: string, selector: string): Promise<number> {
  const { context, page } = await newPage(browser);
  try {
    await page.goto(url);
    const handle = await page.waitForFunction(
      (sel) => (document.querySelector(sel) ? performance.now() : false),
      selector,
      { polling: 'raf', timeout: 120_000 },
    );
    const done = Number(await handle.jsonValue());
    const arrived = await page.evaluate(() =>
      Math.max(...performance.getEntriesByName('compare:series-arrived').map((e) => e.startTime)),
    );
    return done - arrived;
  } finally {
    await context.close();
  }
}

/** The statistics and events of six hourly series of a year, in Node: median of 20 runs. */
function statsAndEvents(): { ms: number; events: number } {
  const grid = buildGrid('2025-01-01', '2025-12-31', '1h', 'US/Central');
  const n = grid.times.length;
  let seed = 7;
  const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
  const series = ['A', 'B', 'C', 'D', 'E', 'F'].map((k, s) => {
    let v = 30 + s;
    return [
      k,
      Float64Array.from(
        { length: n },
        () => (v += random() - 0.5 + (random() < 0.002 ? 500 : 0) * (random() - 0.5)),
      ),
    ] as const;
  });
  const map = new Map(series);
  const above = parseCondition('A > 40');
  const crossing = parseCondition('A > B');
  const times: number[] = [];
  let events = 0;
  for (let run = 0; run < 22; run++) {
    const t0 = performance.now();
    for (const [, values] of series) seriesStats(values, grid, 'MW');
    correlation(map.get('A') ?? new Float64Array(), map.get('B') ?? new Float64Array());
    events = findEvents(above, map, grid).length + findEvents(crossing, map, grid).length;
    times.push(performance.now() - t0);
  }
  return { ms: summarise(times.slice(2)).median, events };
}

export async function run({ build = process.env.BENCH_SKIP_BUILD !== '1' } = {}): Promise<BenchRow[]> {
  assertChromium();
  if (build) buildApp(BENCH_DIST);
  const server = await startPreview(BENCH_DIST, COMPARE_PORT);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    const drawn: number[] = [];
    const painted: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      drawn.push(await sinceArrival(browser, `${server.url}${SIX_SERIES()}`, 'figure[data-drawn^="8:"]'));
      painted.push(await sinceArrival(browser, `${server.url}${HEATMAP()}`, 'canvas[data-painted]'));
    }
    const d = summarise(drawn);
    const h = summarise(painted);
    const stats = statsAndEvents();
    return [
      {
        figure: 'compare: 6 series × 1 year hourly + 2 derived, data to chart drawn',
        value: d.median,
        unit: 'ms',
        target: `≤ ${DRAWN_TARGET_MS} ms`,
        peer: null,
        ratio: null,
        verdict: judge(d.median, DRAWN_TARGET_MS),
        note: `median of ${d.runs} cold loads (min ${formatNumber(d.min)}, max ${formatNumber(d.max)}); from the last series' answer to the frame after the chart holds all 8 lines, statistics and events in the same commit`,
      },
      {
        figure: 'compare: statistics + correlation + 2 event searches, 6 series × 8,760 h',
        value: stats.ms,
        unit: 'ms',
        target: `≤ ${STATS_TARGET_MS} ms`,
        peer: null,
        ratio: null,
        verdict: judge(stats.ms, STATS_TARGET_MS),
        note: `median of 20 runs in Node (main thread); ${stats.events} events found`,
      },
      {
        figure: 'compare: heatmap of 1 year of 5-minute load, data to canvas painted',
        value: h.median,
        unit: 'ms',
        target: `≤ ${HEATMAP_TARGET_MS} ms`,
        peer: null,
        ratio: null,
        verdict: judge(h.median, HEATMAP_TARGET_MS),
        note: `median of ${h.runs} cold loads (min ${formatNumber(h.min)}, max ${formatNumber(h.max)}); 105,120 cells, with the statistics of the series in the same commit`,
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
