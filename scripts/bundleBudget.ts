/**
 * The catalog route's initial-JavaScript budget (issue 5): the gzip bytes of every chunk a cold
 * load of `/` must fetch before the dataset list can render — the entry chunk, the app's
 * (src/app/boot.tsx), the CatalogPage chunk, and everything they import statically — read from a build's `.vite/manifest.json`.
 * Dynamic imports (leaflet, recharts, other pages) and the mock's chunk are left out: they load
 * later or only in demo mode.
 *
 *   tsx scripts/bundleBudget.ts               build into a temp folder, check, remove it
 *   tsx scripts/bundleBudget.ts --dist dist   check an existing build (needs build.manifest)
 *
 * Exits 1 when the budget is exceeded.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** 150 kB, in the 1000-byte kilobytes Vite's build report uses. */
export const CATALOG_BUDGET_BYTES = 150_000;
export const CATALOG_PAGE_SRC = 'src/features/catalog/CatalogPage.tsx';
/** The app itself: the entry asks for it, the first page and the demo backend side by side. */
export const APP_SRC = 'src/app/boot.tsx';
const MOCK_PREFIX = 'src/mock/';

/** One entry of Vite's build manifest (the fields this script reads). */
export interface ManifestChunk {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

export type Manifest = Record<string, ManifestChunk>;

export interface ChunkSize {
  /** The manifest key (`index.html`, `src/…`, `_shared-hash.js`). */
  key: string;
  file: string;
  gzipBytes: number;
}

export interface BudgetReport {
  chunks: ChunkSize[];
  totalGzipBytes: number;
  budgetBytes: number;
  ok: boolean;
}

export function readManifest(distDir: string): Manifest {
  const path = join(distDir, '.vite', 'manifest.json');
  if (!existsSync(path)) {
    throw new Error(`${path} is missing: build with build.manifest enabled (vite build --manifest).`);
  }
  return JSON.parse(readFileSync(path, 'utf8')) as Manifest;
}

function entryKey(manifest: Manifest): string {
  const entries = Object.entries(manifest).filter(([, c]) => c.isEntry === true);
  const html = entries.find(([key]) => key === 'index.html');
  const chosen = html ?? entries[0];
  if (chosen === undefined) throw new Error('the manifest has no entry chunk');
  return chosen[0];
}

/**
 * The manifest keys of the JavaScript a cold load of the page needs: the entry, the app and
 * `pageSrc`, with their static imports followed transitively. Mock modules are never counted, even when reached.
 */
export function initialChunks(manifest: Manifest, pageSrc: string = CATALOG_PAGE_SRC): string[] {
  if (manifest[pageSrc] === undefined) {
    throw new Error(`${pageSrc} is not a chunk of this build: is it still loaded with import()?`);
  }
  const seen = new Set<string>();
  const visit = (key: string): void => {
    if (seen.has(key) || key.startsWith(MOCK_PREFIX)) return;
    const chunk = manifest[key];
    if (chunk === undefined) return;
    seen.add(key);
    for (const next of chunk.imports ?? []) visit(next);
  };
  visit(entryKey(manifest));
  visit(APP_SRC);
  visit(pageSrc);
  return [...seen].filter((key) => manifest[key]?.file.endsWith('.js') === true);
}

export function gzipSize(bytes: Uint8Array): number {
  return gzipSync(bytes, { level: 9 }).byteLength;
}

export function checkBudget(
  distDir: string,
  { pageSrc = CATALOG_PAGE_SRC, budgetBytes = CATALOG_BUDGET_BYTES } = {},
): BudgetReport {
  const manifest = readManifest(distDir);
  const chunks = initialChunks(manifest, pageSrc).map((key): ChunkSize => {
    const file = manifest[key]?.file ?? '';
    return { key, file, gzipBytes: gzipSize(readFileSync(join(distDir, file))) };
  });
  chunks.sort((a, b) => b.gzipBytes - a.gzipBytes);
  const totalGzipBytes = chunks.reduce((sum, c) => sum + c.gzipBytes, 0);
  return { chunks, totalGzipBytes, budgetBytes, ok: totalGzipBytes <= budgetBytes };
}

/**
 * A production build into `outDir` in a child process, so that a caller running under Vitest
 * (NODE_ENV=test) still gets React's production build. Source maps are skipped: they do not change
 * the chunks and halve the build time.
 */
export function buildApp(outDir: string, { sourcemap = false } = {}): void {
  const args = ['build', '--outDir', outDir, '--emptyOutDir', '--manifest', '--logLevel', 'warn'];
  if (!sourcemap) args.push('--sourcemap', 'false');
  const result = spawnSync(join(ROOT, 'node_modules/.bin/vite'), args, {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'production' },
    encoding: 'utf8',
  });
  if (result.status !== 0) {
    throw new Error(`vite build failed (exit ${result.status}):\n${result.stdout}\n${result.stderr}`);
  }
}

export function formatReport(report: BudgetReport): string {
  const kb = (n: number): string => `${(n / 1000).toFixed(2)} kB`;
  const lines = report.chunks.map((c) => `  ${kb(c.gzipBytes).padStart(10)}  ${c.file}  (${c.key})`);
  const verdict = report.ok ? 'within' : 'OVER';
  lines.push(
    `catalog initial JavaScript: ${kb(report.totalGzipBytes)} gzip, ${verdict} the ${kb(report.budgetBytes)} budget`,
  );
  return lines.join('\n');
}

function main(argv: readonly string[]): number {
  const at = argv.indexOf('--dist');
  const given = at >= 0 ? argv[at + 1] : undefined;
  const dist = given ?? mkdtempSync(join(tmpdir(), 'gridscope-budget-'));
  try {
    if (given === undefined) buildApp(dist);
    const report = checkBudget(dist);
    console.log(formatReport(report));
    return report.ok ? 0 : 1;
  } finally {
    if (given === undefined) rmSync(dist, { recursive: true, force: true });
  }
}

const entry = process.argv[1];
if (entry !== undefined && import.meta.url === pathToFileURL(entry).href) {
  process.exitCode = main(process.argv.slice(2));
}
