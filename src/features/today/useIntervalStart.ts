import { useEffect, useState } from 'react';
import { inRefreshBatch } from './refreshBatch';
import { GRACE_MS, timerDelay } from './refreshSchedule';

/** The start of the `stepMs` interval that `now` falls in. */
const intervalStartOf = (now: number, stepMs: number): number => Math.floor(now / stepMs) * stepMs;

/**
 * The newest interval there to be asked for: the one in progress once `GRACE_MS` of it have passed
 * (the rule every dataset of the page follows: a server has an interval's rows shortly after it
 * starts, not at the instant), the one before until then.
 */
export const newestIntervalAt = (now: number, stepMs: number): number =>
  intervalStartOf(now - GRACE_MS, stepMs);

/**
 * The newest interval there to be asked for (`newestIntervalAt`), moving on as each new one is;
 * fixed while `live` is false. Its timer renders only when the interval moves on: a capped wait
 * that ends early is aimed again without a render.
 *
 * With `prepare` (stable: a new function restarts the wait), the move waits for what it returns
 * (the new interval's data in the cache) and is made with the page's other new rows of the same
 * mark (`inRefreshBatch`): one render for the mark, not one for the move and one for its answer.
 * A `prepare` that fails moves on all the same; the new interval's query then says why.
 */
export function useIntervalStart(
  stepMs: number,
  live: boolean,
  prepare?: (start: number) => Promise<unknown>,
): number {
  const [start, setStart] = useState(() => newestIntervalAt(Date.now(), stepMs));
  useEffect(() => {
    if (!live) return undefined;
    let timer: number | undefined;
    let ended = false;
    const check = (): void => {
      const now = Date.now();
      const newest = newestIntervalAt(now, stepMs);
      if (newest === start) {
        timer = window.setTimeout(check, timerDelay(start + stepMs + GRACE_MS, now));
        return;
      }
      if (prepare === undefined) {
        setStart(newest);
        return;
      }
      const move = (): void => {
        if (!ended) setStart(newest);
      };
      inRefreshBatch(() => prepare(newest), move, move);
    };
    check();
    return () => {
      ended = true;
      window.clearTimeout(timer);
    };
  }, [start, stepMs, live, prepare]);
  return start;
}
