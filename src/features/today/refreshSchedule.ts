/**
 * When the page asks a dataset for new rows: when its next interval is due, not on a fixed timer.
 * The mock (and the hosted API, a little later) has an interval's row once the interval has
 * started; a short grace lets a real server finish publishing. An answer that brought nothing
 * (the data is late) is asked again after a pause rather than at once, and no timer waits longer
 * than a minute before the plan is made again, so a clock that jumps (a laptop waking, a test
 * moving the clock) is noticed within that minute.
 */
import { MINUTE_MS, SECOND_MS } from '@/time';

/** After the instant an interval is due, before asking for it. */
export const GRACE_MS = 2 * SECOND_MS;
/** The longest a timer runs before the plan is made again. */
export const MAX_WAIT_MS = MINUTE_MS;

export interface LastAttempt {
  /** When the last request for new rows answered (or failed), epoch ms. */
  at: number;
  /** Rows it brought; 0 when it failed or the data was not there yet. */
  brought: number;
}

/** How long to wait after an attempt that brought nothing: a fifth of the cadence, 10 s to a minute. */
export function retryAfterNothing(stepMs: number): number {
  return Math.min(MINUTE_MS, Math.max(10 * SECOND_MS, stepMs / 5));
}

/** The instant to ask for rows that are due at `dueAt`, given the last attempt. */
export function askAt(dueAt: number, stepMs: number, last: LastAttempt | null): number {
  const planned = dueAt + GRACE_MS;
  if (last === null || last.brought > 0) return planned;
  return Math.max(planned, last.at + retryAfterNothing(stepMs));
}

/** The timer's delay towards `at` from `now`: never negative, never over MAX_WAIT_MS. */
export function timerDelay(at: number, now: number): number {
  return Math.min(MAX_WAIT_MS, Math.max(0, at - now));
}
