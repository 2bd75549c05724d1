/**
 * Browser journeys against the built explorer (`npm run test:e2e`).
 *
 * Builds the app, serves it with `vite preview` on 127.0.0.1:4173 (built-in demo backend inside
 * the page), starts the mock API over real HTTP on 127.0.0.1:4010 (both child processes), drives Debian's
 * Chromium with playwright-core through every `test/e2e/*.e2e.ts`, writes
 * `test-results/e2e.json` and exits non-zero on any failure. Servers are always stopped.
 *
 * Environment: CHROMIUM_PATH (default /usr/bin/chromium), E2E_SKIP_BUILD=1 (reuse dist/),
 * E2E_APP_PORT / E2E_API_PORT (default 4173 / 4010; the proxying preview and the CORS-off mock take
 * the next port of each, the SHAPES=hosted mock the API port + 2), E2E_DIST (build folder, default dist),
 * E2E_TIMEOUT_MS (per test, default 30000). Arguments filter tests by file or name substring.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { registeredTests, setCurrentFile, type RegisteredTest } from './harness.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const E2E_DIR = fileURLToPath(new URL('.', import.meta.url));
const RESULTS_DIR = join(ROOT, 'test-results');
const HOST = '127.0.0.1';
// Overridable so that two runs (or a benchmark beside a run) can share a machine.
const APP_PORT = Number(process.env.E2E_APP_PORT ?? 4173);
const API_PORT = Number(process.env.E2E_API_PORT ?? 4010);
/** Where the build goes; separate folders let two runs build side by side. */
const DIST = process.env.E2E_DIST ?? 'dist';
const APP_URL = `http://${HOST}:${APP_PORT}`;
const API_URL = `http://${HOST}:${API_PORT}`;
/** A second preview whose server proxies to a second mock started with CORS=off (issue 13 §1). */
const PROXY_APP_PORT = APP_PORT + 1;
const NO_CORS_API_PORT = API_PORT + 1;
/** The mock in the hosted API's shapes (SHAPES=hosted, decision 0027). */
const HOSTED_API_PORT = API_PORT + 2;
const PROXY_APP_URL = `http://${HOST}:${PROXY_APP_PORT}`;
const NO_CORS_API_URL = `http://${HOST}:${NO_CORS_API_PORT}`;
const HOSTED_API_URL = `http://${HOST}:${HOSTED_API_PORT}`;
const DEFAULT_TIMEOUT_MS = Number(process.env.E2E_TIMEOUT_MS ?? 30_000);
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

interface TestResult {
  name: string;
  file: string;
  status: 'passed' | 'failed';
  durationMs: number;
  error?: string;
  screenshot?: string;
  /** The first attempt's error when the journey passed only on its retry (reported as flaky). */
  flaky?: string;
}

/**
 * A failed journey runs once more before it counts as failed, like Playwright's own `retries`:
 * the machines here are shared, and a journey that passes on retry is printed as flaky with the
 * first attempt's error, so it stays visible. `E2E_RETRIES=0` turns this off.
 */
const RETRIES = Number(process.env.E2E_RETRIES ?? 1);

const cleanups: (() => Promise<void> | void)[] = [];

async function cleanUp(): Promise<void> {
  // Last started, first stopped: the browser before the servers it talks to.
  while (cleanups.length > 0) {
    const step = cleanups.pop();
    try {
      await step?.();
    } catch (error) {
      console.error('cleanup:', error);
    }
  }
}

function findChromium(): string {
  const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(path)) {
    throw new Error(
      `Chromium not found at ${path}. Install it with \`apt-get install -y chromium\` ` +
        '(after `apt-get update`), or set CHROMIUM_PATH to a Chromium binary.',
    );
  }
  return path;
}

function build(): void {
  if (process.env.E2E_SKIP_BUILD === '1' && existsSync(resolve(ROOT, DIST, 'index.html'))) {
    console.log(`Reusing ${DIST}/ (E2E_SKIP_BUILD=1)`);
    return;
  }
  console.log('Building the app (vite build)…');
  const result = spawnSync(
    join(ROOT, 'node_modules/.bin/vite'),
    ['build', '--logLevel', 'warn', '--outDir', DIST],
    {
      cwd: ROOT,
      stdio: 'inherit',
    },
  );
  if (result.status !== 0)
    throw new Error(`vite build failed (exit ${result.status ?? result.signal ?? '?'})`);
}

/**
 * Fails fast when a port is taken: otherwise a preview left running elsewhere would answer the
 * readiness check and the journeys would test someone else's build.
 */
function assertPortFree(port: number, what: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', () => {
      reject(
        new Error(`port ${port} on ${HOST} is in use; stop whatever runs there before starting ${what}`),
      );
    });
    probe.listen(port, HOST, () => probe.close(() => resolve()));
  });
}

/**
 * A server as a child process that cleanup stops: SIGTERM, then SIGKILL if it has not exited
 * within 5 s (a server busy with one long request cannot run its signal handler).
 */
function startChild(
  what: string,
  command: string,
  args: readonly string[],
  env?: NodeJS.ProcessEnv,
): ChildProcess {
  const child = spawn(command, args, {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  let stopping = false;
  child.on('exit', (code, signal) => {
    if (!stopping) console.error(`${what} exited (${code ?? signal ?? '?'}):\n${output}`);
  });
  cleanups.push(
    () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return resolve();
        stopping = true;
        const force = setTimeout(() => child.kill('SIGKILL'), 5_000);
        child.once('exit', () => {
          clearTimeout(force);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  );
  return child;
}

/** `vite preview` as one process started from node_modules/.bin, so killing its PID stops it. */
function startPreview(port = APP_PORT, env?: NodeJS.ProcessEnv): ChildProcess {
  return startChild(
    `vite preview on ${port}`,
    join(ROOT, 'node_modules/.bin/vite'),
    ['preview', '--host', HOST, '--port', String(port), '--strictPort', '--outDir', DIST],
    env,
  );
}

/**
 * The mock API (`npm run api`) in its own Node process: a heavy query it computes synchronously
 * then blocks only the mock, never this runner's timers (a journey's time limit must always fire).
 */
function startApi(port = API_PORT, env?: NodeJS.ProcessEnv): ChildProcess {
  return startChild(`the mock API on ${port}`, process.execPath, ['--import', 'tsx', 'src/mock/server.ts'], {
    PORT: String(port),
    ...env,
  });
}

async function waitUntilAnswering(
  url: string,
  what: string,
  child?: ChildProcess,
  timeoutMs = 30_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null)
      throw new Error(`${what} exited early (port ${new URL(url).port} in use?)`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${what} did not answer at ${url} within ${timeoutMs} ms`);
}

async function loadJourneys(filters: readonly string[]): Promise<RegisteredTest[]> {
  const files = readdirSync(E2E_DIR)
    .filter((f) => f.endsWith('.e2e.ts'))
    .sort();
  for (const file of files) {
    setCurrentFile(file);
    await import(pathToFileURL(join(E2E_DIR, file)).href);
  }
  return registeredTests().filter(
    (t) => filters.length === 0 || filters.some((f) => t.file.includes(f) || t.name.includes(f)),
  );
}

const slug = (s: string): string =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 80);

const message = (error: unknown): string =>
  error instanceof Error ? (error.stack ?? error.message) : String(error);

async function runOne(browser: Browser, t: RegisteredTest): Promise<TestResult> {
  const started = Date.now();
  const timeoutMs = t.options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const context = await browser.newContext({
    baseURL: APP_URL,
    viewport: t.options.viewport ?? { width: 1280, height: 800 },
  });
  const page = await context.newPage();
  page.setDefaultTimeout(Math.min(10_000, timeoutMs));
  const browserErrors: string[] = [];
  const allowed = t.options.allowConsoleErrors ?? [];
  context.on('console', (msg) => {
    if (msg.type() !== 'error') return;
    const text = msg.text();
    if (!allowed.some((re) => re.test(text))) browserErrors.push(`console.error: ${text}`);
  });
  context.on('weberror', (webError) => {
    // An error without a stack still says what and where.
    const error = webError.error();
    const text = message(error).trim() || `${error.name}: ${error.message || 'no message'}`;
    browserErrors.push(`page error on ${webError.page()?.url() ?? 'a closed page'}: ${text}`);
  });

  let error: unknown = null;
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      t.fn({
        page,
        context,
        appUrl: APP_URL,
        apiUrl: API_URL,
        proxyAppUrl: PROXY_APP_URL,
        noCorsApiUrl: NO_CORS_API_URL,
        hostedApiUrl: HOSTED_API_URL,
      }),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`timed out after ${timeoutMs} ms`)), timeoutMs);
      }),
    ]);
    if (browserErrors.length > 0)
      throw new Error(`the browser reported errors:\n${browserErrors.join('\n')}`);
  } catch (e) {
    error = e;
    if (browserErrors.length > 0 && !(e instanceof Error && e.message.startsWith('the browser reported'))) {
      error = new Error(`${message(e)}\nthe browser also reported:\n${browserErrors.join('\n')}`);
    }
  } finally {
    clearTimeout(timer);
  }

  let screenshot: string | undefined;
  if (error !== null) {
    const path = join(RESULTS_DIR, `e2e-${slug(`${t.file}-${t.name}`)}.png`);
    try {
      await page.screenshot({ path, fullPage: true, timeout: 5_000 });
      screenshot = path;
    } catch {
      // the page may be gone; the error message still says what failed
    }
  }
  // A route handler still waiting on the API (a journey that timed out) would hold close() open
  // indefinitely: drop the handlers, and give close ten seconds at most.
  await context.unrouteAll({ behavior: 'ignoreErrors' }).catch(() => undefined);
  await Promise.race([
    context.close().catch(() => undefined),
    new Promise((resolve) => setTimeout(resolve, 10_000)),
  ]);
  const result: TestResult = {
    name: t.name,
    file: t.file,
    status: error === null ? 'passed' : 'failed',
    durationMs: Date.now() - started,
  };
  if (error !== null) result.error = message(error);
  if (screenshot !== undefined) result.screenshot = screenshot;
  return result;
}

function writeReport(results: readonly TestResult[]): { passed: number; failed: number } {
  const passed = results.filter((r) => r.status === 'passed').length;
  const failed = results.length - passed;
  mkdirSync(RESULTS_DIR, { recursive: true });
  writeFileSync(
    join(RESULTS_DIR, 'e2e.json'),
    `${JSON.stringify({ passed, failed, tests: results }, null, 2)}\n`,
  );
  return { passed, failed };
}

async function main(): Promise<number> {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const results: TestResult[] = [];
  const setupStarted = Date.now();
  try {
    const executablePath = findChromium();
    build();
    await assertPortFree(APP_PORT, 'vite preview');
    await assertPortFree(API_PORT, 'the mock API');
    await assertPortFree(PROXY_APP_PORT, 'the proxying vite preview');
    await assertPortFree(NO_CORS_API_PORT, 'the CORS-off mock API');
    await assertPortFree(HOSTED_API_PORT, 'the mock API in hosted shapes');
    const preview = startPreview();
    const api = startApi();
    const proxyPreview = startPreview(PROXY_APP_PORT, { GRIDSCOPE_UPSTREAM: NO_CORS_API_URL });
    const noCorsApi = startApi(NO_CORS_API_PORT, { CORS: 'off' });
    const hostedApi = startApi(HOSTED_API_PORT, { SHAPES: 'hosted' });
    await Promise.all([
      waitUntilAnswering(`${APP_URL}/`, 'vite preview', preview),
      waitUntilAnswering(`${API_URL}/health`, 'the mock API', api),
      waitUntilAnswering(`${PROXY_APP_URL}/upstream/health`, 'the proxying vite preview', proxyPreview),
      waitUntilAnswering(`${NO_CORS_API_URL}/health`, 'the CORS-off mock API', noCorsApi),
      waitUntilAnswering(`${HOSTED_API_URL}/health`, 'the mock API in hosted shapes', hostedApi),
    ]);
    const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
    cleanups.push(() => browser.close());
    const tests = await loadJourneys(process.argv.slice(2));
    if (tests.length === 0) throw new Error('no journeys matched');
    console.log(`Running ${tests.length} browser journeys against ${APP_URL} (API ${API_URL})`);
    for (const t of tests) {
      let result = await runOne(browser, t);
      for (let attempt = 0; result.status === 'failed' && attempt < RETRIES; attempt++) {
        const first = result;
        console.log(`  … ${t.file} › ${t.name} failed; running it again`);
        result = await runOne(browser, t);
        if (result.status === 'passed') result.flaky = first.error ?? 'failed';
      }
      results.push(result);
      const seconds = (result.durationMs / 1000).toFixed(1);
      if (result.status === 'passed') {
        console.log(
          `  ✓ ${t.file} › ${t.name} (${seconds} s)${result.flaky ? ' — flaky: passed on retry' : ''}`,
        );
        if (result.flaky) console.log(indent(`first attempt: ${result.flaky}`));
      } else {
        console.log(`  ✗ ${t.file} › ${t.name} (${seconds} s)\n${indent(result.error ?? '')}`);
        if (result.screenshot) console.log(`    screenshot: ${result.screenshot}`);
      }
    }
  } catch (error) {
    // The reason alone (no stack): a missing Chromium or a busy port is not a bug in this file.
    console.error(`e2e setup failed: ${error instanceof Error ? error.message : String(error)}`);
    results.push({
      name: 'setup',
      file: 'run.ts',
      status: 'failed',
      durationMs: Date.now() - setupStarted,
      error: message(error),
    });
  } finally {
    await cleanUp();
  }
  const { passed, failed } = writeReport(results);
  console.log(`\ne2e: ${passed} passed, ${failed} failed (test-results/e2e.json)`);
  return failed > 0 ? 1 : 0;
}

const indent = (text: string): string =>
  text
    .split('\n')
    .map((line) => `    ${line}`)
    .join('\n');

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void cleanUp().finally(() => process.exit(130));
  });
}

process.exitCode = await main();
// The mock server or a stray handle must not keep the process alive after the report.
process.exit(process.exitCode);
