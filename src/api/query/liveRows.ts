/**
 * The rows of a query that keeps growing: a market day seen while it happens. The first request
 * walks every page of the day; later ones ask only for what is new (a later `start_time`, or
 * vintages published after the newest held) and merge it into the cached rows, so a refresh costs
 * one interval's rows, not the day's again.
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { CellValue, DatasetQueryParams } from '@/contract';
import { fetchDatasetQuery } from './fetchers';
import { queryKeys } from './keys';

export type Row = Record<string, CellValue>;

export interface LiveRows {
  rows: readonly Row[];
  /** When the newest request answered (the client's clock), epoch ms. */
  fetchedAt: number;
}

/** One answer holds a whole day of any dataset the page asks for; more pages are walked anyway. */
const LIVE_PAGE_SIZE = 5000;

/** Every row of `params`, page by page (offset paging) until the server says there is no more. */
export async function fetchAllRows(
  id: string,
  params: DatasetQueryParams,
  { signal }: { signal?: AbortSignal } = {},
): Promise<Row[]> {
  const rows: Row[] = [];
  for (let page = 1; ; page++) {
    const body = await fetchDatasetQuery(id, { page_size: LIVE_PAGE_SIZE, ...params, page }, { signal });
    rows.push(...(body.data as Row[]));
    if (!body.meta.hasNextPage || body.data.length === 0) return rows;
  }
}

/** Names each row's place: a row with the same key from a newer answer replaces the held one. */
export type RowKey = (row: Row) => string;

/** The time index, then the location: one row per interval and location. */
export const intervalKey: RowKey = (row) =>
  `${String(row.interval_start_utc ?? row.time_utc ?? '')}|${String(row.location ?? '')}`;

/**
 * `fresh` merged into `held`: same-key rows replaced, new ones added, in key order (the API's
 * timestamps are one fixed-width UTC form, so text order is time order). Held rows are reused as
 * they are, so what did not change keeps its identity.
 */
export function mergeRows(held: readonly Row[], fresh: readonly Row[], keyOf: RowKey = intervalKey): Row[] {
  if (fresh.length === 0) return held as Row[];
  // The common case, the next interval after the last held: appended, and only the new rows and
  // the last held one are keyed (a refresh costs its own rows, not the day's).
  if (follows(held, fresh, keyOf)) return held.concat(fresh);
  const freshKeys = new Map(fresh.map((r) => [keyOf(r), r]));
  const kept = held.filter((r) => !freshKeys.has(keyOf(r)));
  const merged = [...kept, ...freshKeys.values()];
  for (let i = 1; i < merged.length; i++) {
    if (keyOf(merged[i - 1] as Row) > keyOf(merged[i] as Row)) return merged.sort(byKey(keyOf));
  }
  return merged;
}

/** Whether `fresh` is in strict key order and entirely after the last held row. */
function follows(held: readonly Row[], fresh: readonly Row[], keyOf: RowKey): boolean {
  const lastHeld = held[held.length - 1];
  let prev = lastHeld === undefined ? null : keyOf(lastHeld);
  for (const row of fresh) {
    const key = keyOf(row);
    if (prev !== null && key <= prev) return false;
    prev = key;
  }
  return true;
}

const byKey =
  (keyOf: RowKey) =>
  (a: Row, b: Row): number => {
    const x = keyOf(a);
    const y = keyOf(b);
    return x < y ? -1 : x > y ? 1 : 0;
  };

export function liveRowsOptions(id: string, params: DatasetQueryParams) {
  return queryOptions({
    queryKey: queryKeys.live(id, params),
    queryFn: async ({ signal }): Promise<LiveRows> => {
      const rows = await fetchAllRows(id, params, { signal });
      return { rows, fetchedAt: Date.now() };
    },
    // The page asks for new rows itself, at the data's cadence; a refetch would ask for the day again.
    // Except once: rows held from before the range ended (a day seen live, then paused or left before
    // midnight) are a part of it, and asked for whole the next time the ended day is shown.
    staleTime: (query) => {
      const end = params.end_time === undefined ? NaN : Date.parse(params.end_time);
      const fetchedAt = query.state.data?.fetchedAt;
      return fetchedAt !== undefined && fetchedAt < end && Date.now() >= end ? 0 : Infinity;
    },
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    structuralSharing: false,
  });
}

/**
 * Only what is new (`since`), every page of it. `signal` is the asker's: when it aborts (the page
 * paused or hidden, another day shown) the request in flight is cancelled.
 */
export function fetchNewRows(
  client: QueryClient,
  id: string,
  since: DatasetQueryParams,
  signal?: AbortSignal,
): Promise<Row[]> {
  // Through the cache for one reason: two panels asking for the same new rows at the same instant
  // (the fuel mix and the load panel share the load) share one request. Nothing is kept after.
  // Both live on one page, paused and hidden together, so one's abort cancels the shared request.
  const queryKey = queryKeys.liveNew(id, since);
  signal?.addEventListener('abort', () => void client.cancelQueries({ queryKey, exact: true }), {
    once: true,
  });
  return client.query({
    queryKey,
    queryFn: ({ signal: querySignal }) => fetchAllRows(id, since, { signal: querySignal }),
    staleTime: 0,
    gcTime: 0,
  });
}

/**
 * `fresh` (the answer to a request of only what is new) merged into the cache entry of `params`;
 * the entry is left alone when it is gone or failed, when nothing came (so "last updated" does not
 * move for an empty answer), or when it already holds this very answer.
 */
export function commitNewRows(
  client: QueryClient,
  id: string,
  params: DatasetQueryParams,
  fresh: readonly Row[],
  keyOf: RowKey = intervalKey,
): void {
  client.setQueryData(liveRowsOptions(id, params).queryKey, (held) =>
    held === undefined || fresh.length === 0 || held.rows.at(-1) === fresh.at(-1)
      ? held
      : { rows: mergeRows(held.rows, fresh, keyOf), fetchedAt: Date.now() },
  );
}
