/**
 * `tsx bench/profile.ts`: a CPU profile of figure 3 (one location, one year of 5-minute LMP,
 * hourly means) taken in process with the V8 inspector, printed as the functions that hold the
 * most self time. Use it to see where the engine spends a slow figure before changing it.
 */
import { Session } from 'node:inspector/promises';
import { getDataset } from '@/mock/data/catalog';
import { runQuery } from '@/mock/engine/runQuery';
import { formatNumber } from './harness';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
  hitCount?: number;
}

interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
}

const def = getDataset('ercot_lmp_by_settlement_point');
if (!def) throw new Error('no LMP dataset');
const params =
  'filter_column=location&filter_value=HB_NORTH&start_time=2024-01-01T00:00:00Z&end_time=2025-01-01T00:00:00Z' +
  '&resample_frequency=1h&resample_function=mean&page_size=50000';
const now = Date.UTC(2025, 5, 15, 12);
const RUNS = 10;

for (let i = 0; i < 3; i++) runQuery(def, params, now);

const session = new Session();
session.connect();
await session.post('Profiler.enable');
await session.post('Profiler.setSamplingInterval', { interval: 100 });
await session.post('Profiler.start');
for (let i = 0; i < RUNS; i++) runQuery(def, params, now);
const { profile } = (await session.post('Profiler.stop')) as unknown as { profile: Profile };
session.disconnect();

const totalHits = profile.nodes.reduce((n, node) => n + (node.hitCount ?? 0), 0);
const perRunMs = (profile.endTime - profile.startTime) / 1000 / RUNS;
const bySite = new Map<string, number>();
for (const node of profile.nodes) {
  const { functionName, url } = node.callFrame;
  // tsx's transpiled modules report line 1 for everything, so a function is named by its file.
  const file = url.replace(/^.*\/(src|node_modules)\//, '$1/');
  const site = `${functionName || '(anonymous)'}  ${file}`;
  bySite.set(site, (bySite.get(site) ?? 0) + (node.hitCount ?? 0));
}
const top = [...bySite.entries()].sort((a, b) => b[1] - a[1]).slice(0, 25);
console.log(`figure 3 under the profiler: ${formatNumber(perRunMs)} ms per run, ${totalHits} samples`);
console.log('self %   ms/run  function  file');
for (const [site, hits] of top) {
  const share = hits / totalHits;
  console.log(
    `${(share * 100).toFixed(1).padStart(6)}  ${formatNumber(share * perRunMs).padStart(7)}  ${site}`,
  );
}
