/**
 * `tsx bench/todayAB.ts <distA> <distB> [rounds]`: the refresh figure of `bench/today.ts` for two
 * builds, alternating in one session (A, B, A, B…), so machine load hits both alike. Prints each
 * round's median and the load average beside it.
 */
import { loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { formatNumber, summarise } from './harness';
import { assertChromium, CHROMIUM, CHROMIUM_ARGS, startPreview } from './previewServer';
import { refreshCost, refreshWork, settledToday } from './today';

const PORT = Number(process.env.BENCH_TODAY_PORT ?? 4641);

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

/** Thread (CPU) time of the renderer main thread's tasks in a trace, ms: not the time it waited for a core. */
function mainThreadCpuMs(events: readonly TraceEvent[]): number {
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  if (main === undefined) return Number.NaN;
  return (
    events
      .filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.name === 'RunTask')
      .reduce((sum, e) => sum + (e.tdur ?? 0), 0) / 1000
  );
}

async function tracedCpu(browser: Browser, page: Page, during: () => Promise<void>): Promise<number> {
  await browser.startTracing(page, { categories: ['toplevel', 'disabled-by-default-devtools.timeline'] });
  await during();
  const buffer = await browser.stopTracing();
  const { traceEvents } = JSON.parse(buffer.toString()) as { traceEvents: TraceEvent[] };
  return mainThreadCpuMs(traceEvents);
}

/**
 * The refresh of `refreshWork` measured as the main thread's CPU time (trace events' thread
 * time) rather than TaskDuration, which counts the time a task waited for a core: on a loaded
 * machine the wall figure swings with the load, this one much less.
 */
export async function refreshCpu(browser: Browser, url: string, runs = 6): Promise<number[]> {
  const out: number[] = [];
  for (let run = 0; run < runs; run++) {
    const { context, page, refreshAt } = await settledToday(browser, url, run);
    try {
      out.push(await refreshCost(page, refreshAt, (during) => tracedCpu(browser, page, during)));
    } finally {
      await context.close();
    }
  }
  return out;
}

export async function compareRefresh(dists: readonly string[], rounds: number): Promise<void> {
  assertChromium();
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  const all = new Map<string, number[]>(dists.map((d) => [d, []]));
  try {
    for (let round = 0; round < rounds; round++) {
      for (const [i, dist] of dists.entries()) {
        const server = await startPreview(dist, PORT + i);
        try {
          const runs =
            process.env.AB_CPU === '1'
              ? await refreshCpu(browser, server.url)
              : await refreshWork(browser, server.url);
          all.get(dist)?.push(...runs);
          const s = summarise(runs);
          const load = loadavg()
            .map((l) => l.toFixed(1))
            .join(' ');
          console.log(
            `round ${round + 1} ${dist}: median ${formatNumber(s.median)} ms (${runs.map((r) => Math.round(r)).join(', ')}), load ${load}`,
          );
        } finally {
          await server.stop();
        }
      }
    }
  } finally {
    await browser.close();
  }
  for (const [dist, runs] of all) {
    const s = summarise(runs);
    console.log(
      `${dist}: median ${formatNumber(s.median)} ms of ${s.runs} (${formatNumber(s.min)}–${formatNumber(s.max)})`,
    );
  }
}

const entry = process.argv[1];
if (entry !== undefined && import.meta.url === pathToFileURL(entry).href) {
  const [a, b, rounds = '2'] = process.argv.slice(2);
  if (a === undefined || b === undefined)
    throw new Error('usage: tsx bench/todayAB.ts <distA> <distB> [rounds]');
  await compareRefresh([a, b], Number(rounds));
}
