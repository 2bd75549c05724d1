/**
 * What the app's same-origin proxy (scripts/upstreamProxy.ts) costs over calling the server
 * directly, measured side by side in one run, each party in its own process as in use: the HTTP
 * mock (`npm run api`), the app's server (`vite preview` with `GRIDSCOPE_UPSTREAM` naming the
 * mock) and this client, which sends the same requests to the mock and through the app's server
 * in turns.
 * Figures: a 500-row JSON page (median of 40) against the same page through a raw TCP relay
 * (bench/tcpRelay.ts), one more loopback hop with no HTTP at all, which is the least any proxy in
 * its own process can add (issue 31: ≤ 1.15× the relay; the earlier ≤ 1.1× direct sat on the
 * floor of the hop itself), and the same pair again once the servers have answered a hundred more
 * (the steady state, for information); and a whole CSV export walked by cursor in pages of 10,000 rows
 * against the mock directly (median of 5, ≤ 1.1×). `tsx bench/proxyOverhead.ts` prints them alone.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from '../scripts/bundleBudget';
import { formatNumber, formatTable, judge, measurePair, type BenchRow } from './harness';
import { HOST, startPreview, stopChild, waitUntilAnswering } from './previewServer';

/** `BENCH_PROXY_*_PORT` move them, so two checkouts can run the bench at once. */
const MOCK_PORT = Number(process.env.BENCH_PROXY_MOCK_PORT ?? 4710);
const APP_PORT = Number(process.env.BENCH_PROXY_APP_PORT ?? 4711);
const RELAY_PORT = Number(process.env.BENCH_PROXY_RELAY_PORT ?? 4712);

const KEY = 'test-key';
/** Issue 31: the proxy's page against the raw relay's, both one hop more than direct. */
const PAGE_LIMIT = 1.15;
const EXPORT_LIMIT = 1.1;
/** Pairs the servers answer before the steady-state figure is taken. */
const WARM_AFTER = 100;

/** One location's 5-minute LMPs over a fixed month: 8,928 rows, the same on any day the bench runs. */
const PAGE_QUERY = new URLSearchParams({
  start_time: '2025-06-01T00:00:00Z',
  end_time: '2025-07-01T00:00:00Z',
  filter_column: 'location',
  filter_value: 'HB_NORTH',
  page_size: '500',
});
/** Ten hubs and zones over a fixed month: 89,280 rows in nine CSV pages. */
const EXPORT_QUERY = new URLSearchParams({
  start_time: '2025-06-01T00:00:00Z',
  end_time: '2025-07-01T00:00:00Z',
  filter_column: 'location',
  filter_operator: 'in',
  filter_value: 'HB_BUSAVG,HB_HOUSTON,HB_HUBAVG,HB_NORTH,HB_PAN,HB_SOUTH,HB_WEST,LZ_AEN,LZ_CPS,LZ_HOUSTON',
  return_format: 'csv',
  page_size: '10000',
});
const PATH = '/v1/datasets/ercot_lmp_by_settlement_point/query';

async function getPage(base: string): Promise<number> {
  const response = await fetch(`${base}${PATH}?${PAGE_QUERY}`, { headers: { 'x-api-key': KEY } });
  const body = (await response.json()) as { data: unknown[] };
  if (!response.ok || body.data.length !== 500) throw new Error(`page: ${response.status}`);
  return body.data.length;
}

async function exportAll(base: string): Promise<number> {
  let cursor = '';
  let bytes = 0;
  for (;;) {
    const query = new URLSearchParams(EXPORT_QUERY);
    query.set('cursor', cursor);
    const response = await fetch(`${base}${PATH}?${query}`, { headers: { 'x-api-key': KEY } });
    if (!response.ok) throw new Error(`export page: ${response.status}`);
    bytes += (await response.arrayBuffer()).byteLength;
    cursor = response.headers.get('x-cursor') ?? '';
    if (cursor === '') return bytes;
  }
}

export async function run(): Promise<BenchRow[]> {
  const mock = spawn(join(ROOT, 'node_modules/.bin/tsx'), ['src/mock/server.ts'], {
    cwd: ROOT,
    stdio: 'ignore',
    env: { ...process.env, PORT: String(MOCK_PORT) },
  });
  const mockUrl = `http://${HOST}:${MOCK_PORT}`;
  // The proxy does not need the app's files: an empty page is enough for vite preview to serve.
  const site = mkdtempSync(join(tmpdir(), 'gridscope-proxy-bench-'));
  writeFileSync(join(site, 'index.html'), '<!doctype html><title>proxy bench</title>');
  const relay = spawn(join(ROOT, 'node_modules/.bin/tsx'), ['bench/tcpRelay.ts'], {
    cwd: ROOT,
    stdio: 'ignore',
    env: { ...process.env, PORT: String(RELAY_PORT), UPSTREAM_PORT: String(MOCK_PORT) },
  });
  let app: Awaited<ReturnType<typeof startPreview>> | null = null;
  try {
    await waitUntilAnswering(`${mockUrl}/health`, () => mock.exitCode === null);
    app = await startPreview(site, APP_PORT, { GRIDSCOPE_UPSTREAM: mockUrl });
    const proxyBase = `${app.url}/upstream`;
    const relayUrl = `http://${HOST}:${RELAY_PORT}`;
    await waitUntilAnswering(`${relayUrl}/health`, () => relay.exitCode === null);
    // The page through the relay and through the proxy in turns, the figure the target is on;
    // then direct against the relay, to say what the hop itself costs here.
    const [relayedPage, proxiedPage] = await measurePair(
      () => getPage(relayUrl),
      () => getPage(proxyBase),
      { warmup: 5, runs: 40 },
    );
    // The same pair once the app's server has answered a hundred more: what a server that has run
    // a while costs (its HTTP code compiled by the JIT), beside the figure above, which is taken
    // from the sixth request on, as a freshly started server answers.
    const [relayedWarm, proxiedWarm] = await measurePair(
      () => getPage(relayUrl),
      () => getPage(proxyBase),
      { warmup: WARM_AFTER, runs: 40 },
    );
    const [directPage, relayedAgain] = await measurePair(
      () => getPage(mockUrl),
      () => getPage(relayUrl),
      { warmup: 5, runs: 40 },
    );
    const [directExport, proxiedExport] = await measurePair(
      () => exportAll(mockUrl),
      () => exportAll(proxyBase),
      { warmup: 1, runs: 5 },
    );
    const bytes = await exportAll(proxyBase);
    const floorRatio = relayedAgain.median / directPage.median;
    const pageRatio = proxiedPage.median / relayedPage.median;
    const exportRatio = proxiedExport.median / directExport.median;
    return [
      {
        figure: 'proxy: a 500-row page through the app’s proxy, vs a raw TCP relay',
        value: proxiedPage.median,
        unit: 'ms',
        target: `≤ ${PAGE_LIMIT}× the relay`,
        peer: `relay ${formatNumber(relayedPage.median)} ms`,
        ratio: pageRatio,
        verdict: judge(pageRatio, PAGE_LIMIT),
        note: `median of 40 each, taken in turns; slowest ${formatNumber(proxiedPage.max)} vs ${formatNumber(relayedPage.max)} ms; both are one loopback hop more than direct`,
      },
      {
        figure: 'proxy, steady state: the same page once the servers have answered 100 more, vs the relay',
        value: proxiedWarm.median,
        unit: 'ms',
        target: null,
        peer: `relay ${formatNumber(relayedWarm.median)} ms`,
        ratio: proxiedWarm.median / relayedWarm.median,
        verdict: 'info',
        note: `median of 40 each, taken in turns after ${WARM_AFTER} unmeasured pairs: the figure above is taken from a server's sixth request on, while the JIT still compiles Node's HTTP code (decision 0032)`,
      },
      {
        figure: 'proxy floor: the same page through a raw TCP relay (one more hop, no HTTP), vs direct',
        value: relayedAgain.median,
        unit: 'ms',
        target: null,
        peer: `direct ${formatNumber(directPage.median)} ms`,
        ratio: floorRatio,
        verdict: 'info',
        note: 'median of 40 each, taken in turns: the least one more loopback hop between processes costs here, whatever the proxy does',
      },
      {
        figure: 'proxy: a whole CSV export (89,280 rows, 9 pages) through the proxy',
        value: proxiedExport.median,
        unit: 'ms',
        target: `≤ ${EXPORT_LIMIT}× direct`,
        peer: `direct ${formatNumber(directExport.median)} ms`,
        ratio: exportRatio,
        verdict: judge(exportRatio, EXPORT_LIMIT),
        note: `median of 5 each, taken in turns; ${formatNumber(bytes / 2 ** 20)} MB of CSV per walk`,
      },
    ];
  } finally {
    await app?.stop();
    await stopChild(relay);
    await stopChild(mock);
    rmSync(site, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const rows = await run();
  console.log(formatTable(rows));
  for (const r of rows) if (r.note) console.log(`- ${r.figure}: ${r.note}`);
}
