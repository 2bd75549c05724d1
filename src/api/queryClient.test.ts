import { ApiError } from '@/api/ApiError';
import { createQueryClient, retryDelay, shouldRetry } from '@/api/queryClient';
import { usageKeys } from '@/api/usage/keys';

const error = (status: number, retryAfter: number | null = null) =>
  new ApiError({ status, detail: 'x', retryAfter, path: '/v1/x' });

describe('retry policy', () => {
  it('does not retry answers about the request itself', () => {
    for (const status of [400, 401, 403, 404, 422]) expect(shouldRetry(0, error(status))).toBe(false);
  });

  it('retries network failures and server errors a bounded number of times', () => {
    expect(shouldRetry(0, error(0))).toBe(true);
    expect(shouldRetry(2, error(503))).toBe(true);
    expect(shouldRetry(3, error(503))).toBe(false);
  });

  it('retries a short rate limit after Retry-After, but not a spent daily quota', () => {
    expect(shouldRetry(0, error(429, 1))).toBe(true);
    expect(retryDelay(1, error(429, 1))).toBe(1000);
    expect(shouldRetry(0, error(429, 4 * 3600))).toBe(false);
  });

  it('backs off exponentially up to a ceiling', () => {
    expect(retryDelay(0, error(0))).toBe(1000);
    expect(retryDelay(1, error(500))).toBe(2000);
    expect(retryDelay(2, error(500))).toBe(4000);
    expect(retryDelay(10, error(500))).toBe(30_000);
  });

  it('never retries a time-out by itself: the user has waited it out once and gets a Retry button', () => {
    const timeout = new ApiError({ status: 0, kind: 'timeout', detail: null, path: '/v1/x' });
    expect(shouldRetry(0, timeout)).toBe(false);
    expect(shouldRetry(0, error(0))).toBe(true);
  });

  it('does not retry programming errors', () => {
    expect(shouldRetry(0, new TypeError('x is undefined'))).toBe(false);
  });
});

describe('usage refresh', () => {
  it('marks usage stale when another query succeeds', async () => {
    const client = createQueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(usageKeys.all, { plan: 'Developer' });
    expect(client.getQueryState(usageKeys.all)?.isInvalidated).toBe(false);
    await client.query({ queryKey: ['datasets'], queryFn: () => Promise.resolve([]) });
    expect(client.getQueryState(usageKeys.all)?.isInvalidated).toBe(true);
  });
});
