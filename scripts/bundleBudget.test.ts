import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  buildApp,
  CATALOG_BUDGET_BYTES,
  CATALOG_PAGE_SRC,
  checkBudget,
  formatReport,
  initialChunks,
  readManifest,
  type Manifest,
} from './bundleBudget';

const manifest: Manifest = {
  'index.html': {
    file: 'assets/index.js',
    isEntry: true,
    imports: ['_react.js'],
    dynamicImports: [CATALOG_PAGE_SRC, 'src/mock/browser.ts', 'src/components/map/LocationMap.tsx'],
    css: ['assets/index.css'],
  },
  '_react.js': { file: 'assets/react.js' },
  '_zod.js': { file: 'assets/zod.js', imports: ['_react.js'] },
  [CATALOG_PAGE_SRC]: {
    file: 'assets/CatalogPage.js',
    isDynamicEntry: true,
    imports: ['_zod.js', 'index.html', '_style.css'],
  },
  '_style.css': { file: 'assets/style.css' },
  'src/mock/browser.ts': { file: 'assets/browser.js', isDynamicEntry: true, imports: ['_msw.js'] },
  '_msw.js': { file: 'assets/msw.js' },
  'src/components/map/LocationMap.tsx': { file: 'assets/LocationMap.js', isDynamicEntry: true },
};

describe('initialChunks', () => {
  it('counts the entry, the catalog page and their static imports, once each', () => {
    expect(initialChunks(manifest).sort()).toEqual(
      ['_react.js', '_zod.js', CATALOG_PAGE_SRC, 'index.html'].sort(),
    );
  });

  it('leaves out lazily loaded chunks, the mock and stylesheets', () => {
    const keys = initialChunks(manifest);
    expect(keys).not.toContain('src/mock/browser.ts');
    expect(keys).not.toContain('_msw.js');
    expect(keys).not.toContain('src/components/map/LocationMap.tsx');
    expect(keys).not.toContain('_style.css');
  });

  it('never counts a mock module, even one the page would import statically', () => {
    const leaky: Manifest = {
      ...manifest,
      [CATALOG_PAGE_SRC]: { file: 'assets/CatalogPage.js', imports: ['src/mock/browser.ts'] },
    };
    expect(initialChunks(leaky)).not.toContain('src/mock/browser.ts');
  });

  it('refuses a build where the catalog page is not a chunk of its own', () => {
    const { [CATALOG_PAGE_SRC]: _page, ...merged } = manifest;
    expect(() => initialChunks(merged)).toThrow(/CatalogPage\.tsx is not a chunk/);
  });
});

describe('the production build', () => {
  let dist = '';
  beforeAll(() => {
    dist = mkdtempSync(join(tmpdir(), 'gridscope-budget-test-'));
    buildApp(dist);
  }, 120_000);
  afterAll(() => {
    rmSync(dist, { recursive: true, force: true });
  });

  it('keeps the catalog route within its initial-JavaScript budget', () => {
    const report = checkBudget(dist);
    // The figure goes to the CI log, so a regression shows how far over it went and which chunk grew.
    console.log(formatReport(report));
    expect(report.totalGzipBytes).toBeLessThanOrEqual(CATALOG_BUDGET_BYTES);
  });

  it('loads the mock, leaflet and recharts lazily, never from the catalog route', () => {
    const built = readManifest(dist);
    const initialSources = initialChunks(built).map((key) => built[key]?.file ?? '');
    const lazy = Object.entries(built)
      .filter(([key]) => /^src\/(mock\/browser|components\/map\/|components\/charts\/)/.test(key))
      .map(([, chunk]) => chunk.file);
    expect(lazy.length).toBeGreaterThan(0);
    for (const file of lazy) expect(initialSources).not.toContain(file);
  });

  it('loads Apache Arrow’s reader and writer with DuckDB and the first table, not with the SQL page’s code', () => {
    const built = readManifest(dist);
    // Arrow's file magic: in its IPC reader and writer, and in no code of ours.
    const holdsArrow = (key: string) => readFileSync(join(dist, built[key]?.file ?? '')).includes('ARROW1');
    const sqlFirstScreen = initialChunks(built, 'src/features/sql/SqlPage.tsx');
    expect(sqlFirstScreen.filter(holdsArrow)).toEqual([]);
    // It is still in the build, where DuckDB's results and a table's load read it.
    expect(Object.keys(built).some(holdsArrow)).toBe(true);
  });

  it('asks for every page’s styles before its first-paint script, and applies them after it', () => {
    const pages = (readdirSync(dist, { recursive: true }) as string[]).filter((f) => f.endsWith('.html'));
    expect(pages.length).toBeGreaterThan(10);
    for (const page of pages) {
      const [before = '', after = ''] = readFileSync(join(dist, page), 'utf8').split(
        '<script data-first-paint>',
      );
      const preloaded = [...before.matchAll(/<link rel="preload" as="style" crossorigin href="([^"]+)">/g)];
      const applied = [...after.matchAll(/<link rel="stylesheet" crossorigin href="([^"]+)">/g)];
      expect(preloaded.length, page).toBeGreaterThan(0);
      // The same styles, in the same order: a preload the page does not apply is a wasted request.
      expect(
        preloaded.map((m) => m[1]),
        page,
      ).toEqual(applied.map((m) => m[1]));
      expect(before, page).not.toContain('rel="stylesheet"');
    }
  });
});
