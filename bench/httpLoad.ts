/**
 * The mock over HTTP under load (issue 5): the real server in a child process, driven by
 * autocannon with 20 connections through a mix of catalog reads, 500-row query pages and nearby
 * searches with the unlimited key `test-key`. Prints p99 latency and requests per second; any
 * error, timeout or non-2xx answer is a failure. `scripts/loadTest.ts` reuses these parts.
 *
 *   tsx bench/httpLoad.ts [seconds]   (default 20)
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from '../scripts/bundleBudget';
import { formatNumber, type BenchRow } from './harness';
import { stopChild, waitUntilAnswering } from './previewServer';

const HTTP_LOAD_PORT = 4620;

// ------------------------------------------------------------------ the server, as its own process

export interface MockProcess {
  url: string;
  pid: number;
  /** Resident memory of the server process in kB (`VmRSS` of /proc/<pid>/status). */
  rssKb(): number;
  stop(): Promise<void>;
}

function readRssKb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
  if (match?.[1] === undefined) throw new Error(`no VmRSS for process ${pid}`);
  return Number(match[1]);
}

/**
 * `node --import tsx src/mock/server.ts`: the same server `npm run api` starts, but as a single
 * process (tsx's CLI would fork a second one), so the PID we measure and stop is the server's.
 * The address is read from the server's own "listening on" line, so a server left behind on the
 * same port can never answer in its place; port 0 lets the system pick.
 */
export async function startMockProcess(port = 0, timeoutMs = 30_000): Promise<MockProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'src/mock/server.ts')], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      fail(new Error(`the mock server did not start within ${timeoutMs} ms`));
    }, timeoutMs);
    const fail = (error: Error): void => {
      clearTimeout(timer);
      void stopChild(child).then(() => reject(new Error(`${error.message}:\n${output}`, { cause: error })));
    };
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const found = /listening on (http:\/\/\S+)/.exec(output);
      if (found?.[1] !== undefined) {
        clearTimeout(timer);
        resolve(found[1]);
      }
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => fail(new Error(`the mock server exited with ${code}`)));
  });
  await waitUntilAnswering(`${url}/health`, () => child.exitCode === null);
  const pid = child.pid;
  if (pid === undefined) throw new Error('the mock server has no PID');
  const rssKb = (): number => {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the mock server exited (${child.exitCode ?? child.signalCode}):\n${output}`);
    }
    return readRssKb(pid);
  };
  return { url, pid, rssKb, stop: () => stopChild(child) };
}

// ------------------------------------------------------------------ the request mix

export interface LoadRequest {
  /** What the figures are grouped by, e.g. `catalog`, `query`, `nearby`, `rate-limit`. */
  kind: string;
  path: string;
  key: string;
}

const DAY = '2025-06-01';
const NEXT_DAY = '2025-06-02';

/**
 * One cycle of requests; every connection walks it in order, again and again. Fixed past windows,
 * so every answer is the same whatever the date the test runs on.
 */
function mixedRequests(): LoadRequest[] {
  const test = (kind: string, path: string): LoadRequest => ({ kind, path, key: 'test-key' });
  const page = (id: string, n: number, extra = ''): LoadRequest =>
    test(
      'query page',
      `/v1/datasets/${id}/query?start_time=${DAY}T00:00:00Z&end_time=${NEXT_DAY}T00:00:00Z&page_size=500&page=${n}${extra}`,
    );
  return [
    test('catalog', '/v1/datasets'),
    page('ercot_lmp_by_settlement_point', 1),
    test('nearby', '/v1/pricing_locations/nearby?latitude=29.76&longitude=-95.37&limit=10'),
    page('ercot_spp_real_time_15_min', 3),
    test('catalog', '/v1/datasets/ercot_load'),
    page('ercot_load', 1, '&timezone=market'),
    test('nearby', '/v1/pricing_locations/nearby?latitude=31.9&longitude=-102.1&limit=25'),
    page('ercot_lmp_by_settlement_point', 40, '&order=desc'),
    test('catalog', '/v1/datasets?source=ercot'),
    page('ercot_load_forecast_by_forecast_zone', 2),
    test(
      'nearby',
      '/v1/pricing_locations/nearby?latitude=32.78&longitude=-96.8&limit=10&max_distance_miles=50',
    ),
    page('ercot_fuel_mix', 1, '&columns=solar,wind'),
  ];
}

/**
 * The mix with a deliberate share of `demo-key` requests (20 per second allowed): one in
 * `every` requests, enough above 20/s at this load that some are refused with 429.
 */
export function mixedRequestsWithRateLimit(every = 6): LoadRequest[] {
  const base = mixedRequests();
  const out: LoadRequest[] = [];
  base.forEach((r, i) => {
    out.push(r);
    if ((i + 1) % every === 0) out.push({ kind: 'rate-limit', path: '/v1/datasets', key: 'demo-key' });
  });
  return out;
}

// ------------------------------------------------------------------ autocannon

interface AutocannonRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  onResponse: (status: number) => void;
}

interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; average: number; max: number };
  errors: number;
  timeouts: number;
  non2xx: number;
  duration: number;
}

interface AutocannonOptions {
  url: string;
  connections: number;
  duration: number;
  requests: AutocannonRequest[];
  timeout: number;
}

type Autocannon = ((
  options: AutocannonOptions,
  done: (error: Error | null, result: AutocannonResult | RawAutocannonResult) => void,
) => unknown) & {
  aggregateResult: (results: RawAutocannonResult[], options: AutocannonOptions) => AutocannonResult;
};

/** What autocannon hands back off the main thread (e.g. inside a Vitest worker): not yet summarised. */
interface RawAutocannonResult {
  latency?: undefined;
}

// autocannon ships no types; this is the part of its API used here.
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

export interface KindCounts {
  total: number;
  /** Count per HTTP status. */
  statuses: Record<number, number>;
}

export interface LoadResult {
  durationSec: number;
  connections: number;
  requests: number;
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  latencyMaxMs: number;
  /** Connection errors and timeouts. */
  errors: number;
  /** Answers other than 2xx, except 429s to the deliberate `rate-limit` requests. */
  unexpected: number;
  /** 429s to the deliberate `rate-limit` requests. */
  deliberate429: number;
  byKind: Record<string, KindCounts>;
}

export function runLoad(
  url: string,
  mix: readonly LoadRequest[],
  { connections = 20, durationSec = 20 } = {},
): Promise<LoadResult> {
  const byKind: Record<string, KindCounts> = {};
  const requests = mix.map((r): AutocannonRequest => ({
    method: 'GET',
    path: r.path,
    headers: { 'x-api-key': r.key },
    onResponse: (status) => {
      const counts = (byKind[r.kind] ??= { total: 0, statuses: {} });
      counts.total += 1;
      counts.statuses[status] = (counts.statuses[status] ?? 0) + 1;
    },
  }));
  return new Promise((resolve, reject) => {
    const options: AutocannonOptions = { url, connections, duration: durationSec, requests, timeout: 10 };
    autocannon(options, (error, raw) => {
      if (error) {
        reject(error);
        return;
      }
      // autocannon summarises only on the main thread; in a worker thread it leaves that to us.
      const result = raw.latency === undefined ? autocannon.aggregateResult([raw], options) : raw;
      let unexpected = 0;
      let deliberate429 = 0;
      for (const [kind, counts] of Object.entries(byKind)) {
        for (const [status, n] of Object.entries(counts.statuses)) {
          const code = Number(status);
          if (code >= 200 && code < 300) continue;
          if (kind === 'rate-limit' && code === 429) deliberate429 += n;
          else unexpected += n;
        }
      }
      resolve({
        durationSec: result.duration,
        connections,
        requests: result.requests.total,
        requestsPerSecond: result.requests.total / result.duration,
        latencyP50Ms: result.latency.p50,
        latencyP99Ms: result.latency.p99,
        latencyMaxMs: result.latency.max,
        errors: result.errors + result.timeouts,
        unexpected,
        deliberate429,
        byKind,
      });
    });
  });
}

export function describeKinds(byKind: Record<string, KindCounts>): string {
  return Object.entries(byKind)
    .map(([kind, c]) => {
      const statuses = Object.entries(c.statuses)
        .map(([s, n]) => `${s}×${n}`)
        .join(' ');
      return `${kind} ${c.total} (${statuses})`;
    })
    .join('; ');
}

function httpLoadRows(r: LoadResult): BenchRow[] {
  const clean = r.errors === 0 && r.unexpected === 0;
  const common = `${r.connections} connections, ${formatNumber(r.durationSec)} s, ${r.requests} requests, test-key; ${describeKinds(r.byKind)}`;
  return [
    {
      figure: 'HTTP mock under load: requests per second',
      value: r.requestsPerSecond,
      unit: 'req/s',
      target: null,
      peer: null,
      ratio: null,
      verdict: 'info',
      note: common,
    },
    {
      figure: 'HTTP mock under load: p99 latency',
      value: r.latencyP99Ms,
      unit: 'ms',
      target: null,
      peer: null,
      ratio: null,
      verdict: 'info',
      note: `p50 ${formatNumber(r.latencyP50Ms)} ms, max ${formatNumber(r.latencyMaxMs)} ms`,
    },
    {
      figure: 'HTTP mock under load: errors and non-2xx',
      value: r.errors + r.unexpected,
      unit: '',
      target: '0',
      peer: null,
      ratio: null,
      verdict: clean ? 'pass' : 'short',
      note: `${r.errors} connection errors or timeouts, ${r.unexpected} non-2xx answers`,
    },
  ];
}

export async function run(durationSec = 20): Promise<BenchRow[]> {
  const server = await startMockProcess(HTTP_LOAD_PORT);
  try {
    return httpLoadRows(await runLoad(server.url, mixedRequests(), { connections: 20, durationSec }));
  } finally {
    await server.stop();
  }
}

const entry = process.argv[1];
if (entry !== undefined && import.meta.url === pathToFileURL(entry).href) {
  const { formatTable } = await import('./harness');
  const rows = await run(Number(process.argv[2] ?? 20));
  console.log(formatTable(rows));
  for (const r of rows) if (r.note) console.log(`  ${r.figure} — ${r.note}`);
}
