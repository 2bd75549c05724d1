import { useEffect, useState } from 'react';
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
 */
export function useIntervalStart(stepMs: number, live: boolean): number {
  const [start, setStart] = useState(() => newestIntervalAt(Date.now(), stepMs));
  useEffect(() => {
    if (!live) return undefined;
    let timer: number | undefined;
    const check = (): void => {
      const now = Date.now();
      const newest = newestIntervalAt(now, stepMs);
      if (newest !== start) setStart(newest);
      else timer = window.setTimeout(check, timerDelay(start + stepMs + GRACE_MS, now));
    };
    check();
    return () => window.clearTimeout(timer);
  }, [start, stepMs, live]);
  return start;
}
