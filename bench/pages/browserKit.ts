/**
 * The Node side of the browser benchmarks: builds pages with Vite, serves a folder over HTTP from
 * this process (nothing to kill afterwards), and launches Debian's Chromium via playwright-core.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';

export const REPO = fileURLToPath(new URL('../..', import.meta.url));
export const PAGES_DIR = process.env.BENCH_PAGES_DIR ?? '/tmp/bench-pages';
export const APP_DIR = process.env.BENCH_APP_DIR ?? '/tmp/bench-app';
/** Ports this benchmark may use; the first free one is taken. */
const PORTS = { from: 4700, to: 4799 };

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

function vite(args: readonly string[]): void {
  const result = spawnSync(path.join(REPO, 'node_modules/.bin/vite'), args, {
    cwd: REPO,
    stdio: ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
  });
  if (result.status !== 0)
    throw new Error(`vite ${args.join(' ')} failed:\n${result.stdout}${result.stderr}`);
}

let pagesBuilt = false;
/** Builds bench/pages once per process. */
export function buildBenchPages(): string {
  if (!pagesBuilt) vite(['build', '--config', 'bench/vite.bench.config.ts', '--outDir', PAGES_DIR]);
  pagesBuilt = true;
  return PAGES_DIR;
}

/** Builds the real app, as users get it. */
export function buildApp(): string {
  vite(['build', '--outDir', APP_DIR, '--emptyOutDir', '--logLevel', 'warn']);
  return APP_DIR;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.map': 'application/json',
};

export interface Served {
  url: string;
  close(): Promise<void>;
}

function listen(server: Server, port: number): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const onError = (e: NodeJS.ErrnoException) => {
      server.off('listening', onListening);
      if (e.code === 'EADDRINUSE') resolve(false);
      else reject(e);
    };
    const onListening = () => {
      server.off('error', onError);
      resolve(true);
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(port, '127.0.0.1');
  });
}

/** Serves `dir` statically; unknown paths get `index.html` when `spa` (client-side routes). */
export async function serveDir(dir: string, spa: boolean): Promise<Served> {
  const server = createServer((req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    let file = path.join(dir, path.normalize(pathname).replace(/^(\.\.[/\\])+/, ''));
    if (existsSync(file) && statSync(file).isDirectory()) file = path.join(file, 'index.html');
    if (!existsSync(file)) {
      if (!spa) {
        res.writeHead(404).end('not found');
        return;
      }
      file = path.join(dir, 'index.html');
    }
    res.writeHead(200, {
      'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
      'cache-control': 'no-store',
    });
    res.end(readFileSync(file));
  });
  for (let port = PORTS.from; port <= PORTS.to; port++) {
    if (await listen(server, port)) {
      return {
        url: `http://127.0.0.1:${port}`,
        close: () =>
          new Promise((resolve) => {
            server.closeAllConnections();
            server.close(() => resolve());
          }),
      };
    }
  }
  throw new Error(`no free port in ${PORTS.from}–${PORTS.to}`);
}

export function launchChromium(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS, ...extraArgs],
  });
}

/** The q-quantile (0–1) of samples, nearest rank. */
export function percentile(xs: readonly number[], q: number): number {
  if (xs.length === 0) return Number.NaN;
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? Number.NaN;
}
