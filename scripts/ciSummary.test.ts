import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  countsFromE2e,
  countsFromVitest,
  MAX_NAMED_FAILURES,
  parseArgs,
  readCounts,
  summarize,
} from './ciSummary';

const vitestReport = (over: Record<string, unknown> = {}) => ({
  numTotalTests: 12,
  numPassedTests: 10,
  numFailedTests: 1,
  numPendingTests: 1,
  numTodoTests: 0,
  success: false,
  testResults: [
    { name: 'a.test.ts', status: 'passed', assertionResults: [{ status: 'passed' }] },
    {
      name: '/tmp/clone/src/b.test.ts',
      status: 'failed',
      assertionResults: [
        {
          status: 'failed',
          fullName: 'B works',
          failureMessages: ['AssertionError: expected 1 to be 2\n at …'],
        },
      ],
    },
  ],
  ...over,
});

describe('countsFromVitest', () => {
  it('reads passed, failed and skipped tests', () => {
    expect(countsFromVitest(vitestReport())).toMatchObject({ passed: 10, failed: 1, skipped: 1 });
  });

  it('names each failed test with its file and the first line of its message', () => {
    expect(countsFromVitest(vitestReport()).failures).toEqual([
      'src/b.test.ts › B works: AssertionError: expected 1 to be 2',
    ]);
  });

  it('counts a test file that failed to load as one failure', () => {
    const report = vitestReport({
      numFailedTests: 0,
      testResults: [
        { name: 'broken.test.ts', status: 'failed', assertionResults: [], message: 'SyntaxError' },
      ],
    });
    expect(countsFromVitest(report).failed).toBe(1);
    expect(countsFromVitest(report).failures).toEqual(['broken.test.ts: SyntaxError']);
  });

  it('rejects something that is not a report', () => {
    expect(() => countsFromVitest('nope')).toThrow();
  });
});

describe('countsFromE2e', () => {
  it('reads the runner’s totals', () => {
    expect(countsFromE2e({ passed: 5, failed: 2, tests: [] })).toMatchObject({
      passed: 5,
      failed: 2,
      skipped: 0,
    });
  });

  it('names the failed journeys', () => {
    const report = {
      passed: 1,
      failed: 1,
      tests: [
        { file: 'a.e2e.ts', name: 'opens', status: 'passed' },
        { file: 'b.e2e.ts', name: 'saves', status: 'failed', error: 'Timeout 5000 ms\nwaiting for …' },
      ],
    };
    expect(countsFromE2e(report).failures).toEqual(['b.e2e.ts › saves: Timeout 5000 ms']);
  });

  it('rejects a report without totals', () => {
    expect(() => countsFromE2e({ tests: [] })).toThrow();
  });
});

describe('summarize', () => {
  it('ends with one machine-readable line adding vitest and e2e tests', () => {
    const summary = summarize([
      { name: 'typecheck', exitCode: 0, counts: null },
      { name: 'lint', exitCode: 0, counts: null },
      { name: 'unit', exitCode: 0, counts: { passed: 200, failed: 0, skipped: 0 } },
      { name: 'e2e', exitCode: 0, counts: { passed: 6, failed: 0, skipped: 0 } },
    ]);
    expect(summary.lines.at(-1)).toBe('206 passed, 0 failed');
    expect(summary.failed).toBe(0);
  });

  it('counts a failed typecheck or lint step as one failure each', () => {
    const summary = summarize([
      { name: 'typecheck', exitCode: 2, counts: null },
      { name: 'lint', exitCode: 1, counts: null },
      { name: 'unit', exitCode: 1, counts: { passed: 3, failed: 2, skipped: 0 } },
    ]);
    expect(summary.lines.at(-1)).toBe('3 passed, 4 failed');
  });

  it('never reports zero failures for a step that exited non-zero', () => {
    const crashedWithoutReport = summarize([{ name: 'e2e', exitCode: 1, counts: null }]);
    expect(crashedWithoutReport.failed).toBe(1);
    const crashedAfterPassing = summarize([
      { name: 'unit', exitCode: 1, counts: { passed: 9, failed: 0, skipped: 0 } },
    ]);
    expect(crashedAfterPassing.lines.at(-1)).toBe('9 passed, 1 failed');
  });

  it('marks each step ok or FAIL', () => {
    const { lines } = summarize([
      { name: 'typecheck', exitCode: 0, counts: null },
      { name: 'lint', exitCode: 1, counts: null },
    ]);
    expect(lines[0]).toMatch(/^ok\s+typecheck/);
    expect(lines[1]).toMatch(/^FAIL lint/);
  });

  it('lists the failed tests under their step, before the last line', () => {
    const { lines } = summarize([
      {
        name: 'unit',
        exitCode: 1,
        counts: { passed: 9, failed: 1, skipped: 0, failures: ['a.test.ts › x: boom'] },
      },
    ]);
    expect(lines).toEqual([
      expect.stringMatching(/^FAIL unit/),
      '       ✗ a.test.ts › x: boom',
      '9 passed, 1 failed',
    ]);
  });

  it('names at most the first 20 failed tests, counts the rest, and keeps the last line', () => {
    const names = (prefix: string, n: number) =>
      Array.from({ length: n }, (_, i) => `${prefix}${i}.test.ts › t: boom`);
    const { lines } = summarize([
      { name: 'unit', exitCode: 1, counts: { passed: 5, failed: 15, skipped: 0, failures: names('u', 15) } },
      { name: 'e2e', exitCode: 1, counts: { passed: 1, failed: 300, skipped: 0, failures: names('e', 300) } },
    ]);
    expect(MAX_NAMED_FAILURES).toBe(20);
    expect(lines.filter((l) => l.includes('✗'))).toHaveLength(20);
    expect(lines).toContain('       ✗ e4.test.ts › t: boom');
    expect(lines).not.toContain('       ✗ e5.test.ts › t: boom');
    expect(lines.at(-2)).toBe('       … and 295 more failed in this step');
    expect(lines.at(-1)).toBe('6 passed, 315 failed');
    expect(lines).toHaveLength(2 + 20 + 1 + 1);
  });
});

describe('parseArgs and readCounts', () => {
  it('reads the reports named on the command line, and treats a missing one as absent', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ci-summary-'));
    const vitestFile = join(dir, 'vitest.json');
    writeFileSync(vitestFile, JSON.stringify(vitestReport()));
    const steps = parseArgs([
      '--check',
      'typecheck=0',
      '--vitest',
      `1=${vitestFile}`,
      '--e2e',
      `1=${join(dir, 'missing.json')}`,
    ]);
    expect(steps).toMatchObject([
      { name: 'typecheck', exitCode: 0, counts: null },
      { name: 'unit and component tests', exitCode: 1, counts: { passed: 10, failed: 1, skipped: 1 } },
      { name: 'browser journeys (e2e)', exitCode: 1, counts: null },
    ]);
    expect(summarize(steps).lines.at(-1)).toBe('10 passed, 2 failed');
  });

  it('treats an unreadable report as absent', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ci-summary-'));
    const file = join(dir, 'e2e.json');
    writeFileSync(file, '{ not json');
    expect(readCounts('e2e', file)).toBeNull();
  });

  it('rejects unknown flags', () => {
    expect(() => parseArgs(['--what', 'x=1'])).toThrow(/unknown flag/);
  });
});
