/**
 * Lighthouse 12.8.2, offline, against the production build with the built-in mock (issue 5), on
 * every page an analyst lands on (issue 31): the catalog, a dataset page, the query builder with
 * results, the map, the price map, Compare with the DART preset, the peak report, the overview
 * (/today), SQL, the library, usage and settings. The links that take a date are the cold-links
 * bench's (bench/coldLinkUrls.ts), pinned to one market day long past, so runs compare whatever
 * the hour. Chromium is started here with a debugging port (no chrome-launcher); every page is a
 * fresh Lighthouse navigation, which clears storage and service workers first, so each is a cold
 * load. Each page is audited three times and counts at its lowest score in each category:
 * performance 1.00, accessibility and best practices 1.
 *
 *   tsx bench/lighthouse.ts [desktop|mobile]   (default desktop; BENCH_SKIP_BUILD=1 reuses the build;
 *   BENCH_LIGHTHOUSE_PORT moves the app's port, Chromium's debugging port is the next one;
 *   BENCH_LIGHTHOUSE_ONLY picks pages by label, BENCH_LIGHTHOUSE_REPORTS keeps the full reports)
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import lighthouse, { desktopConfig, type Config, type Result } from 'lighthouse';
import { DATASET_IDS } from '@/contract';
import { writeUrlState } from '@/lib/urlState';
import { buildApp } from '../scripts/bundleBudget';
import { todayUrlState } from '../src/features/today/todayUrlState';
import { COLD_LINKS, LINK_DAY } from './coldLinkUrls';
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

/** Another port when two checkouts bench at once. */
const LIGHTHOUSE_APP_PORT = Number(process.env.BENCH_LIGHTHOUSE_PORT ?? 4610);
const LIGHTHOUSE_DEBUG_PORT = LIGHTHOUSE_APP_PORT + 1;

const LIGHTHOUSE_PAGES = [
  { label: 'catalog', path: '/' },
  { label: 'dataset page', path: `/datasets/${DATASET_IDS.load}` },
  { label: 'query builder with results', path: COLD_LINKS.query },
  { label: 'map', path: '/locations' },
  { label: 'price map', path: COLD_LINKS.priceMap },
  { label: 'Compare, DART preset', path: COLD_LINKS.compare },
  { label: 'peak report', path: COLD_LINKS.peakReport },
  {
    label: 'overview (/today)',
    path: `/today?${writeUrlState(todayUrlState, { date: LINK_DAY }).toString()}`,
  },
  { label: 'SQL', path: '/sql' },
  { label: 'library', path: '/library' },
  { label: 'usage', path: '/usage' },
  { label: 'settings', path: '/settings' },
] as const;

/** `BENCH_LIGHTHOUSE_ONLY=price,compare` audits the pages whose label contains one of the words. */
const ONLY = (process.env.BENCH_LIGHTHOUSE_ONLY ?? '')
  .split(',')
  .map((w) => w.trim().toLowerCase())
  .filter(Boolean);
const AUDITED_PAGES = LIGHTHOUSE_PAGES.filter(
  (p) => ONLY.length === 0 || ONLY.some((w) => p.label.toLowerCase().includes(w)),
);
/** `BENCH_LIGHTHOUSE_REPORTS=<folder>` keeps every run's full report there, to see which element shifted or blocked. */
const REPORTS = process.env.BENCH_LIGHTHOUSE_REPORTS;

const TARGETS = { performance: 1, accessibility: 1, 'best-practices': 1 } as const;
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
  /** What Lighthouse says could be saved (unused JavaScript, render-blocking requests, …), largest first. */
  opportunities: string[];
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

/** The diagnostics with a saving to offer (weight 0, so not among the shortfalls), as `id (display value)`. */
function opportunitiesOf(lhr: Result): string[] {
  const refs = lhr.categories.performance?.auditRefs ?? [];
  const saving = (id: string): number => {
    const savings = lhr.audits[id]?.metricSavings ?? {};
    return Object.values(savings).reduce<number>((sum, v) => sum + (v ?? 0), 0);
  };
  return refs
    .filter((ref) => ref.weight === 0 && (lhr.audits[ref.id]?.score ?? 1) < 1 && saving(ref.id) > 0)
    .sort((a, b) => saving(b.id) - saving(a.id))
    .map((ref) => {
      const audit = lhr.audits[ref.id];
      return `${ref.id}${audit?.displayValue ? ` (${audit.displayValue})` : ''}`;
    });
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

/** A failed trace (NO_NAVSTART, seen on a busy machine) is no score: the page is audited again, twice at most. */
const AUDIT_ATTEMPTS = 3;

async function auditPage(
  url: string,
  label: string,
  config: Config | undefined,
  debugPort: number,
): Promise<Result> {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(
      url,
      { port: debugPort, hostname: HOST, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES },
      config,
    );
    if (result === undefined) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (REPORTS !== undefined) {
      mkdirSync(REPORTS, { recursive: true });
      const name = `${label.replace(/\W+/g, '-')}-${new Date().toISOString().replace(/\W/g, '')}.json`;
      writeFileSync(join(REPORTS, name), JSON.stringify(lhr));
    }
    if (!lhr.runtimeError) return lhr;
    const message = `Lighthouse on ${url}: ${lhr.runtimeError.message}`;
    if (attempt >= AUDIT_ATTEMPTS) throw new Error(message);
    console.warn(`${message} (attempt ${attempt} of ${AUDIT_ATTEMPTS}, trying again)`);
  }
}

async function auditPages(appUrl: string, preset: Preset, debugPort: number): Promise<PageScores[]> {
  const chromium = await startChromium(debugPort);
  const config: Config | undefined = preset === 'desktop' ? desktopConfig : undefined;
  const out: PageScores[] = [];
  try {
    for (const page of AUDITED_PAGES) {
      const lhr = await auditPage(`${appUrl}${page.path}`, page.label, config, debugPort);
      const scores = {} as Record<Category, number>;
      const shortfalls = {} as Record<Category, string[]>;
      for (const c of CATEGORIES) {
        scores[c] = lhr.categories[c]?.score ?? 0;
        shortfalls[c] = shortfallsOf(lhr, c);
      }
      out.push({
        label: page.label,
        path: page.path,
        scores,
        shortfalls,
        metrics: metricsOf(lhr),
        opportunities: opportunitiesOf(lhr),
      });
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
          c === 'performance' && worst.opportunities.length > 0
            ? `could save: ${worst.opportunities.slice(0, 4).join(', ')}`
            : '',
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
