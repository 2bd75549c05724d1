/**
 * The small kit the benchmarks share: timing with warm-up and medians, A/B timing that alternates
 * two contenders inside one run (so drift in CPU clocks or GC pressure hits both alike), and the
 * plain-text table the figures are printed as.
 */
import { performance } from 'node:perf_hooks';

export interface Timing {
  /** Milliseconds. */
  median: number;
  min: number;
  max: number;
  runs: number;
}

export interface TimingOptions {
  warmup: number;
  runs: number;
}

export function median(xs: readonly number[]): number {
  if (xs.length === 0) throw new Error('median of no samples');
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  const hi = sorted[mid] ?? 0;
  return sorted.length % 2 === 1 ? hi : ((sorted[mid - 1] ?? 0) + hi) / 2;
}

export function summarise(samples: readonly number[]): Timing {
  return {
    median: median(samples),
    min: Math.min(...samples),
    max: Math.max(...samples),
    runs: samples.length,
  };
}

/** Wall time of one call in ms; awaits a promise so async peers are timed to completion. */
async function timeOnce(fn: () => unknown): Promise<number> {
  const t0 = performance.now();
  const out = fn();
  if (out instanceof Promise) await out;
  return performance.now() - t0;
}

export async function measure(fn: () => unknown, { warmup, runs }: TimingOptions): Promise<Timing> {
  for (let i = 0; i < warmup; i++) await timeOnce(fn);
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) samples.push(await timeOnce(fn));
  return summarise(samples);
}

/**
 * Times `a` and `b` in turns (a, b, b, a, a, b, …) after warming both, so neither always runs
 * first after the other's garbage.
 */
export async function measurePair(
  a: () => unknown,
  b: () => unknown,
  { warmup, runs }: TimingOptions,
): Promise<[Timing, Timing]> {
  for (let i = 0; i < warmup; i++) {
    await timeOnce(a);
    await timeOnce(b);
  }
  const sa: number[] = [];
  const sb: number[] = [];
  for (let i = 0; i < runs; i++) {
    if (i % 2 === 0) {
      sa.push(await timeOnce(a));
      sb.push(await timeOnce(b));
    } else {
      sb.push(await timeOnce(b));
      sa.push(await timeOnce(a));
    }
  }
  return [summarise(sa), summarise(sb)];
}

export type Verdict = 'pass' | 'short' | 'info';

/** One line of the printed table and of `results.json`. */
export interface BenchRow {
  figure: string;
  /** The measured figure in `unit`. */
  value: number;
  unit: string;
  /** What the figure should reach, in words (`≤ 1.0×`), or null when it is informational. */
  target: string | null;
  /** The figure it is compared with, in words, or null. */
  peer: string | null;
  /** value / peer (or the ratio the target is about), or null. */
  ratio: number | null;
  verdict: Verdict;
  /** Anything a reader needs to trust the figure: rows examined, runs, checks. */
  note?: string;
}

/** `ratio ≤ limit` passes; a null limit makes the row informational. */
export function judge(ratio: number, limit: number | null): Verdict {
  if (limit === null) return 'info';
  return ratio <= limit ? 'pass' : 'short';
}

/** Three significant figures, thousands grouped: enough to compare, short enough to read. */
export function formatNumber(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  const abs = Math.abs(n);
  const digits = abs >= 100 ? 0 : abs >= 10 ? 1 : abs >= 1 ? 2 : 3;
  return n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

const HEADERS = ['figure', 'value', 'target', 'peer', 'ratio', 'result'] as const;

function cells(row: BenchRow): string[] {
  return [
    row.figure,
    `${formatNumber(row.value)} ${row.unit}`,
    row.target ?? '—',
    row.peer ?? '—',
    row.ratio === null ? '—' : `${formatNumber(row.ratio)}×`,
    row.verdict === 'info' ? '—' : row.verdict,
  ];
}

/** A fixed-width text table; numbers right-aligned, words left-aligned. */
export function formatTable(rows: readonly BenchRow[]): string {
  const body = rows.map(cells);
  const widths = HEADERS.map((h, i) => Math.max(h.length, ...body.map((r) => (r[i] ?? '').length)));
  const rightAligned = new Set([1, 4]);
  const line = (r: readonly string[]): string =>
    r
      .map((c, i) => {
        const w = widths[i] ?? 0;
        return rightAligned.has(i) ? c.padStart(w) : c.padEnd(w);
      })
      .join('  ')
      .trimEnd();
  const rule = widths.map((w) => '-'.repeat(w)).join('  ');
  return [line(HEADERS), rule, ...body.map(line)].join('\n');
}
