import { missingClasses, pageFile, pageHtml } from './prerender';

const TEMPLATE = `<!doctype html><html><head><meta charset="UTF-8" />
    <script data-first-paint>(function firstPaint() {})();</script>
<title>GridScope</title></head><body><div id="root"></div></body></html>`;

describe('the prerendered pages', () => {
  it('puts the page into the root and names its path before the first-paint script reads it', () => {
    const html = pageHtml(TEMPLATE, { path: '/compare', shell: true, html: '<div class="app">shell</div>' });
    expect(html).toContain('<div id="root"><div class="app">shell</div></div>');
    const meta = html.indexOf('<meta name="gridscope-prerendered" content="/compare" data-shell>');
    expect(meta).toBeGreaterThan(0);
    expect(meta).toBeLessThan(html.indexOf('<script data-first-paint>'));
    expect(pageHtml(TEMPLATE, { path: '/', shell: false, html: '' })).toContain(
      '<meta name="gridscope-prerendered" content="/">',
    );
  });

  it('inserts the rendered HTML as it is, `$` patterns included', () => {
    const html = pageHtml(TEMPLATE, { path: '/', shell: false, html: '<p>$& $1 $$</p>' });
    expect(html).toContain('<div id="root"><p>$& $1 $$</p></div>');
  });

  it('escapes the path it writes into an attribute', () => {
    const html = pageHtml(TEMPLATE, { path: '/a"><script>x</script>', shell: true, html: '' });
    expect(html).toContain('content="/a&quot;&gt;&lt;script&gt;x&lt;/script&gt;"');
  });

  it('refuses a template it cannot fill, rather than writing a page that never hydrates', () => {
    expect(() =>
      pageHtml(TEMPLATE.replace('<div id="root"></div>', ''), { path: '/', shell: false, html: '' }),
    ).toThrow(/#root|root/);
    expect(() =>
      pageHtml(TEMPLATE.replace('<script data-first-paint>', '<script>'), {
        path: '/',
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
  });

  it('finds the CSS-module classes the built styles lack', () => {
    const html = '<div class="app _page_1h7sv_1"><p class="_count_1h7sv_20 status-line"></p></div>';
    expect(missingClasses(html, '._page_1h7sv_1{display:flex}')).toEqual(['_count_1h7sv_20']);
    expect(missingClasses(html, '._page_1h7sv_1{}._count_1h7sv_20{}')).toEqual([]);
  });
});
