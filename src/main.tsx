import { startDemoBackendIfChosen } from '@/app/demoBackend';
import { pageAt, preloadPageAt } from '@/app/pages';

/*
 * The entry does only what lets the first screen's pieces arrive side by side
 * (docs/decisions/0020-first-screen.md): it asks at once for the app's code, the demo backend's
 * and the first page's (the built page already lists them as modulepreload links, so their
 * downloads began with the HTML), and imports nothing heavy itself, so it runs as soon as it arrives.
 */
startDemoBackendIfChosen({ warmEngine: pageAt(window.location.pathname)?.queries === true });
void preloadPageAt(window.location.pathname, { firstScreen: true });
void import('@/app/boot').then(({ boot }) => boot());
