const WINDOW_MS = 1000;

/**
 * Per-key sliding window of one second (contract §2). Only requests that were let through
 * occupy the window, so a client that backs off for `Retry-After: 1` always gets in again.
 */
export class RateLimiter {
  readonly #windows = new Map<string, number[]>();

  /** Records the request and returns true, or returns false when `limit` were let through in the last second. */
  tryAcquire(key: string, limit: number, now: number): boolean {
    // Filtering both ends keeps a test clock that moves backwards from locking a key out.
    const window = (this.#windows.get(key) ?? []).filter((t) => t > now - WINDOW_MS && t <= now);
    this.#windows.set(key, window);
    if (window.length >= limit) return false;
    window.push(now);
    return true;
  }

  reset(): void {
    this.#windows.clear();
  }
}
