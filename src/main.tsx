import { startDemoBackendIfChosen } from '@/app/demoBackend';
import { pageAt, preloadPageAt } from '@/app/pages';

/*
 * The entry does only what lets the first screen's pieces arrive side by side
 * (docs/decisions/0020-first-screen.md): it asks at once for the app's code, the demo backend's
 * and the first page's (the built page's first-paint script has already preloaded them, except for
 * a whole prerendered catalog), and imports nothing heavy itself, so it runs as soon as it arrives.
 */
function start(): void {
  startDemoBackendIfChosen({ warmEngine: pageAt(window.location.pathname)?.queries === true });
  void preloadPageAt(window.location.pathname, { firstScreen: true });
  void import('@/app/boot').then(({ boot }) => boot());
}

// A prerendered page that fits this user (src/app/firstPaint.ts judged it; decision 0033) is on
// screen at its first paint: the app's work waits for that paint rather than holding it back. A
// shell's modules are already downloading (the first-paint script preloads them); a whole
// catalog's are asked for here, after its paint.
if (document.documentElement.dataset.prerender === 'fit') requestAnimationFrame(() => setTimeout(start, 0));
else start();
