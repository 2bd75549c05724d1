/**
 * Browser figures for the chart: our TimeSeriesChart (SVG after min/max decimation) and
 * uPlot 1.6 (every point on canvas), each on its own page with the same 200,000-point series at
 * 800 × 360 px, in one Chromium. Figures: time from data to the line painted, and whether every
 * point above the 99.9th percentile still reaches its height in what is drawn.
 * `tsx bench/chartPoints.ts` prints them alone.
 */
import { pathToFileURL } from 'node:url';
import { formatNumber, formatTable, judge, median, type BenchRow } from './harness';
import { buildBenchPages, launchChromium, serveDir } from './pages/browserKit';
import { openBenchPage, renderPair } from './pages/driver';

/** Issue 16: a ratio to uPlot measured side by side, which holds on any machine. */
const RATIO_LIMIT = 1.25;

export async function run(): Promise<BenchRow[]> {
  const dir = buildBenchPages();
  const server = await serveDir(dir, false);
  const browser = await launchChromium();
  try {
    const ours = await openBenchPage(browser, server.url, 'chart');
    const peer = await openBenchPage(browser, server.url, 'uplot');
    const [oursMs, peerMs] = await renderPair(ours, peer, { warmup: 3, runs: 11 });
    await ours.render();
    const spikes = await ours.spikes();
    await peer.render();
    const peerSpikes = await peer.spikes();
    await ours.close();
    await peer.close();

    const value = median(oursMs);
    const peerValue = median(peerMs);
    const ratio = value / peerValue;
    const allVisible = spikes.spikes > 0 && spikes.visible === spikes.spikes;
    const drawnAll = spikes.pathVertices === spikes.drawnPoints;
    const list = (xs: number[]) => xs.map((x) => formatNumber(x)).join(', ');
    return [
      {
        figure: 'chart: 200,000 points, data to line painted',
        value,
        unit: 'ms',
        target: `≤ ${RATIO_LIMIT}× uPlot`,
        peer: `uPlot 1.6: ${formatNumber(peerValue)} ms`,
        ratio,
        verdict: judge(ratio, RATIO_LIMIT),
        note: `median of ${oursMs.length} cold mounts each (to the end of the rendering of the first frame with the line in the DOM / drawn); ours ${list(oursMs)}, min ${formatNumber(Math.min(...oursMs))}; uPlot ${list(peerMs)}, min ${formatNumber(Math.min(...peerMs))}`,
      },
      {
        figure: 'chart: spikes above p99.9 visible after decimation',
        value: spikes.visible,
        unit: `of ${spikes.spikes}`,
        target: 'all',
        peer: `uPlot 1.6: ${peerSpikes.visible} of ${peerSpikes.spikes}`,
        ratio: spikes.spikes === 0 ? null : spikes.visible / spikes.spikes,
        verdict: allVisible && drawnAll ? 'pass' : 'short',
        note: `${spikes.drawnPoints} points drawn of 200,000; the rendered line has ${spikes.pathVertices ?? '?'} vertices; a spike counts as visible when a drawn point at least as high lies within its pixel column`,
      },
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
