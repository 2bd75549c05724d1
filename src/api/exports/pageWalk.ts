/**
 * The walk through every page of a dataset query by cursor, as "Export all rows" does it and as
 * the SQL page loads a table (src/sql): the next page is asked for while this one is written,
 * requests are paced to the key's per-second limit once it is known (from the plan, or from the
 * first 429 that names it), and asking again follows the client's one policy
 * (`api/retryPolicy.ts`): a short `Retry-After` is waited out; a page that fails on the way
 * (network, 5xx, no answer within the time-out of the settings) is tried again with backoff; a 429
 * whose reset is more than an hour away is a spent quota (`QuotaSpent`): the walk stops at once.
 * What a page becomes (a Blob part of a file, an Arrow batch) is the caller's `fetchPage`.
 */
import { apiErrorText } from '@/api/ApiError';
import { isRateLimited, isTransient, serverRetryAfterMs, spentQuotaResetMs } from '@/api/retryPolicy';
import type { DatasetQueryParams } from '@/contract';

/** What writing one page did: the rows it added and the instant of its last row (NaN if none). */
export interface PageWritten {
  rows: number;
  lastRowMs: number;
}

/** A page that has arrived: the cursor after it (null at the end), known before it is written. */
export interface FetchedPage {
  cursor: string | null;
  /** Writes the page, synchronously. */
  write(): PageWritten;
}

/** Fetches the page at `cursor` of the query `params` (paging set by the walk). */
export type PageFetcher = (
  params: DatasetQueryParams,
  cursor: string,
  signal: AbortSignal,
) => Promise<FetchedPage>;

/**
 * Where a walk stands: the cursor of the next page and what is written. A page's rows and the
 * cursor after it are recorded together, only once the page has arrived, so a walk that stops (a
 * fault, a closed laptop) resumes at the first row it has not written: no row twice, none lost.
 */
export interface PageWalkState {
  params: DatasetQueryParams;
  pageSize: number;
  /** Waits before each new attempt at a page that failed with a network error or a 5xx; its length is the number of retries. */
  retryDelaysMs: readonly number[];
  cursor: string;
  rows: number;
  pages: number;
  /** Pacing: the least time between two requests, and when the last one left. */
  minIntervalMs: number;
  lastRequestAt: number;
}

export interface PageWalkEvents {
  /** A page was written (`done` on the last one). */
  onPage(written: PageWritten, done: boolean): void;
  /** What the walk waits for (a rate limit, a retry), or null when it runs again. */
  onWaiting(message: string | null): void;
}

/** Backoff for a page that failed on the way (network, 5xx, time-out): three more tries over about 7 s. */
export const PAGE_RETRY_DELAYS_MS: readonly number[] = [1000, 2000, 4000];

/** A 429 not worth waiting for: the walk stops and says when the quota resets. */
export class QuotaSpent extends Error {
  constructor(readonly resetsAtMs: number) {
    super('quota spent');
  }
}

/** The time kept between requests at a rate: 5% over the exact spacing, so jitter on the way never makes two land inside one window. */
const paceFor = (perSecond: number): number => Math.ceil((1000 / perSecond) * 1.05);

/** A walk's starting point: the first page, paced to `requestsPerSecond` when it is known. */
export function newPageWalk(
  params: DatasetQueryParams,
  pageSize: number,
  requestsPerSecond: number | null,
  retryDelaysMs: readonly number[] = PAGE_RETRY_DELAYS_MS,
): PageWalkState {
  return {
    params,
    pageSize,
    retryDelaysMs,
    cursor: '',
    rows: 0,
    pages: 0,
    minIntervalMs: requestsPerSecond && requestsPerSecond > 0 ? paceFor(requestsPerSecond) : 0,
    lastRequestAt: 0,
  };
}

/** `Too Many Requests. Limit: 20 per 1 second.` → 50 ms between requests; null when the text names no limit. */
export function intervalFromLimit(detail: string): number | null {
  const m = /limit:\s*(\d+)\s*per\s*(\d+)?\s*second/i.exec(detail);
  const count = Number(m?.[1]);
  const seconds = m?.[2] === undefined ? 1 : Number(m[2]);
  return count > 0 ? paceFor(count / seconds) : null;
}

/**
 * The total a walk through time projects once it has `rows` rows and reached `reachedMs`: rows
 * per share of the span covered. Null before a sensible share (1%) is covered.
 */
export function projectTotal(
  rows: number,
  reachedMs: number,
  span: { startMs: number; endMs: number; descending: boolean },
): number | null {
  const length = span.endMs - span.startMs;
  if (!(length > 0) || Number.isNaN(reachedMs)) return null;
  const share = (span.descending ? span.endMs - reachedMs : reachedMs - span.startMs) / length;
  if (!(share >= 0.01) || share > 1) return null;
  return Math.max(rows, Math.round(rows / share));
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(new DOMException('Cancelled', 'AbortError'));
      return;
    }
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(new DOMException('Cancelled', 'AbortError'));
      },
      { once: true },
    );
  });
}

export function isAbort(e: unknown): boolean {
  return e instanceof DOMException && e.name === 'AbortError';
}

/** Fetches the next page, paced and asked again as the client's policy says; resolves to the step that writes it. */
async function fetchPaced(
  state: PageWalkState,
  fetchPage: PageFetcher,
  cursor: string,
  events: PageWalkEvents,
  signal: AbortSignal,
): Promise<FetchedPage> {
  let failures = 0;
  for (;;) {
    const wait = state.lastRequestAt + state.minIntervalMs - Date.now();
    if (wait > 0) await sleep(wait, signal);
    state.lastRequestAt = Date.now();
    try {
      return await fetchPage(
        {
          ...state.params,
          page: undefined,
          json_schema: undefined,
          download: undefined,
          page_size: state.pageSize,
        },
        cursor,
        signal,
      );
    } catch (e) {
      const resetsAtMs = spentQuotaResetMs(e);
      if (resetsAtMs !== null) throw new QuotaSpent(resetsAtMs);
      if (isRateLimited(e)) {
        // From now on the walk keeps to the limit the server named, instead of bouncing off it.
        const interval = intervalFromLimit(typeof e.detail === 'string' ? e.detail : '');
        if (interval !== null) state.minIntervalMs = Math.max(state.minIntervalMs, interval);
        const wait = e.retryAfter ?? 1;
        events.onWaiting(`Rate limited; retrying in ${wait} s.`);
        // The same cursor again: nothing was written for the refused page.
        await sleep(wait * 1000, signal);
        events.onWaiting(null);
        continue;
      }
      const delay = state.retryDelaysMs[failures];
      if (!isTransient(e) || delay === undefined) throw e;
      // A server that says when to come back (a 503 with Retry-After) is waited for that long.
      const wait = Math.max(delay, serverRetryAfterMs(e));
      failures += 1;
      events.onWaiting(
        `Page ${state.pages + 1} failed (${apiErrorText(e)}); try ${failures + 1} of ${state.retryDelaysMs.length + 1} in ${Math.ceil(wait / 1000)} s.`,
      );
      await sleep(wait, signal);
      events.onWaiting(null);
    }
  }
}

/** Walks from `state.cursor` to the last page, writing each page as it arrives; `state` records where it stands. */
export async function walkPages(
  state: PageWalkState,
  fetchPage: PageFetcher,
  events: PageWalkEvents,
  signal: AbortSignal,
): Promise<void> {
  let pending = fetchPaced(state, fetchPage, state.cursor, events, signal);
  for (;;) {
    const page = await pending;
    // The next page is asked for before this one is written, so the server (or the demo data's
    // worker) makes it while this thread writes: the walk takes the longer of the two, not both.
    if (page.cursor !== null) {
      pending = fetchPaced(state, fetchPage, page.cursor, events, signal);
      // Awaited on the next turn; this only keeps a failure while writing from leaving it unheard.
      pending.catch(() => undefined);
    }
    // Rows and cursor move together, with no await in between: the resume point is always exact.
    const written = page.write();
    state.rows += written.rows;
    state.pages += 1;
    state.cursor = page.cursor ?? '';
    const done = page.cursor === null;
    events.onPage(written, done);
    if (done) return;
  }
}
