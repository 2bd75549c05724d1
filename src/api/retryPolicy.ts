/**
 * When the client asks again, in one place for queries (react-query's retry) and export jobs.
 *
 * - A 429 says when to come back (`Retry-After`). A short wait is a burst limit: wait and retry.
 *   A wait past an hour is a spent daily or monthly quota: never retried; the user is told when it
 *   resets, and an export stops resumably (contract §2; the official client does the same).
 * - A network failure or a 5xx is transient: retried with bounded exponential backoff.
 * - Any other 4xx is an answer about the request itself and will not change by asking again.
 * - A time-out is not retried by an interactive query (the user has already waited the whole
 *   time-out; the message offers Retry), but an export, which nobody watches, tries again.
 * - A Retry button is offered only where asking again can change the answer (`retryCanHelp`).
 */
import { isApiError, isTimeoutError, type ApiError } from '@/api/ApiError';

/** A `Retry-After` beyond this is a spent quota, not a burst. */
export const SPENT_QUOTA_AFTER_S = 3600;
/** The longest `Retry-After` an interactive query waits out before showing the error instead. */
export const INTERACTIVE_WAIT_LIMIT_S = 60;
const MAX_BACKOFF_MS = 30_000;
/** A 5xx's `Retry-After` is waited out up to this; longer, the server is down and the error shows. */
const MAX_RETRY_AFTER_5XX_MS = 120_000;

export function isRateLimited(error: unknown): error is ApiError {
  return isApiError(error) && error.status === 429;
}

/** A 429 whose `Retry-After` runs past an hour: when the quota resets, else null. */
export function spentQuotaResetMs(error: unknown, now = Date.now()): number | null {
  if (!isRateLimited(error) || error.retryAfter === null || error.retryAfter <= SPENT_QUOTA_AFTER_S)
    return null;
  return now + error.retryAfter * 1000;
}

/** A failure that may pass by itself: no answer, a 5xx, a body cut short (status 2xx), a time-out. */
export function isTransient(error: unknown): boolean {
  if (!isApiError(error)) return false;
  return (
    isTimeoutError(error) ||
    error.status === 0 ||
    error.status >= 500 ||
    (error.status >= 200 && error.status < 300)
  );
}

/**
 * Milliseconds before attempt `failureCount + 1`: the server's `Retry-After` on a 429, or on a
 * 5xx that gives one (a 503 during maintenance, as the official client honours it) when it is the
 * longer wait; else bounded exponential backoff.
 */
export function backoffMs(failureCount: number, error: unknown): number {
  if (isRateLimited(error) && error.retryAfter !== null) return error.retryAfter * 1000;
  return Math.max(Math.min(1000 * 2 ** failureCount, MAX_BACKOFF_MS), serverRetryAfterMs(error));
}

/** The wait a 5xx asks for with `Retry-After` (bounded), else 0. */
export function serverRetryAfterMs(error: unknown): number {
  if (!isApiError(error) || error.status < 500 || error.retryAfter === null) return 0;
  return Math.min(error.retryAfter * 1000, MAX_RETRY_AFTER_5XX_MS);
}

/**
 * Whether asking again can bring a different answer, which decides whether a page offers Retry
 * (the shared error message asks this, so every page follows one rule). Yes for a failure that may
 * pass by itself (no answer, a time-out, a 5xx, a body cut short) and for a rate limit that lifts
 * within the hour. No for any other 4xx (an unknown dataset or location, a bad parameter, a key
 * without access) or a spent quota: the same request gets the same refusal, and a button that only
 * fails again is a dead end; those messages say what to do instead. A sentence the client wrote
 * about the request itself (a string) will not change either; any other error (a page's code that
 * failed to load) may.
 */
export function retryCanHelp(error: unknown): boolean {
  if (typeof error === 'string') return false;
  if (!isApiError(error)) return true;
  if (isRateLimited(error)) return spentQuotaResetMs(error) === null;
  return isTransient(error);
}
