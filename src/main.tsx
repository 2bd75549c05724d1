import { startDemoBackendIfChosen } from '@/app/demoBackend';
import { pageAt, preloadPageAt } from '@/app/pages';

/*
 * The entry does only what lets the first screen's pieces arrive side by side
 * (docs/decisions/0020-first-screen.md): it asks at once for the app's code, the demo backend's
 * and the first page's (the built page already lists them as modulepreload links, so their
 * downloads began with the HTML), and imports nothing heavy itself, so it runs as soon as it arrives.
 */
function start(): void {
  startDemoBackendIfChosen({ warmEngine: pageAt(window.location.pathname)?.queries === true });
  void preloadPageAt(window.location.pathname, { firstScreen: true });
  void import('@/app/boot').then(({ boot }) => boot());
}

// A prerendered page that fits this user is whole at its first paint (src/app/firstPaint.ts judged
// it; docs/decisions/0033-prerendered-first-screen.md): the app's work waits for that paint
// rather than holding it back. Its code keeps downloading meanwhile (the page's modulepreloads).
if (document.documentElement.dataset.prerender === 'fit') requestAnimationFrame(() => setTimeout(start, 0));
else start();
