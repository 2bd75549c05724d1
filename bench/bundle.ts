/**
 * The catalog route's initial JavaScript (issue 5) as a benchmark row: the same figure
 * `scripts/bundleBudget.ts` checks, from the benchmarks' own build.
 */
import { pathToFileURL } from 'node:url';
import { buildApp, checkBudget } from '../scripts/bundleBudget';
import { formatNumber, judge, type BenchRow } from './harness';
import { BENCH_DIST } from './previewServer';

function bundleRows(distDir: string): BenchRow[] {
  const report = checkBudget(distDir);
  const largest = report.chunks
    .slice(0, 3)
    .map((c) => `${c.file.replace(/^assets\//, '')} ${formatNumber(c.gzipBytes / 1000)} kB`)
    .join(', ');
  return [
    {
      figure: 'catalog route initial JavaScript (gzip)',
      value: report.totalGzipBytes / 1000,
      unit: 'kB',
      target: `≤ ${formatNumber(report.budgetBytes / 1000)} kB`,
      peer: null,
      ratio: report.totalGzipBytes / report.budgetBytes,
      verdict: judge(report.totalGzipBytes, report.budgetBytes),
      note: `${report.chunks.length} chunks, largest ${largest}; mock, leaflet and the charts load lazily; ratio is of the budget`,
    },
  ];
}

/** Builds (unless BENCH_SKIP_BUILD=1 or `build: false`) into the folder later sections reuse. */
export function run({ build = process.env.BENCH_SKIP_BUILD !== '1' } = {}): Promise<BenchRow[]> {
  if (build) buildApp(BENCH_DIST);
  return Promise.resolve(bundleRows(BENCH_DIST));
}

const entry = process.argv[1];
if (entry !== undefined && import.meta.url === pathToFileURL(entry).href) {
  const { formatTable } = await import('./harness');
  console.log(formatTable(await run()));
}
