/**
 * What the browser benchmarks share: a production build served by `vite preview` (one process,
 * started from node_modules/.bin and stopped by its PID) and Debian's Chromium with the flags
 * this machine needs.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../scripts/bundleBudget';

export const HOST = '127.0.0.1';
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
/** The benchmarks' own build folder: `dist/` belongs to the browser journeys. */
export const BENCH_DIST = process.env.BENCH_DIST ?? '/tmp/bench-dist';

export interface Server {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

export function assertChromium(): void {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`Chromium not found at ${CHROMIUM}: apt-get install -y chromium, or set CHROMIUM_PATH`);
  }
}

export async function waitUntilAnswering(
  url: string,
  isAlive: () => boolean,
  timeoutMs = 30_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isAlive()) throw new Error(`the server for ${url} exited early (port in use?)`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/** Stops a child by PID and waits for it to exit; SIGKILL after `graceMs`. */
export function stopChild(child: ReturnType<typeof spawn>, graceMs = 5_000): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) {
      resolve();
      return;
    }
    const pid = child.pid;
    const timer = setTimeout(() => {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }, graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    process.kill(pid, 'SIGTERM');
  });
}

/** `vite preview` of `outDir`; `env` adds to its environment (`GRIDSCOPE_UPSTREAM` for the proxy). */
export async function startPreview(
  outDir: string,
  port: number,
  env: Record<string, string> = {},
): Promise<Server> {
  const child = spawn(
    join(ROOT, 'node_modules/.bin/vite'),
    ['preview', '--outDir', outDir, '--port', String(port), '--host', HOST, '--strictPort'],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://${HOST}:${port}`;
  try {
    await waitUntilAnswering(`${url}/`, () => child.exitCode === null);
  } catch (error) {
    await stopChild(child);
    throw new Error(`vite preview did not start:\n${output}`, { cause: error });
  }
  if (child.pid === undefined) throw new Error('vite preview has no PID');
  return { url, pid: child.pid, stop: () => stopChild(child) };
}
