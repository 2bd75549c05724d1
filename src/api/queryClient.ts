import { notifyManager, QueryClient, type QueryClientConfig } from '@tanstack/react-query';
import { isApiError, isTimeoutError } from '@/api/ApiError';
import { backoffMs, INTERACTIVE_WAIT_LIMIT_S, isRateLimited, isTransient } from '@/api/retryPolicy';
import { usageKeys } from '@/api/usage/keys';

const MAX_RETRIES = 3;

/**
 * Whether a failed query is worth another attempt. A 4xx is an answer about the request itself
 * and will not change by asking again, except 429, which says when to come back. A time-out is
 * never retried by itself: the user has already watched the whole time-out go by, and three more
 * would keep a spinner up for two minutes with no word of what is wrong; the message says the
 * server did not answer and offers Retry instead (docs/decisions/0007-request-timeouts.md).
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_RETRIES) return false;
  if (!isApiError(error) || isTimeoutError(error)) return false;
  if (isRateLimited(error)) return error.retryAfter === null || error.retryAfter <= INTERACTIVE_WAIT_LIMIT_S;
  return isTransient(error);
}

/** Milliseconds before attempt `failureCount + 1`: the server's Retry-After, else bounded exponential backoff. */
export function retryDelay(failureCount: number, error: unknown): number {
  return backoffMs(failureCount, error);
}

function isUsageKey(key: readonly unknown[]): boolean {
  return key[0] === usageKeys.all[0];
}

export function createQueryClient(config: QueryClientConfig = {}): QueryClient {
  // Components hear of an answer at the end of the task it arrived in, not a timer later: a 0-ms
  // timer waited behind the first screen's rendering (bench catalog-load: the list came well
  // after the catalog's answer). Updates within one task are still batched into one render.
  notifyManager.setScheduler(queueMicrotask);
  const client = new QueryClient({
    ...config,
    defaultOptions: {
      ...config.defaultOptions,
      queries: {
        retry: shouldRetry,
        retryDelay,
        // Always ask: a browser that believes it is offline would otherwise hold every query
        // unasked, its spinner waiting for no request, though the demo backend runs in the page and
        // a real server's failure is said at once (and offered again) by the error message.
        networkMode: 'always',
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        ...config.defaultOptions?.queries,
      },
    },
  });
  // Every other request counts toward the caller's quota, so the usage figures go stale with it.
  client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    if (isUsageKey(event.query.queryKey as readonly unknown[])) return;
    if (event.action.manual === true) return;
    void client.invalidateQueries({ queryKey: usageKeys.all });
  });
  return client;
}
