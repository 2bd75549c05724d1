import { describe, expect, it } from 'vitest';
import { ApiError } from '@/api/ApiError';
import { shouldRetry } from '@/api/queryClient';
import {
  backoffMs,
  isTransient,
  retryCanHelp,
  spentQuotaResetMs,
  SPENT_QUOTA_AFTER_S,
} from '@/api/retryPolicy';

const error = (status: number, extra: Partial<ConstructorParameters<typeof ApiError>[0]> = {}) =>
  new ApiError({ status, detail: null, path: '/v1/datasets', message: `status ${status}`, ...extra });

describe('the client’s one retry policy', () => {
  it('takes a 429 whose Retry-After runs past an hour for a spent quota, with its reset time', () => {
    const now = Date.UTC(2025, 6, 15, 20);
    expect(spentQuotaResetMs(error(429, { retryAfter: 6 * 3600 }), now)).toBe(now + 6 * 3600 * 1000);
    expect(spentQuotaResetMs(error(429, { retryAfter: SPENT_QUOTA_AFTER_S }), now)).toBeNull();
    expect(spentQuotaResetMs(error(429, { retryAfter: 2 }), now)).toBeNull();
    expect(spentQuotaResetMs(error(503, { retryAfter: 6 * 3600 }), now)).toBeNull();
  });

  it('waits the server’s Retry-After, else backs off exponentially up to 30 s', () => {
    expect(backoffMs(0, error(429, { retryAfter: 3 }))).toBe(3000);
    expect(backoffMs(0, error(502))).toBe(1000);
    expect(backoffMs(2, error(502))).toBe(4000);
    expect(backoffMs(10, error(0))).toBe(30_000);
    // A 503 that says when to come back is waited out (bounded), as the official client does.
    expect(backoffMs(0, error(503, { retryAfter: 20 }))).toBe(20_000);
    expect(backoffMs(0, error(503, { retryAfter: 3600 }))).toBe(120_000);
    expect(backoffMs(5, error(503, { retryAfter: 1 }))).toBe(30_000);
  });

  it('treats no answer, 5xx and time-outs as transient, and other 4xx as final', () => {
    expect(isTransient(error(0))).toBe(true);
    expect(isTransient(error(502))).toBe(true);
    expect(isTransient(error(0, { kind: 'timeout' }))).toBe(true);
    expect(isTransient(error(400))).toBe(false);
    expect(isTransient(error(404))).toBe(false);
    expect(isTransient(new Error('not an API error'))).toBe(false);
  });

  it('lets an interactive query retry a short 429 and a 5xx, but not a spent quota, a 4xx or a time-out', () => {
    expect(shouldRetry(0, error(429, { retryAfter: 1 }))).toBe(true);
    expect(shouldRetry(0, error(503))).toBe(true);
    expect(shouldRetry(0, error(429, { retryAfter: 6 * 3600 }))).toBe(false);
    expect(shouldRetry(0, error(422))).toBe(false);
    expect(shouldRetry(0, error(0, { kind: 'timeout' }))).toBe(false);
    expect(shouldRetry(3, error(503))).toBe(false);
  });

  it('offers Retry only where asking again can change the answer', () => {
    // No answer, no answer in time, a server error, an answer cut short, a burst limit: it may pass.
    for (const e of [
      error(0),
      error(0, { kind: 'timeout' }),
      error(500),
      error(503, { retryAfter: 3600 }),
      error(200),
      error(429, { retryAfter: 2 }),
      error(429),
    ])
      expect(retryCanHelp(e), `${e.status} ${e.kind}`).toBe(true);
    // The same request gets the same refusal: an unknown id, a bad parameter, a key without access,
    // a spent quota; and a sentence the client wrote about the request itself.
    for (const e of [
      error(400),
      error(401),
      error(403),
      error(404),
      error(422),
      error(429, { retryAfter: 6 * 3600 }),
      'There is no dataset nope.',
    ])
      expect(retryCanHelp(e), String(typeof e === 'string' ? e : e.status)).toBe(false);
    // A page whose code failed to load may load the next time.
    expect(retryCanHelp(new TypeError('Failed to fetch dynamically imported module'))).toBe(true);
  });
});
