/**
 * A tiny test harness for browser journeys: playwright-core has no test runner, and the real
 * @playwright/test cannot download its browsers here. Journey files call `test()` at import time;
 * run.ts imports them, then runs every registered test in a fresh browser context.
 */
import type { BrowserContext, Page } from 'playwright-core';

export interface JourneyContext {
  page: Page;
  context: BrowserContext;
  /** The built explorer, e.g. `http://127.0.0.1:4173`. */
  appUrl: string;
  /** The mock API over real HTTP, e.g. `http://127.0.0.1:4010`. */
  apiUrl: string;
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

export function test(
  name: string,
  fn: (ctx: JourneyContext) => Promise<void>,
  options: TestOptions = {},
): void {
  registry.push({ name, file: currentFile, fn, options });
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
