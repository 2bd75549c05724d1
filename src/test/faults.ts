/**
 * Faults a real network produces, as msw handlers to put in front of the real mock for one test
 * (`server.use(fault.handler)`). Each fault records the requests it saw, so a test can count
 * attempts (retries) and check that a request was cancelled.
 */
import type { QueryClient } from '@tanstack/react-query';
import { act } from '@testing-library/react';
import { delay, http, HttpResponse, type HttpHandler } from 'msw';
import { retryDelay, shouldRetry } from '@/api/queryClient';
import { renderApp, type RenderAppOptions } from '@/test/renderApp';

/** An msw path pattern: `'*\/v1/datasets'`, `'*\/v1/datasets/:id/query'`… */
export type FaultPath = string | RegExp;

export interface Fault {
  handler: HttpHandler;
  /** Every request the fault answered (or is still holding), in order. */
  requests: Request[];
}

export interface FaultOptions {
  /** Answer only the first matching request; later ones reach the real mock. */
  once?: boolean;
}

function fault(
  path: FaultPath,
  answer: (request: Request) => Response | Promise<Response | undefined> | undefined,
  options: FaultOptions = {},
): Fault {
  const requests: Request[] = [];
  const handler = http.get(
    path,
    ({ request }) => {
      requests.push(request);
      return answer(request);
    },
    { once: options.once ?? false },
  );
  return { handler, requests };
}

/** 500 with the server's own sentence. */
export function serverError(
  path: FaultPath,
  detail = 'Internal Server Error',
  options?: FaultOptions,
): Fault {
  return fault(path, () => HttpResponse.json({ detail }, { status: 500 }), options);
}

/** The connection fails (DNS, refused, offline): `fetch` rejects with a TypeError. */
export function networkError(path: FaultPath, options?: FaultOptions): Fault {
  return fault(path, () => HttpResponse.error(), options);
}

/** A 200 whose body is cut off: `{"data":[`. */
export function malformedJson(
  path: FaultPath,
  contentType: 'application/json' | 'text/plain' = 'application/json',
  options?: FaultOptions,
): Fault {
  return fault(
    path,
    () => new HttpResponse('{"data":[', { status: 200, headers: { 'Content-Type': contentType } }),
    options,
  );
}

/** 429 with `Retry-After` (seconds), as the per-second rate limit answers. */
export function rateLimited(
  path: FaultPath,
  retryAfterSeconds = 2,
  options?: FaultOptions,
  detail = 'Too Many Requests. Limit: 20 per 1 second.',
): Fault {
  return fault(
    path,
    () =>
      HttpResponse.json({ detail }, { status: 429, headers: { 'Retry-After': String(retryAfterSeconds) } }),
    options,
  );
}

export interface NeverFault extends Fault {
  /** How many of the held requests the client has given up on (aborted). */
  aborted(): number;
  /** Resolves once `count` held requests have been aborted. */
  whenAborted(count?: number): Promise<void>;
}

/**
 * A request that is never answered: it stays open until the client aborts it, which is how a
 * test proves that leaving a page (or pressing Cancel) cancels its requests.
 */
export function neverAnswers(path: FaultPath, options?: FaultOptions): NeverFault {
  let abortedCount = 0;
  const waiters = new Set<() => void>();
  const base = fault(
    path,
    (request) =>
      new Promise<Response>((resolve) => {
        const settle = () => {
          abortedCount += 1;
          for (const wake of waiters) wake();
          // The client has already rejected its fetch; this answer goes nowhere.
          resolve(HttpResponse.error());
        };
        if (request.signal.aborted) settle();
        else request.signal.addEventListener('abort', settle, { once: true });
      }),
    options,
  );
  return {
    ...base,
    aborted: () => abortedCount,
    whenAborted: (count = 1) =>
      new Promise<void>((resolve) => {
        const check = () => {
          if (abortedCount >= count) {
            waiters.delete(check);
            resolve();
          }
        };
        waiters.add(check);
        check();
      }),
  };
}

/** The real answer, late: waits `ms`, then lets the request through to the real mock handlers. */
export function slowResponse(path: FaultPath, ms: number, options?: FaultOptions): Fault {
  return fault(
    path,
    async () => {
      await delay(ms);
      // No answer here: msw moves on to the next matching handler, the real mock.
      return undefined;
    },
    options,
  );
}

/**
 * Turns on the app's real retry policy (none for 4xx but 429; backoff for 5xx and network errors)
 * with delays cut to at most `maxDelayMs`, so a test can watch retries without waiting seconds.
 */
function enableRetries(queryClient: QueryClient, maxDelayMs = 20): void {
  queryClient.setDefaultOptions({
    ...queryClient.getDefaultOptions(),
    queries: {
      ...queryClient.getDefaultOptions().queries,
      retry: shouldRetry,
      retryDelay: (failureCount: number, error: unknown) =>
        Math.min(retryDelay(failureCount, error), maxDelayMs),
    },
  });
}

/**
 * `renderApp` with the retry policy on. Queries read their options when they start, so the app
 * opens on an empty route first, the policy is switched on, and only then does it go to `url`.
 */
export async function renderAppWithRetries(
  url: string,
  opts: RenderAppOptions & { maxDelayMs?: number } = {},
) {
  const rendered = renderApp('/__faults__/start', opts);
  enableRetries(rendered.queryClient, opts.maxDelayMs);
  await act(() => rendered.router.navigate(url));
  return rendered;
}

/** The page is never blank: some text is on screen. */
export function pageText(): string {
  return document.body.textContent.trim();
}
