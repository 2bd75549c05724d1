/**
 * The last lines of `.ci/run`: one table of steps and one `N passed, M failed` line that a CI
 * system can read, counting every vitest test and every browser journey. A step without test
 * counts (install, typecheck, lint) that fails counts as one failed test, so a red build can never
 * print `0 failed`.
 *
 * Usage: tsx scripts/ciSummary.ts --check 'typecheck=0' --vitest '1=test-results/vitest.json'
 *        --e2e '0=test-results/e2e.json'   (each `<exit code>=<report>` or `<name>=<exit code>`)
 */
import { existsSync, readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

export interface TestCounts {
  passed: number;
  failed: number;
  skipped: number;
  /**
   * The failed tests by name (file › title: first line of the message), so that the summary, the
   * only part of a CI log some readers see, says which test failed and not only how many.
   */
  failures?: string[];
}

export type ReportKind = 'vitest' | 'e2e';

export interface StepResult {
  name: string;
  exitCode: number;
  /** Counts read from the step's JSON report; `null` when the step has none or it is missing. */
  counts: TestCounts | null;
}

export interface Summary {
  passed: number;
  failed: number;
  lines: string[];
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

/**
 * Counts of a vitest `--reporter=json` file (jest-compatible). A test file that fails to load
 * has no assertion results yet is a failure, so it adds one.
 */
export function countsFromVitest(report: unknown): TestCounts {
  if (!isRecord(report)) throw new Error('not a vitest JSON report');
  const suites = Array.isArray(report.testResults) ? report.testResults : [];
  let brokenFiles = 0;
  const failures: string[] = [];
  for (const suite of suites) {
    if (!isRecord(suite)) continue;
    const file = typeof suite.name === 'string' ? relativeName(suite.name) : '?';
    const assertions = Array.isArray(suite.assertionResults) ? suite.assertionResults : [];
    let anyFailed = false;
    for (const a of assertions) {
      if (!isRecord(a) || a.status !== 'failed') continue;
      anyFailed = true;
      const title = textOf(a.fullName) ?? textOf(a.title) ?? '?';
      const messages = Array.isArray(a.failureMessages) ? a.failureMessages : [];
      failures.push(`${file} › ${title}: ${firstLine(messages[0])}`);
    }
    if (suite.status === 'failed' && !anyFailed) {
      brokenFiles += 1;
      failures.push(`${file}: ${firstLine(suite.message)}`);
    }
  }
  return {
    passed: num(report.numPassedTests),
    failed: num(report.numFailedTests) + brokenFiles,
    skipped: num(report.numPendingTests) + num(report.numTodoTests),
    failures,
  };
}

/** The path from the repository's root, which is all a reader needs of an absolute file name. */
function relativeName(file: string): string {
  const at = file.search(/\/(src|test|scripts|bench)\//);
  return at < 0 ? file : file.slice(at + 1);
}

const textOf = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

function firstLine(message: unknown): string {
  const text = typeof message === 'string' ? message : '';
  const line = text.split('\n').find((l) => l.trim() !== '') ?? '(no message)';
  return line.trim().slice(0, 200);
}

/** Counts of `test-results/e2e.json` as written by test/e2e/run.ts. */
export function countsFromE2e(report: unknown): TestCounts {
  if (!isRecord(report) || typeof report.passed !== 'number' || typeof report.failed !== 'number') {
    throw new Error('not an e2e JSON report');
  }
  const tests = Array.isArray(report.tests) ? report.tests : [];
  const failures = tests
    .filter((t): t is Record<string, unknown> => isRecord(t) && t.status === 'failed')
    .map((t) => `${textOf(t.file) ?? '?'} › ${textOf(t.name) ?? '?'}: ${firstLine(t.error)}`);
  return { passed: report.passed, failed: report.failed, skipped: 0, failures };
}

const READERS: Record<ReportKind, (report: unknown) => TestCounts> = {
  vitest: countsFromVitest,
  e2e: countsFromE2e,
};

/** Reads a report file; a missing or unreadable one gives `null` (the step then counts as one failure). */
export function readCounts(kind: ReportKind, file: string): TestCounts | null {
  if (!existsSync(file)) return null;
  try {
    return READERS[kind](JSON.parse(readFileSync(file, 'utf8')));
  } catch {
    return null;
  }
}

/**
 * Failed tests named in the whole summary. A run where hundreds fail (a broken setup file) would
 * otherwise push the step table and the last line out of the part of the log a reader sees.
 */
export const MAX_NAMED_FAILURES = 20;

/**
 * Adds up the steps. A step that exited non-zero without reporting any failed test (a crash, a
 * missing report, a typecheck error) still counts as one failure.
 */
export function summarize(steps: readonly StepResult[]): Summary {
  let passed = 0;
  let failed = 0;
  const lines: string[] = [];
  let namesLeft = MAX_NAMED_FAILURES;
  for (const step of steps) {
    const stepPassed = step.counts?.passed ?? 0;
    let stepFailed = step.counts?.failed ?? 0;
    if (step.exitCode !== 0 && stepFailed === 0) stepFailed = 1;
    passed += stepPassed;
    failed += stepFailed;
    const verdict = step.exitCode === 0 && stepFailed === 0 ? 'ok  ' : 'FAIL';
    const detail = step.counts
      ? `${stepPassed} passed, ${stepFailed} failed${step.counts.skipped ? `, ${step.counts.skipped} skipped` : ''}`
      : `exit code ${step.exitCode}`;
    lines.push(`${verdict} ${step.name.padEnd(28)} ${detail}`);
    const failures = step.counts?.failures ?? [];
    const named = failures.slice(0, namesLeft);
    namesLeft -= named.length;
    for (const failure of named) lines.push(`       ✗ ${failure}`);
    const unnamed = failures.length - named.length;
    if (unnamed > 0) lines.push(`       … and ${unnamed} more failed in this step`);
  }
  lines.push(`${passed} passed, ${failed} failed`);
  return { passed, failed, lines };
}

/** Parses `--check name=code`, `--vitest code=file`, `--e2e code=file` (repeatable, in order). */
export function parseArgs(argv: readonly string[]): StepResult[] {
  const steps: StepResult[] = [];
  for (let i = 0; i < argv.length; i += 2) {
    const flag = argv[i];
    const value = argv[i + 1];
    if (value === undefined) throw new Error(`missing value after ${flag ?? ''}`);
    const eq = value.lastIndexOf('=');
    if (eq < 0) throw new Error(`expected <a>=<b> after ${flag ?? ''}, got ${value}`);
    const left = value.slice(0, eq);
    const right = value.slice(eq + 1);
    if (flag === '--check') {
      steps.push({ name: left, exitCode: Number(right), counts: null });
    } else if (flag === '--vitest' || flag === '--e2e') {
      const kind: ReportKind = flag === '--vitest' ? 'vitest' : 'e2e';
      const exitCode = Number(value.slice(0, value.indexOf('=')));
      const file = value.slice(value.indexOf('=') + 1);
      steps.push({
        name: kind === 'vitest' ? 'unit and component tests' : 'browser journeys (e2e)',
        exitCode,
        counts: readCounts(kind, file),
      });
    } else {
      throw new Error(`unknown flag ${flag ?? ''}`);
    }
  }
  return steps;
}

const runDirectly = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (runDirectly) {
  const summary = summarize(parseArgs(process.argv.slice(2)));
  console.log(summary.lines.join('\n'));
  process.exitCode = summary.failed > 0 ? 1 : 0;
}
