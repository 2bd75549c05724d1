import { useEffect } from 'react';

/**
 * Whether the first page has been committed to the DOM: its mount effects have run, so what they
 * start (the map's or a chart's code, asked for on mount) is on its way. Boot's wait for the first
 * screen starts here: a cold link's data can be in the cache before the page is committed (boot
 * prefetches it while the page's code downloads), and the navigation's preload then ran between
 * the page's render and its commit, ahead of the location page's map (decision 0032).
 */
let committed = false;
const waiting: (() => void)[] = [];

function markPageCommitted(): void {
  if (committed) return;
  committed = true;
  for (const run of waiting.splice(0)) run();
}

/** Runs `run` once the first page has been committed (at once if it has). */
export function whenPageCommitted(run: () => void): void {
  if (committed) run();
  else waiting.push(run);
}

/**
 * Rendered beside the page, inside the boundary that suspends while the page's code or data is on
 * its way: its effect runs in the commit that shows the page, after the page's own effects.
 */
export function PageCommitted(): null {
  useEffect(markPageCommitted, []);
  return null;
}
