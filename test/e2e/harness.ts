/**
 * A tiny test harness for browser journeys: playwright-core has no test runner, and the real
 * @playwright/test cannot download its browsers here. Journey files call `test()` at import time;
 * run.ts imports them, then runs every registered test in a fresh browser context.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { AxeBuilder } from '@axe-core/playwright';
import type { BrowserContext, Page } from 'playwright-core';
import { DATASET_IDS } from '../../src/contract/index.ts';

/** How many datasets the catalog lists: every one the contract names. */
export const DATASET_COUNT = Object.keys(DATASET_IDS).length;
/** What the catalog's count line says once every dataset is listed. */
export const ALL_DATASETS_TEXT = `${DATASET_COUNT} datasets`;

export interface JourneyContext {
  page: Page;
  context: BrowserContext;
  /** The built explorer, e.g. `http://127.0.0.1:4173`. */
  appUrl: string;
  /** The mock API over real HTTP, e.g. `http://127.0.0.1:4010`. */
  apiUrl: string;
  /** The built explorer again, its server proxying `/upstream` to `noCorsApiUrl` (GRIDSCOPE_UPSTREAM). */
  proxyAppUrl: string;
  /** The mock API started with CORS=off: a browser on another origin cannot call it. */
  noCorsApiUrl: string;
  /** The mock API started with SHAPES=hosted: usage and the peak report in the hosted API's shapes. */
  hostedApiUrl: string;
}

/**
 * A 390 px phone as the browser sees one (`isMobile`, touch): a page wider than the screen is
 * zoomed out to fit, which a desktop window of the same size does not do (there it only scrolls
 * sideways). The caller closes it.
 */
export async function openPhone({
  context,
  appUrl,
}: Pick<JourneyContext, 'context' | 'appUrl'>): Promise<BrowserContext> {
  const browser = context.browser();
  if (browser === null) throw new Error('the journey runs in a browser it can open a phone context in');
  return browser.newContext({
    baseURL: appUrl,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 3,
  });
}

export interface TestOptions {
  /** Per-test limit; the test fails when it is exceeded. */
  timeoutMs?: number;
  viewport?: { width: number; height: number };
  /**
   * Console errors this test expects. Chromium logs every non-2xx fetch as
   * "Failed to load resource: … status of 401", so a journey that provokes an error answer on
   * purpose must say so; any other console error still fails it.
   */
  allowConsoleErrors?: RegExp[];
}

export interface RegisteredTest {
  name: string;
  file: string;
  fn: (ctx: JourneyContext) => Promise<void>;
  options: TestOptions;
}

const registry: RegisteredTest[] = [];
let currentFile = '';

/** Set by the runner before it imports a journey file, so results name their file. */
export function setCurrentFile(file: string): void {
  currentFile = file;
}

/** What the CSP guard writes to the console; the runner fails a journey on any console error. */
const CSP_VIOLATION_PREFIX = 'Content-Security-Policy violation:';

/*
 * Chromium reports a violation in the console too, but only through its log domain, whose wording
 * and level vary; a listener in the page makes every violation one console.error the runner sees.
 * Playwright's init scripts are exempt from the page's CSP, so the guard itself is never blocked.
 */
const CSP_GUARD = `document.addEventListener('securitypolicyviolation', (event) => {
  console.error(${JSON.stringify(CSP_VIOLATION_PREFIX)} + ' ' + event.effectiveDirective + ' refused ' +
    (event.blockedURI || 'inline code') + (event.sourceFile ? ' in ' + event.sourceFile + ':' + event.lineNumber : ''));
}, true);`;

export function test(
  name: string,
  fn: (ctx: JourneyContext) => Promise<void>,
  options: TestOptions = {},
): void {
  // Every journey, whoever wrote it, fails on a CSP violation.
  const guarded = async (ctx: JourneyContext): Promise<void> => {
    await ctx.context.addInitScript(CSP_GUARD);
    await fn(ctx);
  };
  registry.push({ name, file: currentFile, fn: guarded, options });
}

export function registeredTests(): readonly RegisteredTest[] {
  return registry;
}

/**
 * Retries `check` until it stops throwing (or `timeoutMs` passes, then rethrows its last error):
 * the page renders asynchronously, so assertions about it must wait rather than race.
 */
export async function eventually<T>(
  check: () => Promise<T> | T,
  timeoutMs = 10_000,
  intervalMs = 100,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() >= deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, intervalMs));
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Accessibility: axe-core in the page.

interface AxeFinding {
  id: string;
  impact: string;
  help: string;
  /** CSS targets of the offending nodes (the first few). */
  targets: string[];
}

export interface AxeFigures {
  /** Which page and state, e.g. "catalog loaded (dark)". */
  state: string;
  violations: number;
  serious: number;
  critical: number;
  passes: number;
  findings: AxeFinding[];
}

const AXE_REPORT = fileURLToPath(new URL('../../test-results/axe.json', import.meta.url));
const axeFigures: AxeFigures[] = [];

/**
 * Runs axe on the page as it is now and records the figures in `test-results/axe.json`.
 * Returns every violation; `assertAccessible` fails on the serious and critical ones.
 */
async function axe(page: Page, state: string): Promise<AxeFigures> {
  const results = await new AxeBuilder({ page }).analyze();
  const findings = results.violations.map((v) => ({
    id: v.id,
    impact: v.impact ?? 'unknown',
    help: v.help,
    targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
  }));
  const figures: AxeFigures = {
    state,
    violations: findings.length,
    serious: findings.filter((f) => f.impact === 'serious').length,
    critical: findings.filter((f) => f.impact === 'critical').length,
    passes: results.passes.length,
    findings,
  };
  axeFigures.push(figures);
  mkdirSync(fileURLToPath(new URL('../../test-results', import.meta.url)), { recursive: true });
  writeFileSync(AXE_REPORT, `${JSON.stringify(axeFigures, null, 2)}\n`);
  return figures;
}

/** Fails when axe finds any serious or critical violation in the page's current state. */
export async function assertAccessible(page: Page, state: string): Promise<AxeFigures> {
  const figures = await axe(page, state);
  const bad = figures.findings.filter((f) => f.impact === 'serious' || f.impact === 'critical');
  if (bad.length > 0) {
    const lines = bad.map((f) => `  ${f.impact} ${f.id}: ${f.help}\n    ${f.targets.join('\n    ')}`);
    throw new Error(`axe: ${bad.length} serious or critical violations on ${state}:\n${lines.join('\n')}`);
  }
  return figures;
}

// ---------------------------------------------------------------------------------------------
// Editing the mock API's answers.

export interface MockApiAnswer {
  url: URL;
  status: number;
  contentType: string;
  text: string;
}

/** What to serve instead; `json` wins over `text`. Return undefined to serve the answer as it is. */
export interface MockApiReplacement {
  status?: number;
  json?: unknown;
  text?: string;
}

/*
 * The built-in demo API answers inside the page (its own fetch), out of Playwright's reach. So a
 * journey that edits answers points the app at the same mock handlers over real HTTP (the
 * runner's API), as a custom server with the demo key, and routes those requests: the answers
 * are the real ones, edited by the journey.
 */
const SETTINGS_KEY = 'gridscope.connection';
const API_KEY_KEY = 'gridscope.apiKey';

/**
 * Serves every API request from the HTTP mock, passing each answer through `edit`. Call before
 * the first `page.goto`: the app starts connected to the HTTP mock as a custom server.
 */
export async function routeMockApi(
  { context, apiUrl }: Pick<JourneyContext, 'context' | 'apiUrl'>,
  edit: (answer: MockApiAnswer) => MockApiReplacement | undefined,
): Promise<void> {
  await context.addInitScript(
    ([settingsKey, keyKey, baseUrl]) => {
      // The blank page a tab opens with has no storage; the app's pages do.
      if (window.location.protocol === 'about:') return;
      const settings = { mode: 'remote', baseUrl, remember: false, timeoutSeconds: 30 };
      window.localStorage.setItem(settingsKey, JSON.stringify(settings));
      window.sessionStorage.setItem(keyKey, 'demo-key');
    },
    [SETTINGS_KEY, API_KEY_KEY, apiUrl] as const,
  );
  await context.route(`${apiUrl}/**`, async (route) => {
    if (route.request().method() === 'OPTIONS') {
      await route.continue();
      return;
    }
    const url = new URL(route.request().url());
    const response = await route.fetch();
    const answer: MockApiAnswer = {
      url,
      status: response.status(),
      contentType: response.headers()['content-type'] ?? '',
      text: await response.text(),
    };
    const replacement = edit(answer);
    if (replacement === undefined) {
      await route.fulfill({ response });
      return;
    }
    const status = replacement.status ?? answer.status;
    if (replacement.json !== undefined) {
      await route.fulfill({ response, status, json: replacement.json });
    } else {
      await route.fulfill({ response, status, body: replacement.text ?? answer.text });
    }
  });
}
