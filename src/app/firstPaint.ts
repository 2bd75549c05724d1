/**
 * Runs before the first paint, inline at the top of <head> (vite.config.ts puts it there and lets
 * exactly this script run through a hash in the Content-Security-Policy, which allows no other
 * inline script; docs/decisions/0033-prerendered-first-screen.md). A script file would cost a
 * round trip on which every other request of the page waited. It decides what the prerendered HTML
 * cannot know:
 * - the theme (theme.ts): the stored choice, else the system's, so a dark page never flashes light;
 * - whether the HTML's prerendered content may show: it is the built-in demo's, rendered for one
 *   path (the meta tag `gridscope-prerendered`, written by scripts/prerender.ts). Anyone whose
 *   backend is not the demo (api/connection.ts), whose URL is another page, or who opens the
 *   catalog with a query string must not see it: `data-prerender="unfit"` hides it (styles.css) and
 *   boot renders afresh. Boot hydrates only what this found `fit`.
 * - which of the first screen's modules to ask for at once (below);
 * - on a whole catalog, the "/" key until the app has hydrated it (below).
 * It reads storage and the URL and writes two attributes and the build's own preload links;
 * nothing it reads becomes markup, code or a request. It is inlined as its own source text, so it
 * must use nothing from outside its body.
 */
function firstPaint(): void {
  const root = document.documentElement;
  const stored = (key: string): string | null => {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  };

  const choice = stored('gridscope.theme');
  const systemDark =
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-color-scheme: dark)').matches;
  root.setAttribute('data-theme', choice === 'dark' || (choice !== 'light' && systemDark) ? 'dark' : 'light');

  const meta = document.querySelector('meta[name="gridscope-prerendered"]');
  let whole = false;
  if (meta !== null) {
    let demo: boolean;
    try {
      const settings: unknown = JSON.parse(stored('gridscope.connection') ?? 'null');
      const mode =
        typeof settings === 'object' && settings !== null ? (settings as { mode?: unknown }).mode : null;
      demo = mode !== 'remote' && mode !== 'proxy';
    } catch {
      demo = true;
    }
    const samePage = window.location.pathname === meta.getAttribute('content');
    const shell = meta.hasAttribute('data-shell');
    const fits = demo && samePage && (shell || window.location.search === '');
    root.setAttribute('data-prerender', fits ? 'fit' : 'unfit');
    whole = fits && !shell;
  }

  // The catalog is painted from the HTML 100–300 ms before the app hydrates it; a "/" pressed
  // then would find no listener. Until boot marks the page hydrated (hydration.ts), it focuses the
  // field that names "/" as its shortcut, as the catalog's own listener does afterwards.
  if (whole) {
    document.addEventListener('keydown', (event) => {
      if (root.getAttribute('data-prerender') !== 'fit' || event.key !== '/' || event.defaultPrevented)
        return;
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      const target = event.target;
      if (
        target instanceof HTMLElement &&
        (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))
      ) {
        return;
      }
      const field = document.querySelector('#root input[aria-keyshortcuts="/"]');
      if (!(field instanceof HTMLInputElement)) return;
      event.preventDefault();
      field.focus();
      field.select();
    });
  }

  // The first screen's modules, listed by the build (vite.config.ts): asked for now, after the
  // styles (their preloads come before this script, so the modules do not take HTTP/1.1's six
  // connections first), unless the page is whole already. Then they come after its first paint
  // (main.tsx): compiling them as they arrived held that paint back (bench catalog-load, paired).
  const modules = document.querySelector('meta[name="gridscope-modules"]');
  if (modules === null || whole) return;
  for (const href of (modules.getAttribute('content') ?? '').split(' ')) {
    if (href === '') continue;
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
}

/** The script's text as the page carries it. */
export const FIRST_PAINT_SCRIPT = `(${firstPaint.toString()})();`;
