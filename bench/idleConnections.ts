/**
 * The HTTP mock among held connections (issue 25): the real server in its own process, as
 * `npm run api` starts it, while this process holds 2,000 connections to it that sent the start of
 * a request and then nothing, as a slow or hostile client would. A new client's `/health` must
 * still be answered at once; the held connections are then cut by the header timeout.
 *
 *   tsx bench/idleConnections.ts
 */
import { get } from 'node:http';
import { connect, type Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { DEFAULT_HEADERS_TIMEOUT_MS, DEFAULT_MAX_CONNECTIONS } from '@/mock/server';
import { formatNumber, median, type BenchRow } from './harness';
import { startMockProcess } from './httpLoad';

const IDLE_CONNECTIONS = 2000;
/** Connections opened at once: well inside the listen backlog, so none waits for a SYN retry. */
const BATCH = 100;
const CHECKS = 500;

function p99(samples: readonly number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.99) - 1)] ?? Number.NaN;
}

/** One `/health` on a fresh connection, as a new client would send it; its time in ms. */
function health(port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const req = get({ host: '127.0.0.1', port, path: '/health', agent: false }, (res) => {
      res.resume();
      res.on('end', () => {
        if (res.statusCode === 200) resolve(performance.now() - t0);
        else reject(new Error(`/health answered ${res.statusCode}`));
      });
    });
    req.on('error', reject);
  });
}

interface Held {
  sockets: Socket[];
  /** How many the server has closed so far, and when the last of them closed. */
  closed: () => { count: number; lastAt: number };
}

/** Opens `n` connections that each send a request line and one header, then nothing more. */
async function hold(port: number, n: number): Promise<Held> {
  const sockets: Socket[] = [];
  let count = 0;
  let lastAt = 0;
  for (let i = 0; i < n; i += BATCH) {
    await Promise.all(
      Array.from(
        { length: Math.min(BATCH, n - i) },
        () =>
          new Promise<void>((resolve, reject) => {
            const socket = connect(port, '127.0.0.1', () => {
              socket.write('GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n');
              resolve();
            });
            socket.once('error', reject);
            socket.on('data', () => undefined);
            socket.on('close', () => {
              count++;
              lastAt = performance.now();
            });
            sockets.push(socket);
          }),
      ),
    );
  }
  return { sockets, closed: () => ({ count, lastAt }) };
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

export async function run(): Promise<BenchRow[]> {
  // Two servers, one holding the connections and one not, checked in turns: whatever else the
  // machine is doing slows both alike, so the two p99s differ only by what the held connections cost.
  const [busy, alone] = await Promise.all([startMockProcess(0), startMockProcess(0)]);
  let held: Held | null = null;
  try {
    const busyPort = Number(new URL(busy.url).port);
    const alonePort = Number(new URL(alone.url).port);
    for (let i = 0; i < 50; i++) {
      await health(busyPort);
      await health(alonePort);
    }

    held = await hold(busyPort, IDLE_CONNECTIONS);
    const openedAt = performance.now();
    // Only while every held connection is still open: stop well before the header timeout.
    const deadline = openedAt + DEFAULT_HEADERS_TIMEOUT_MS * 0.8;
    const among: number[] = [];
    const without: number[] = [];
    for (let i = 0; among.length < CHECKS && performance.now() < deadline; i++) {
      // a, b, b, a, …: neither always goes first.
      const order = i % 2 === 0 ? [busyPort, alonePort] : [alonePort, busyPort];
      for (const port of order) (port === busyPort ? among : without).push(await health(port));
    }
    const stillHeld = IDLE_CONNECTIONS - held.closed().count;
    const checksDone = performance.now();

    // The server cuts them at the header timeout; wait for that, bounded.
    const giveUp = openedAt + DEFAULT_HEADERS_TIMEOUT_MS + 5000;
    while (held.closed().count < IDLE_CONNECTIONS && performance.now() < giveUp) await sleep(100);
    const cut = held.closed();
    const cutAfterS = (cut.lastAt - openedAt) / 1000;

    const value = p99(among);
    const complete = among.length === CHECKS && stillHeld === IDLE_CONNECTIONS;
    return [
      {
        figure: `HTTP mock: /health p99 with ${formatNumber(IDLE_CONNECTIONS)} idle connections`,
        value,
        unit: 'ms',
        target: '≤ 50 ms',
        peer: `a server without them: p99 ${formatNumber(p99(without))} ms`,
        ratio: value / p99(without),
        verdict: complete && value <= 50 ? 'pass' : 'short',
        note:
          `${among.length} checks, each on a new connection, in ${formatNumber((checksDone - openedAt) / 1000)} s, in turns with as many ` +
          `to a second server holding none, while ${stillHeld} of ${IDLE_CONNECTIONS} connections (a request line and a Host, then nothing) ` +
          `were held (cap ${DEFAULT_MAX_CONNECTIONS}); medians ${formatNumber(median(among))} and ${formatNumber(median(without))} ms, ` +
          `max ${formatNumber(Math.max(...among))} and ${formatNumber(Math.max(...without))} ms; the server closed ${cut.count} of them, ` +
          `the last ${formatNumber(cutAfterS)} s after they were opened (header timeout ${DEFAULT_HEADERS_TIMEOUT_MS / 1000} s)`,
      },
    ];
  } finally {
    for (const socket of held?.sockets ?? []) socket.destroy();
    await Promise.all([busy.stop(), alone.stop()]);
  }
}

const entry = process.argv[1];
if (entry !== undefined && import.meta.url === pathToFileURL(entry).href) {
  const { formatTable } = await import('./harness');
  const rows = await run();
  console.log(formatTable(rows));
  for (const r of rows) if (r.note) console.log(`  ${r.figure} — ${r.note}`);
}
