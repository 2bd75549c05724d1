/**
 * Lighthouse 12.8.2, offline, against the production build with the built-in mock (issue 5):
 * the catalog, the query builder with results, the map and the peak report. Chromium is started
 * here with a debugging port (no chrome-launcher); every page is a fresh Lighthouse navigation,
 * which clears storage and service workers first, so each is a cold load.
 *
 *   tsx bench/lighthouse.ts [desktop|mobile]   (default desktop; BENCH_SKIP_BUILD=1 reuses the build)
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import lighthouse, { desktopConfig, type Config, type Result } from 'lighthouse';
import { buildApp } from '../scripts/bundleBudget';
import { formatNumber, type BenchRow } from './harness';
import {
  assertChromium,
  BENCH_DIST,
  CHROMIUM,
  CHROMIUM_ARGS,
  HOST,
  startPreview,
  stopChild,
  waitUntilAnswering,
} from './previewServer';

const LIGHTHOUSE_APP_PORT = 4610;
const LIGHTHOUSE_DEBUG_PORT = 4611;

const LIGHTHOUSE_PAGES = [
  { label: 'catalog', path: '/' },
  { label: 'query builder with results', path: '/datasets/ercot_load/query?v=1&range=last_24h' },
  { label: 'map', path: '/locations' },
  { label: 'peak report', path: '/reports/daily-peak' },
] as const;

const TARGETS = { performance: 0.95, accessibility: 1, 'best-practices': 1 } as const;
type Category = keyof typeof TARGETS;
const CATEGORIES = Object.keys(TARGETS) as Category[];

export type Preset = 'desktop' | 'mobile';

interface PageScores {
  label: string;
  path: string;
  scores: Record<Category, number>;
  /** Audits that cost points, worst first, with the figure Lighthouse shows for them. */
  shortfalls: Record<Category, string[]>;
  metrics: string;
}

/** The audits of a category that did not get full marks, as `id (display value)`. */
function shortfallsOf(lhr: Result, category: Category): string[] {
  const refs = lhr.categories[category]?.auditRefs ?? [];
  return refs
    .filter((ref) => ref.weight > 0)
    .map((ref) => ({ ref, audit: lhr.audits[ref.id] }))
    .filter(
      ({ audit }) =>
        audit !== undefined &&
        audit.score !== null &&
        audit.score < 1 &&
        audit.scoreDisplayMode !== 'informative' &&
        audit.scoreDisplayMode !== 'notApplicable' &&
        audit.scoreDisplayMode !== 'manual',
    )
    .sort((a, b) => (a.audit?.score ?? 0) - (b.audit?.score ?? 0))
    .map(({ ref, audit }) => `${ref.id}${audit?.displayValue ? ` (${audit.displayValue})` : ''}`);
}

function metricsOf(lhr: Result): string {
  const m = (id: string): string => lhr.audits[id]?.displayValue ?? '?';
  return `FCP ${m('first-contentful-paint')}, LCP ${m('largest-contentful-paint')}, TBT ${m('total-blocking-time')}, CLS ${m('cumulative-layout-shift')}, SI ${m('speed-index')}`;
}

async function startChromium(port: number): Promise<{ stop: () => Promise<void> }> {
  assertChromium();
  const profile = mkdtempSync(join(tmpdir(), 'gridscope-lh-'));
  const child = spawn(
    CHROMIUM,
    [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, 'about:blank'],
    { stdio: 'ignore' },
  );
  const stop = async (): Promise<void> => {
    await stopChild(child);
    // Chromium's helper processes may still be writing the profile for a moment after the main
    // one exits; a leftover temp folder must not fail the benchmark.
    try {
      rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
    } catch {
      console.warn(`could not remove ${profile}`);
    }
  };
  try {
    await waitUntilAnswering(`http://${HOST}:${port}/json/version`, () => child.exitCode === null);
  } catch (error) {
    await stop();
    throw error;
  }
  return { stop };
}

async function auditPages(appUrl: string, preset: Preset, debugPort: number): Promise<PageScores[]> {
  const chromium = await startChromium(debugPort);
  const config: Config | undefined = preset === 'desktop' ? desktopConfig : undefined;
  const out: PageScores[] = [];
  try {
    for (const page of LIGHTHOUSE_PAGES) {
      const result = await lighthouse(
        `${appUrl}${page.path}`,
        { port: debugPort, hostname: HOST, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES },
        config,
      );
      if (result === undefined) throw new Error(`Lighthouse returned nothing for ${page.path}`);
      const { lhr } = result;
      if (lhr.runtimeError) throw new Error(`Lighthouse on ${page.path}: ${lhr.runtimeError.message}`);
      const scores = {} as Record<Category, number>;
      const shortfalls = {} as Record<Category, string[]>;
      for (const c of CATEGORIES) {
        scores[c] = lhr.categories[c]?.score ?? 0;
        shortfalls[c] = shortfallsOf(lhr, c);
      }
      out.push({ label: page.label, path: page.path, scores, shortfalls, metrics: metricsOf(lhr) });
    }
  } finally {
    await chromium.stop();
  }
  return out;
}

/** Issue 16: every page audited this many times; a score counts at its minimum, not its best. */
const LIGHTHOUSE_RUNS = 3;

/** One row per page and category: the lowest score of the runs, with the worst run's details. */
function lighthouseRows(runs: readonly (readonly PageScores[])[], preset: Preset): BenchRow[] {
  const first = runs[0] ?? [];
  return first.flatMap((page, index) =>
    CATEGORIES.map((c): BenchRow => {
      const ofPage = runs.map((r) => r[index]).filter((p): p is PageScores => p !== undefined);
      const scores = ofPage.map((p) => p.scores[c]);
      const worst = ofPage.reduce((a, b) => (b.scores[c] < a.scores[c] ? b : a), page);
      const score = Math.min(...scores);
      const target = TARGETS[c];
      const lost = worst.shortfalls[c].slice(0, 6).join(', ');
      return {
        figure: `Lighthouse ${preset}: ${page.label}, ${c}`,
        value: score,
        unit: '',
        target: `≥ ${formatNumber(target)} in ${LIGHTHOUSE_RUNS} of ${LIGHTHOUSE_RUNS} runs`,
        peer: null,
        ratio: null,
        verdict: score >= target ? 'pass' : 'short',
        note: [
          `lowest of ${scores.map((x) => formatNumber(x)).join(', ')}`,
          c === 'performance' ? `worst run: ${worst.metrics}` : '',
          lost ? `below full marks: ${lost}` : '',
        ]
          .filter(Boolean)
          .join('; '),
      };
    }),
  );
}

export async function run(
  preset: Preset = 'desktop',
  { build = process.env.BENCH_SKIP_BUILD !== '1' } = {},
): Promise<BenchRow[]> {
  if (build) buildApp(BENCH_DIST);
  const server = await startPreview(BENCH_DIST, LIGHTHOUSE_APP_PORT);
  try {
    const runs: PageScores[][] = [];
    for (let i = 0; i < LIGHTHOUSE_RUNS; i++)
      runs.push(await auditPages(server.url, preset, LIGHTHOUSE_DEBUG_PORT));
    return lighthouseRows(runs, preset);
  } finally {
    await server.stop();
  }
}

const entry = process.argv[1];
if (entry !== undefined && import.meta.url === pathToFileURL(entry).href) {
  const { formatTable } = await import('./harness');
  const preset: Preset = process.argv[2] === 'mobile' ? 'mobile' : 'desktop';
  const rows = await run(preset);
  console.log(formatTable(rows));
  for (const r of rows) if (r.note) console.log(`  ${r.figure} — ${r.note}`);
}
