// @vitest-environment jsdom
import { act, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { createMemoryRouter } from 'react-router-dom';
import { DEMO_API_KEY, setConnection } from '@/api/connection';
import { createQueryClient } from '@/api/queryClient';
import { App } from '@/app/App';
import { prerenderedPage, recoverableErrorOf } from '@/app/hydration';
import { PAGES } from '@/app/pages';
import { renderPage } from '@/app/prerender';
import { routes } from '@/app/router';
import { prefetchCatalog } from '@/features/catalog/catalogQueries';
import { setupMockServer } from '@/test/mockServer';
import { installJsdomShims } from '@/test/renderApp';
import { setupNodeSqlEngine } from '@/test/sqlEngineNode';

setupMockServer();
// The SQL page starts its engine once rendered: DuckDB in this process, as in its own tests.
setupNodeSqlEngine();

/**
 * The HTML the build writes for `path` (scripts/prerender.ts renders it the same way, from the
 * demo's answers), in `#root` with the meta tag the first-paint script reads and its verdict.
 */
async function prerendered(path: string, shell: boolean): Promise<HTMLElement> {
  const server = createQueryClient();
  if (!shell) await prefetchCatalog(server, '');
  const html = renderPage(path, server);
  document.body.innerHTML = `<div id="root">${html}</div>`;
  document.head.querySelector('meta[name="gridscope-prerendered"]')?.remove();
  const meta = document.createElement('meta');
  meta.name = 'gridscope-prerendered';
  meta.content = path;
  if (shell) meta.setAttribute('data-shell', '');
  document.head.append(meta);
  document.documentElement.dataset.prerender = 'fit';
  const root = document.getElementById('root');
  if (root === null) throw new Error('no root');
  return root;
}

/** Hydrates `container` as boot does, the catalog's data already in the cache; returns React's reports. */
async function hydrate(container: HTMLElement, path: string) {
  const kind = prerenderedPage(container);
  if (kind === null) throw new Error('boot would not hydrate this page');
  const queryClient = createQueryClient();
  if (kind === 'page') await prefetchCatalog(queryClient, '');
  const reported: unknown[] = [];
  const report = recoverableErrorOf(kind);
  vi.stubGlobal('reportError', (error: unknown) => reported.push(error));
  const consoleErrors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  let root: Root | undefined;
  await act(async () => {
    root = hydrateRoot(
      container,
      <StrictMode>
        <App router={createMemoryRouter(routes, { initialEntries: [path] })} queryClient={queryClient} />
      </StrictMode>,
      { onRecoverableError: report },
    );
    await Promise.resolve();
  });
  const unmount = (): void => {
    act(() => root?.unmount());
  };
  return { reported, consoleErrors, unmount };
}

describe('the prerendered first screen', () => {
  beforeAll(() => installJsdomShims());
  beforeEach(async () => {
    window.localStorage.clear();
    setConnection({ mode: 'demo', baseUrl: '', apiKey: DEMO_API_KEY, remember: false });
    await PAGES.catalog.code.load();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('renders the whole catalog, its coverage cells held as hidden placeholders', async () => {
    const root = await prerendered('/', false);
    expect(root.querySelectorAll('a[href^="/datasets/"]:not([href$="/query"])').length).toBeGreaterThan(10);
    // The demo's coverage runs up to the clock: the build's own would be untrue.
    expect(root.querySelectorAll('time')).toHaveLength(0);
    expect(root.querySelector('main td [aria-hidden="true"]')?.textContent).toBe('0000-00-00 00:00 CDT');
    expect(root.querySelector('nav [aria-current="page"]')?.textContent).toBe('Catalog');
  });

  it('hydrates the catalog in place: no mismatch, the same nodes, then the times fill in', async () => {
    const root = await prerendered('/', false);
    // Chosen in this browser, unknown to the build.
    window.localStorage.setItem('gridscope.theme', 'dark');
    const link = root.querySelector('a[href="/datasets/ercot_load"]');
    const { reported, consoleErrors, unmount } = await hydrate(root, '/');
    await waitFor(() => expect(root.querySelectorAll('time[datetime]').length).toBeGreaterThan(0));
    expect(link?.isConnected).toBe(true);
    expect(reported).toEqual([]);
    expect(consoleErrors).not.toHaveBeenCalled();
    // The first-paint script's "/" (firstPaint.ts) stops here: the field it focuses names the key.
    expect(document.documentElement.dataset.prerender).toBe('hydrated');
    expect(root.querySelector('input[type="search"]')?.getAttribute('aria-keyshortcuts')).toBe('/');
    // What the HTML could not know follows at once: the stored theme's switch.
    await waitFor(() =>
      expect(root.querySelector('.theme-switch')?.getAttribute('data-choice')).toBe('dark'),
    );
    unmount();
  });

  it('keeps what was typed into the prerendered filter before hydration, and filters by it', async () => {
    const root = await prerendered('/', false);
    const box = root.querySelector<HTMLInputElement>('input[type="search"]');
    if (box === null) throw new Error('no filter box');
    // Typed while the page was still HTML: no React listener heard it.
    box.value = 'fuel_mix';
    const { reported, unmount } = await hydrate(root, '/');
    await waitFor(() =>
      expect(root.querySelectorAll('a[href^="/datasets/"]:not([href$="/query"])')).toHaveLength(1),
    );
    expect(box.value).toBe('fuel_mix');
    expect(reported).toEqual([]);
    unmount();
  });

  it('hydrates a shell and renders its page into it, reporting nothing', async () => {
    const root = await prerendered('/settings', true);
    expect(root.querySelector('nav [aria-current="page"]')?.textContent).toBe('Settings');
    expect(root.textContent).toContain('Loading page…');
    const brand = root.querySelector('.brand');
    const { reported, unmount } = await hydrate(root, '/settings');
    await waitFor(() => expect(root.querySelector('h1')?.textContent).toBe('Settings'), { timeout: 5_000 });
    expect(brand?.isConnected).toBe(true);
    expect(reported).toEqual([]);
    unmount();
  });

  it("paints Compare's and SQL's headings from the shell, and their pages render the same heading in its place", async () => {
    for (const [path, heading, description] of [
      ['/compare', 'Compare', 'Several series on one time axis'],
      ['/sql', 'SQL', 'Ask your own questions of the results fetched here'],
    ] as const) {
      const root = await prerendered(path, true);
      // The largest text of the page is in the HTML, above the loading line.
      expect(root.querySelector('main h1')?.textContent).toBe(heading);
      expect(root.querySelector('main p')?.textContent).toContain(description);
      expect(root.textContent).toContain('Loading page…');
      const shellHeading = root.querySelector('main h1')?.parentElement?.outerHTML.split('</p>')[0];
      const { reported, consoleErrors, unmount } = await hydrate(root, path);
      await waitFor(() => expect(root.textContent).not.toContain('Loading page…'), { timeout: 10_000 });
      // The page's own heading, once: the shell's has given way to it, with the same markup (its
      // container, classes and text, up to the description's end).
      expect([...root.querySelectorAll('main h1')].map((h) => h.textContent)).toEqual([heading]);
      expect(root.querySelector('main p')?.textContent).toContain(description);
      expect(root.querySelector('main h1')?.parentElement?.outerHTML.split('</p>')[0]).toBe(shellHeading);
      expect(reported).toEqual([]);
      expect(consoleErrors).not.toHaveBeenCalledWith(expect.stringMatching(/hydrat/i), expect.anything());
      unmount();
    }
  }, 30_000);

  it("hydrates a dataset page's shell and its query builder's, their pages rendering into them", async () => {
    for (const [path, heading] of [
      ['/datasets/ercot_load', 'ERCOT Load'],
      ['/datasets/ercot_load/query?range=custom&start=2025-07-09&end=2025-07-16', 'Query ERCOT Load'],
    ] as const) {
      // The build renders the path alone: a shell holds nothing of the query string.
      const root = await prerendered(path.split('?')[0] ?? path, true);
      expect(root.textContent).toContain('Loading page…');
      expect(root.textContent).not.toContain('ERCOT');
      const brand = root.querySelector('.brand');
      const { reported, consoleErrors, unmount } = await hydrate(root, path);
      await waitFor(() => expect(root.querySelector('h1')?.textContent).toBe(heading), { timeout: 10_000 });
      expect(brand?.isConnected).toBe(true);
      expect(reported).toEqual([]);
      expect(consoleErrors).not.toHaveBeenCalledWith(expect.stringMatching(/hydrat/i), expect.anything());
      unmount();
    }
  }, 20_000);

  it('renders afresh, never hydrating, what the first-paint script found unfit or never judged', async () => {
    for (const verdict of ['unfit', undefined]) {
      const root = await prerendered('/', false);
      if (verdict === undefined) delete document.documentElement.dataset.prerender;
      else document.documentElement.dataset.prerender = verdict;
      expect(prerenderedPage(root)).toBeNull();
      expect(root.childNodes).toHaveLength(0);
      expect(document.documentElement.dataset.prerender).toBeUndefined();
    }
  });

  it('reports a real mismatch, even in a shell', () => {
    const reported: unknown[] = [];
    vi.stubGlobal('reportError', (error: unknown) => reported.push(error));
    recoverableErrorOf('shell')(new Error('Hydration failed because the server rendered text didn’t match'));
    recoverableErrorOf('page')(new Error('Minified React error #419'));
    expect(reported).toHaveLength(2);
  });
});
