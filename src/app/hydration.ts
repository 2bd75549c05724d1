/**
 * What the HTML holds in `#root` for boot to hydrate (docs/decisions/0033-prerendered-first-screen.md):
 * a whole page (the catalog), a page's shell (the header, and the page's loading line into which
 * it renders), or nothing. The first-paint script (firstPaint.ts) has already judged, before the first paint,
 * whether the prerendered content fits this user and this URL (it is the demo's, for one path);
 * what does not fit, or was not judged (the script did not load), is removed and rendered afresh.
 */
export function prerenderedPage(container: HTMLElement): 'page' | 'shell' | null {
  const root = document.documentElement;
  const meta = document.querySelector('meta[name="gridscope-prerendered"]');
  const fits = meta !== null && root.dataset.prerender === 'fit' && container.firstElementChild !== null;
  if (!fits) {
    container.replaceChildren();
    delete root.dataset.prerender;
    return null;
  }
  return meta.hasAttribute('data-shell') ? 'shell' : 'page';
}

/**
 * A shell's page is rendered in the browser: React reports the boundary the server left to the
 * client (error #419, "switched to client rendering") as recoverable, and it is expected there.
 * Anything else (a mismatch) is reported as React reports it by default.
 */
export function recoverableErrorOf(prerendered: 'page' | 'shell') {
  return (error: unknown): void => {
    const expected =
      prerendered === 'shell' &&
      error instanceof Error &&
      /#419|client rendering|Suspense boundary/.test(error.message);
    if (!expected) reportError(error);
  };
}

/**
 * Once React has taken over the prerendered page: what the first-paint script did for it until
 * then (the catalog's "/" key) stops, and the page's own code does it.
 */
export function markHydrated(): void {
  const root = document.documentElement;
  if (root.dataset.prerender === 'fit') root.dataset.prerender = 'hydrated';
}
