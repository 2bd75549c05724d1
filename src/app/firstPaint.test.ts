// @vitest-environment jsdom
import { DEMO_API_KEY, setConnection } from '@/api/connection';
import { FIRST_PAINT_SCRIPT } from '@/app/firstPaint';
import { markHydrated } from '@/app/hydration';

/** Runs the script as the page does: its own text, nothing from this module in scope. */
function runScript(): void {
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the script's text is what the page runs
  (new Function(FIRST_PAINT_SCRIPT) as () => void)();
}

function page(path: string, prerendered: { path: string; shell?: boolean } | null): void {
  window.history.replaceState(null, '', path);
  document.head.querySelector('meta[name="gridscope-prerendered"]')?.remove();
  if (prerendered !== null) {
    const meta = document.createElement('meta');
    meta.name = 'gridscope-prerendered';
    meta.content = prerendered.path;
    if (prerendered.shell === true) meta.setAttribute('data-shell', '');
    document.head.append(meta);
  }
  const root = document.documentElement;
  root.removeAttribute('data-prerender');
  root.removeAttribute('data-theme');
}

const verdict = (): string | null => document.documentElement.getAttribute('data-prerender');
const demo = () => setConnection({ mode: 'demo', baseUrl: '', apiKey: DEMO_API_KEY, remember: false });

describe('the first-paint script', () => {
  beforeEach(() => {
    window.localStorage.clear();
    window.sessionStorage.clear();
  });

  it('lets the demo catalog show on its own URL, and nowhere else', () => {
    demo();
    page('/', { path: '/' });
    runScript();
    expect(verdict()).toBe('fit');

    // A query string changes the catalog's list; another path is another page (the SPA fallback).
    for (const path of ['/?q=load', '/?source=ercot', '/datasets/ercot_load', '/compare']) {
      page(path, { path: '/' });
      runScript();
      expect(verdict(), path).toBe('unfit');
    }
  });

  it('lets a shell show whatever the query string, on its own path only', () => {
    demo();
    page('/compare?s=ercot_load.load&range=last_7d', { path: '/compare', shell: true });
    runScript();
    expect(verdict()).toBe('fit');
    page('/compare/extra', { path: '/compare', shell: true });
    runScript();
    expect(verdict()).toBe('unfit');
  });

  it("lets a dataset's shells show on their own path only, never on a path the server decoded to it", () => {
    demo();
    const query = { path: '/datasets/ercot_load/query', shell: true };
    // A query-builder link always carries its query: the shell holds none of it.
    page('/datasets/ercot_load/query?range=custom&start=2025-07-09&fcol=location&fval=HB_NORTH', query);
    runScript();
    expect(verdict()).toBe('fit');
    // vite preview decodes a path to find its file: these are served a shell made for another path.
    for (const [path, meta] of [
      ['/datasets/ercot_load%2Fquery', query],
      ['/datasets/ercot%5Fload/query', query],
      ['/datasets/ercot_load/query.html', query],
      ['/datasets/ercot_load.html', { path: '/datasets/ercot_load', shell: true }],
      ['/datasets/ercot_load/', { path: '/', shell: false }],
    ] as const) {
      page(path, meta);
      runScript();
      expect(verdict(), path).toBe('unfit');
    }
  });

  it('hides the demo content from a user of another server, whichever way they reach it', () => {
    for (const mode of ['remote', 'proxy'] as const) {
      // Stored by the app's own settings code: the script reads what the app writes.
      setConnection({ mode, baseUrl: 'https://api.example.com', apiKey: 'k', remember: false });
      page('/', { path: '/' });
      runScript();
      expect(verdict(), mode).toBe('unfit');
    }
  });

  it('takes unreadable settings for the demo, as the app does', () => {
    window.localStorage.setItem('gridscope.connection', '{not json');
    page('/', { path: '/' });
    runScript();
    expect(verdict()).toBe('fit');
    window.localStorage.setItem('gridscope.connection', '"remote"');
    runScript();
    expect(verdict()).toBe('fit');
  });

  it('judges nothing where no page was prerendered (dev, or a page without HTML of its own)', () => {
    page('/', null);
    runScript();
    expect(verdict()).toBeNull();
  });

  it('sets the stored theme before the first paint, else the system one', () => {
    page('/', null);
    window.localStorage.setItem('gridscope.theme', 'dark');
    runScript();
    expect(document.documentElement.dataset.theme).toBe('dark');
    window.localStorage.setItem('gridscope.theme', 'light');
    runScript();
    expect(document.documentElement.dataset.theme).toBe('light');
    window.localStorage.removeItem('gridscope.theme');
    Object.defineProperty(window, 'matchMedia', {
      configurable: true,
      value: (query: string) => ({ matches: query.includes('dark') }),
    });
    runScript();
    expect(document.documentElement.dataset.theme).toBe('dark');
  });

  it('asks for the first screen modules at once, unless the page is whole already', () => {
    const list = document.createElement('meta');
    list.name = 'gridscope-modules';
    list.content = '/assets/boot-1.js /assets/framework-2.js';
    document.head.append(list);
    const preloads = (): string[] =>
      [...document.head.querySelectorAll('link[rel="modulepreload"]')].map(
        (l) => l.getAttribute('href') ?? '',
      );
    demo();
    try {
      // The catalog on its own URL is whole: its modules come after its first paint (main.tsx).
      page('/', { path: '/' });
      runScript();
      expect(preloads()).toEqual([]);
      // A shell needs its page's code for its content; another URL needs everything.
      for (const [path, prerendered] of [
        ['/compare', { path: '/compare', shell: true }],
        ['/datasets/ercot_load', { path: '/' }],
      ] as const) {
        document.head.querySelectorAll('link[rel="modulepreload"]').forEach((l) => l.remove());
        page(path, prerendered);
        runScript();
        expect(preloads(), path).toEqual(['/assets/boot-1.js', '/assets/framework-2.js']);
        expect(document.head.querySelector('link[rel="modulepreload"]')?.getAttribute('crossorigin')).toBe(
          '',
        );
      }
    } finally {
      list.remove();
      document.head.querySelectorAll('link[rel="modulepreload"]').forEach((l) => l.remove());
    }
  });

  it('focuses the catalog\'s field on "/" before the app has hydrated it, and leaves the key to the app after', () => {
    demo();
    page('/', { path: '/' });
    const root = document.createElement('div');
    root.id = 'root';
    root.innerHTML =
      '<input type="search" aria-keyshortcuts="/" value="load"><select aria-label="Source"></select><button>x</button>';
    document.body.append(root);
    const field = root.querySelector('input') as HTMLInputElement;
    const press = (target: Element, init: KeyboardEventInit = {}): boolean =>
      target.dispatchEvent(
        new KeyboardEvent('keydown', { key: '/', bubbles: true, cancelable: true, ...init }),
      );
    try {
      runScript();
      expect(verdict()).toBe('fit');
      const button = root.querySelector('button') as HTMLButtonElement;
      // With a modifier the key is the browser's; in another field it is text.
      expect(press(document.body, { ctrlKey: true })).toBe(true);
      expect(press(root.querySelector('select') as Element)).toBe(true);
      expect(document.activeElement).not.toBe(field);

      expect(press(button)).toBe(false);
      expect(document.activeElement).toBe(field);
      expect([field.selectionStart, field.selectionEnd]).toEqual([0, 4]);

      // Hydrated: the catalog's own listener (useFocusShortcut) has the key; this one is quiet.
      field.blur();
      markHydrated();
      expect(verdict()).toBe('hydrated');
      expect(press(button)).toBe(true);
      expect(document.activeElement).not.toBe(field);
    } finally {
      root.remove();
    }
  });

  it('reads the URL and storage only: a crafted path or setting becomes no markup and no request', () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    window.localStorage.setItem(
      'gridscope.connection',
      JSON.stringify({ mode: '<img src=x onerror=alert(1)>' }),
    );
    window.localStorage.setItem('gridscope.theme', '"><script>alert(1)</script>');
    page('/%3Cscript%3Ealert(1)%3C/script%3E?x=<b>', { path: '/' });
    const before = document.documentElement.outerHTML.length;
    runScript();
    expect(verdict()).toBe('unfit');
    expect(document.documentElement.dataset.theme).toMatch(/^(light|dark)$/);
    expect(document.querySelectorAll('script, img')).toHaveLength(0);
    expect(document.documentElement.outerHTML.length - before).toBeLessThan(60);
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
