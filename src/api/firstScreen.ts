import { createExternalStore } from '@/lib/store';

/**
 * Whether the app's first screen is done: its first answer has come and no request is left in
 * flight (src/app/boot.tsx decides). Requests that a first screen does not show (the check of a
 * typed filter value, an export's row estimate) wait for it (`useFirstScreenDone`), so that on a
 * cold link they do not take the page's thread from its own data: the registry of pricing
 * locations they read is built, answered and parsed in that thread, 40–50 ms of it on a cold
 * query-builder link (decision 0032). Done unless boot holds it: a page rendered without boot
 * (tests, the prerender) asks at once, and so does every page after the first.
 */
let done = true;
// Not `createValueStore`: that one reads its initial value while React hydrates, and a page
// hydrated during the hold would ask for what it holds.
const store = createExternalStore(() => done);

/** Boot, before the first render: the first screen is on its way. */
export function holdUntilFirstScreenDone(): void {
  done = false;
  store.notify();
}

/** Boot, once the first screen is done (or has taken too long): the held requests go. */
export function markFirstScreenDone(): void {
  if (done) return;
  done = true;
  store.notify();
}

/** In a component: whether requests that no first screen shows may go now. */
export const useFirstScreenDone = store.useValue;
