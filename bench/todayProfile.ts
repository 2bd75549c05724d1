/**
 * `tsx bench/todayProfile.ts`: where the main thread spends the refresh that `bench/today.ts`
 * measures (one new 5-minute interval), as a CPU profile of the same window, aggregated by
 * self time per function and by the bundle file it came from. Build with `--minify false` (and
 * `--sourcemap`) for readable names; BENCH_DIST picks the build, PROFILE_RUNS the number of windows.
 */
import { writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { formatNumber } from './harness';
import { assertChromium, BENCH_DIST, CHROMIUM, CHROMIUM_ARGS, startPreview } from './previewServer';
import { settledToday, untilRefresh, WINDOW_MS } from './today';

const PORT = Number(process.env.BENCH_TODAY_PORT ?? 4641);
const RUNS = Number(process.env.PROFILE_RUNS ?? 3);

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples?: number[];
  timeDeltas?: number[];
}

export async function profileRefresh(): Promise<void> {
  assertChromium();
  const server = await startPreview(BENCH_DIST, PORT);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  const bySite = new Map<string, number>();
  const byFile = new Map<string, number>();
  let total = 0;
  try {
    for (let run = 0; run < RUNS; run++) {
      const { context, page, refreshAt } = await settledToday(browser, server.url, run);
      const cdp = await context.newCDPSession(page);
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
      // The refresh's window only, as `bench/today.ts` measures it: not the wait before it.
      await untilRefresh(refreshAt);
      await cdp.send('Profiler.start');
      await page.waitForTimeout(WINDOW_MS);
      const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
      if (process.env.PROFILE_SAVE)
        writeFileSync(`${process.env.PROFILE_SAVE}-${run}.cpuprofile`, JSON.stringify(profile));
      // Sample time per node from timeDeltas (hitCount × interval overstates under load).
      const ms = new Map<number, number>();
      const samples = profile.samples ?? [];
      const deltas = profile.timeDeltas ?? [];
      for (let i = 0; i < samples.length; i++) {
        const id = samples[i] as number;
        ms.set(id, (ms.get(id) ?? 0) + (deltas[i + 1] ?? 0) / 1000);
      }
      for (const node of profile.nodes) {
        const t = ms.get(node.id) ?? 0;
        const { functionName, url, lineNumber } = node.callFrame;
        if (functionName === '(idle)' || functionName === '(program)' || functionName === '(root)') continue;
        total += t;
        const file = url.replace(/^.*\/assets\//, '').replace(/^https?:\/\/[^/]+\//, '') || '(native)';
        const site = `${functionName || '(anonymous)'}  ${file}:${lineNumber + 1}`;
        bySite.set(site, (bySite.get(site) ?? 0) + t);
        byFile.set(file, (byFile.get(file) ?? 0) + t);
      }
      await context.close();
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  console.log(`JS self time in the refresh window: ${formatNumber(total / RUNS)} ms per run`);
  console.log('by file (ms/run):');
  for (const [file, t] of [...byFile].sort((a, b) => b[1] - a[1]).slice(0, 15))
    console.log(`${formatNumber(t / RUNS).padStart(8)}  ${file}`);
  console.log('by function (ms/run):');
  for (const [site, t] of [...bySite].sort((a, b) => b[1] - a[1]).slice(0, 40))
    console.log(`${formatNumber(t / RUNS).padStart(8)}  ${site}`);
}

const entry = process.argv[1];
if (entry !== undefined && import.meta.url === pathToFileURL(entry).href) await profileRefresh();
