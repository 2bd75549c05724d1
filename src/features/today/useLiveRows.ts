import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import {
  commitNewRows,
  fetchNewRows,
  intervalKey,
  liveRowsOptions,
  type Row,
  type RowKey,
} from '@/api/query/liveRows';
import type { DatasetQueryParams } from '@/contract';
import { askAt, timerDelay, type LastAttempt } from './refreshSchedule';
import { useLivePage } from './livePage';
import { inRefreshBatch } from './refreshBatch';

/** What is new after the rows held, and when it is due; null when nothing more will come. */
export interface NextRows {
  /** The request for only the new rows, made when it is sent (its end may follow the clock). */
  since: (now: number) => DatasetQueryParams;
  /** When the next interval (or vintage) is there to be asked for, epoch ms. */
  dueAt: number;
  /** The dataset's cadence: how long to wait when an answer brought nothing. */
  stepMs: number;
}

/** One dataset's request for a panel's day: what the panel asks, and what boot prefetches (firstScreen.ts). */
export interface DayRequest {
  id: string;
  /** The day's request. */
  params: DatasetQueryParams;
}

export interface LiveRowsSpec extends DayRequest {
  /** From the rows held: what to ask for next. Omitted (or null) for data that does not grow. */
  next?: (rows: readonly Row[]) => NextRows | null;
  keyOf?: RowKey;
}

/**
 * A dataset's rows of one market day that keep up with it: the day is fetched once, then, while
 * the page is live, each new interval is asked for when it is due and merged into the cached rows.
 */
export function useLiveRows({ id, params, next, keyOf = intervalKey }: LiveRowsSpec) {
  const client = useQueryClient();
  const { live, updated } = useLivePage();
  const query = useQuery(liveRowsOptions(id, params));
  const [last, setLast] = useState<LastAttempt & { error: unknown }>({ at: 0, brought: 1, error: null });
  // The timer restarts only when the plan changes: a new due instant or new rows held.
  const rows = query.data?.rows;
  const plan = live && rows && next ? next(rows) : null;
  const dueAt = plan?.dueAt ?? null;

  useEffect(() => {
    if (query.data) updated(query.data.fetchedAt);
  }, [query.data, updated]);

  useEffect(() => {
    if (plan === null) return undefined;
    const controller = new AbortController();
    const at = askAt(plan.dueAt, plan.stepMs, last.at === 0 ? null : last);
    let timer: number | undefined;
    let inFlight = false;
    const ask = (): void => {
      const now = Date.now();
      // A capped wait ended before the plan's instant: wait again, without rendering anything.
      if (now < at) {
        timer = window.setTimeout(ask, timerDelay(at, now));
        return;
      }
      inFlight = true;
      inRefreshBatch(
        () => fetchNewRows(client, id, plan.since(now), controller.signal),
        (fresh) => {
          inFlight = false;
          if (controller.signal.aborted) return;
          commitNewRows(client, id, params, fresh, keyOf);
          // Rows that came are planned from by the rows themselves (`askAt` reads the last attempt
          // only after one that brought nothing): no state to set, so no second render of the panel
          // after the one the new rows make. Nothing, or a success after a failure, is noted.
          const at = Date.now();
          setLast((prev) =>
            fresh.length > 0 && prev.brought > 0 && prev.error === null
              ? prev
              : { at, brought: fresh.length, error: null },
          );
        },
        (error) => {
          inFlight = false;
          if (controller.signal.aborted) return;
          setLast({ at: Date.now(), brought: 0, error });
        },
      );
    };
    timer = window.setTimeout(ask, timerDelay(at, Date.now()));
    return () => {
      window.clearTimeout(timer);
      // Paused, hidden, another day or new rows: a request still in flight is cancelled. Only one
      // in flight: after every refresh the rows' own render ends this effect, and an abort (its
      // error object, the cache's cancel) would be work for nothing.
      if (inFlight) controller.abort();
    };
    // `plan` is remade each render; its due instant and the rows it was made from are what count.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dueAt, rows, last, client, id, params, keyOf]);

  return { query, refreshError: last.error };
}
