import { useEffect, useState } from 'react';
import { timerDelay } from './refreshSchedule';

/** The start of the `stepMs` interval that `now` falls in. */
export const intervalStartOf = (now: number, stepMs: number): number => Math.floor(now / stepMs) * stepMs;

/**
 * The start of the interval in progress, moving on as each new one starts (a timer aimed at the
 * next start, aimed again after a capped wait); fixed while `live` is false.
 */
export function useIntervalStart(stepMs: number, live: boolean): number {
  const [start, setStart] = useState(() => intervalStartOf(Date.now(), stepMs));
  const [wake, setWake] = useState(0);
  useEffect(() => {
    if (!live) return undefined;
    const timer = window.setTimeout(
      () => {
        const now = intervalStartOf(Date.now(), stepMs);
        if (now !== start) setStart(now);
        else setWake((n) => n + 1);
      },
      timerDelay(start + stepMs, Date.now()),
    );
    return () => window.clearTimeout(timer);
  }, [start, stepMs, live, wake]);
  return start;
}
