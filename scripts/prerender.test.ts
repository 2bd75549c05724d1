import { prerenderPages } from '../src/app/prerender';
import {
  firstScreenFiles,
  missingClasses,
  pageFile,
  pageHtml,
  SHELL_PAGE_MODULES,
  withPageFiles,
} from './prerender';

const TEMPLATE = `<!doctype html><html><head><meta charset="UTF-8" />
    <script data-first-paint>(function firstPaint() {})();</script>
<title>GridScope</title></head><body><div id="root"></div></body></html>`;

describe('the prerendered pages', () => {
  it('puts the page into the root and names its path before the first-paint script reads it', () => {
    const html = pageHtml(TEMPLATE, {
      path: '/compare',
      route: '/compare',
      shell: true,
      html: '<div class="app">shell</div>',
    });
    expect(html).toContain('<div id="root"><div class="app">shell</div></div>');
    const meta = html.indexOf('<meta name="gridscope-prerendered" content="/compare" data-shell>');
    expect(meta).toBeGreaterThan(0);
    expect(meta).toBeLessThan(html.indexOf('<script data-first-paint>'));
    expect(pageHtml(TEMPLATE, { path: '/', route: '/', shell: false, html: '' })).toContain(
      '<meta name="gridscope-prerendered" content="/">',
    );
  });

  it('inserts the rendered HTML as it is, `$` patterns included', () => {
    const html = pageHtml(TEMPLATE, { path: '/', route: '/', shell: false, html: '<p>$& $1 $$</p>' });
    expect(html).toContain('<div id="root"><p>$& $1 $$</p></div>');
  });

  it('escapes the path it writes into an attribute', () => {
    const html = pageHtml(TEMPLATE, { path: '/a"><script>x</script>', route: '/a', shell: true, html: '' });
    expect(html).toContain('content="/a&quot;&gt;&lt;script&gt;x&lt;/script&gt;"');
  });

  it('refuses a template it cannot fill, rather than writing a page that never hydrates', () => {
    expect(() =>
      pageHtml(TEMPLATE.replace('<div id="root"></div>', ''), {
        path: '/',
        route: '/',
        shell: false,
        html: '',
      }),
    ).toThrow(/#root|root/);
    expect(() =>
      pageHtml(TEMPLATE.replace('<script data-first-paint>', '<script>'), {
        path: '/',
        route: '/',
        shell: false,
        html: '',
      }),
    ).toThrow(/first-paint/);
  });

  it('writes each page where a static server looks for its path', () => {
    expect(pageFile('/', '/')).toBe('index.html');
    expect(pageFile('/', '/compare')).toBe('compare.html');
    expect(pageFile('/', '/reports/daily-peak')).toBe('reports/daily-peak.html');
    expect(pageFile('/app/', '/app/')).toBe('index.html');
    expect(pageFile('/app/', '/app/sql')).toBe('sql.html');
    // A dataset's page and its query builder: vite preview tries `<path>.html` for either.
    expect(pageFile('/', '/datasets/ercot_load')).toBe('datasets/ercot_load.html');
    expect(pageFile('/', '/datasets/ercot_load/query')).toBe('datasets/ercot_load/query.html');
  });

  it('writes no file outside its folder, whatever the path', () => {
    for (const path of [
      '/datasets/..',
      '/datasets/../../etc/passwd',
      '/datasets/a%2F..%2Fb',
      '/datasets/.hidden',
      '/datasets//query',
      '/datasets/a b',
      '/datasets/a\\b',
    ])
      expect(() => pageFile('/', path), path).toThrow(/no file/);
  });

  it('renders a shell for every demo dataset page and query builder, each naming its own page module', async () => {
    const ownFetch = globalThis.fetch;
    const pages = await prerenderPages();
    // The build's own process is left as it was: its fetch, and no `window` (Node has none).
    expect(globalThis.fetch).toBe(ownFetch);
    expect('window' in globalThis).toBe(false);
    const paths = pages.map((p) => p.path);
    const ids = pages.filter((p) => p.route === '/datasets/:id').map((p) => p.path.split('/')[2]);
    expect(ids).toContain('ercot_load');
    expect(ids.length).toBeGreaterThan(10);
    for (const id of ids) expect(paths).toContain(`/datasets/${id}/query`);
    for (const page of pages.filter((p) => p.shell)) {
      expect(SHELL_PAGE_MODULES[page.route], page.route).toBeDefined();
      expect(page.html).toContain('Loading page…');
      expect(pageFile('/', page.path)).toMatch(/^[\w/-]+\.html$/);
    }
    // A shell holds no dataset's content: its page renders in the browser, into it.
    const dataset = pages.find((p) => p.path === '/datasets/ercot_load');
    expect(dataset?.html).not.toContain('ERCOT');
  }, 30_000);

  it('finds the CSS-module classes the built styles lack', () => {
    const html = '<div class="app _page_1h7sv_1"><p class="_count_1h7sv_20 status-line"></p></div>';
    expect(missingClasses(html, '._page_1h7sv_1{display:flex}')).toEqual(['_count_1h7sv_20']);
    expect(missingClasses(html, '._page_1h7sv_1{}._count_1h7sv_20{}')).toEqual([]);
  });

  it("gives a shell its own page's modules and styles, not the catalog's", () => {
    const manifest = {
      'src/app/boot.tsx': { file: 'assets/boot.js', imports: ['_app.js'], css: ['assets/boot.css'] },
      '_app.js': { file: 'assets/app.js', imports: ['_framework.js'], css: ['assets/app.css'] },
      '_framework.js': { file: 'assets/framework.js' },
      'src/features/compare/ComparePage.tsx': {
        file: 'assets/ComparePage.js',
        imports: ['_app.js', '_chart.js'],
        css: ['assets/ComparePage.css'],
      },
      '_chart.js': { file: 'assets/chart.js', css: ['assets/chart.css'] },
    };
    const files = firstScreenFiles(manifest, ['src/app/boot.tsx', 'src/features/compare/ComparePage.tsx']);
    expect(files.scripts).toEqual([
      'assets/boot.js',
      'assets/app.js',
      'assets/framework.js',
      'assets/ComparePage.js',
      'assets/chart.js',
    ]);
    expect(files.styles).toEqual([
      'assets/boot.css',
      'assets/app.css',
      'assets/ComparePage.css',
      'assets/chart.css',
    ]);
    expect(() => firstScreenFiles(manifest, ['src/features/gone/GonePage.tsx'])).toThrow(/manifest/);

    const index = `<head><link rel="preload" as="style" crossorigin href="/assets/boot.css">
    <link rel="preload" as="style" crossorigin href="/assets/CatalogPage.css">
    <meta name="gridscope-modules" content="/assets/boot.js /assets/CatalogPage.js">
    <script data-first-paint>x</script>
    <link rel="stylesheet" crossorigin href="/assets/boot.css">
    <link rel="stylesheet" crossorigin href="/assets/CatalogPage.css">
    <script type="module" crossorigin src="/assets/framework.js"></script></head>`;
    const shell = withPageFiles(index, '/', files);
    expect(shell).toContain(
      '<meta name="gridscope-modules" content="/assets/boot.js /assets/app.js /assets/ComparePage.js /assets/chart.js">',
    );
    expect(shell).not.toContain('CatalogPage');
    expect(shell.match(/rel="stylesheet"/g)).toHaveLength(4);
    expect(shell).toContain('<link rel="stylesheet" crossorigin href="/assets/chart.css">');
    // Each style is asked for before the first-paint script (whose module preloads would take
    // HTTP/1.1's connections first), and applied after it, where it does not hold the script.
    const head = shell.split('<script data-first-paint>');
    expect(head[0]?.match(/<link rel="preload" as="style" crossorigin href="[^"]+">/g)).toEqual(
      files.styles.map((f) => `<link rel="preload" as="style" crossorigin href="/${f}">`),
    );
    expect(head[0]).not.toContain('rel="stylesheet"');
    expect(head[1]?.match(/rel="stylesheet" crossorigin href="([^"]+)"/g)).toHaveLength(files.styles.length);
  });
});
