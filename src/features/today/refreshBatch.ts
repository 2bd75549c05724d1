/**
 * Answers to requests for new rows that were sent together are committed together. At a 5-minute
 * mark several datasets are due at once (fuel mix, load, the minute's reserves); merged one by one,
 * each answer would render the page on its own. Held until the last of them is in (never longer
 * than `HOLD_MS` after the first), they go into the cache in one batch: one render for the mark.
 */
import { notifyManager } from '@tanstack/react-query';

/** The longest an answer waits for the others sent with it. */
const HOLD_MS = 500;

let pending = 0;
let held: (() => void)[] = [];
let holdTimer: number | undefined;

function flush(): void {
  window.clearTimeout(holdTimer);
  holdTimer = undefined;
  const commits = held;
  held = [];
  notifyManager.batch(() => {
    for (const commit of commits) commit();
  });
}

/**
 * Sends `request` now; `commit` (or `fail`) runs with the others in flight once every one of them
 * has answered, or `HOLD_MS` after this one did.
 */
export function inRefreshBatch<T>(
  request: () => Promise<T>,
  commit: (answer: T) => void,
  fail: (error: unknown) => void,
): void {
  pending += 1;
  const settle = (apply: () => void): void => {
    pending -= 1;
    held.push(apply);
    if (pending === 0) flush();
    else holdTimer ??= window.setTimeout(flush, HOLD_MS);
  };
  request().then(
    (answer) => settle(() => commit(answer)),
    (error: unknown) => settle(() => fail(error)),
  );
}
