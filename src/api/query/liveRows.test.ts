// @vitest-environment jsdom
import { CancelledError, QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { commitNewRows, fetchNewRows, liveRowsOptions, mergeRows, type Row } from './liveRows';

const row = (start: string, location: string, value: number): Row => ({
  interval_start_utc: `2025-07-15T${start}:00+00:00`,
  location,
  value,
});

describe('new rows merged into a day held', () => {
  it('appends the next interval after the last, keeping the held rows as they were', () => {
    const held = [row('20:00', 'HB_NORTH', 1), row('20:00', 'HB_WEST', 2)];
    const merged = mergeRows(held, [row('20:15', 'HB_NORTH', 3), row('20:15', 'HB_WEST', 4)]);
    expect(merged.map((r) => r.value)).toEqual([1, 2, 3, 4]);
    expect(merged[0]).toBe(held[0]);
  });

  it('replaces a row it holds with the newer answer for the same interval and location, in time order', () => {
    const held = [row('19:00', 'A', 1), row('20:00', 'A', 2), row('21:00', 'A', 3)];
    const merged = mergeRows(held, [row('20:00', 'A', 20), row('18:00', 'A', 0)]);
    expect(merged.map((r) => r.value)).toEqual([0, 1, 20, 3]);
  });

  it('leaves the rows alone when nothing came', () => {
    const held = [row('19:00', 'A', 1)];
    expect(mergeRows(held, [])).toBe(held);
  });
});

describe('the cache entry of a day', () => {
  const params = { start_time: '2025-07-15T05:00:00+00:00', end_time: '2025-07-16T05:00:00+00:00' };
  const key = liveRowsOptions('ercot_load', params).queryKey;

  it('keeps its "fetched at" when a refresh brings nothing, and takes what a refresh brings', () => {
    const client = new QueryClient();
    const held = { rows: [row('20:00', 'A', 1)], fetchedAt: 1 };
    client.setQueryData(key, held);
    commitNewRows(client, 'ercot_load', params, []);
    expect(client.getQueryData(key)).toBe(held);
    commitNewRows(client, 'ercot_load', params, [row('20:05', 'A', 2)]);
    expect(client.getQueryData(key)?.rows.map((r) => r.value)).toEqual([1, 2]);
    expect(client.getQueryData(key)?.fetchedAt).toBeGreaterThan(1);
  });

  it('is asked for whole again once the day has ended, when what it holds was fetched before the end', () => {
    const staleTime = liveRowsOptions('ercot_load', params).staleTime;
    if (typeof staleTime !== 'function') throw new Error('expected a staleTime rule');
    const client = new QueryClient();
    const end = Date.parse(params.end_time);
    const entry = (fetchedAt: number) => {
      client.setQueryData(key, { rows: [], fetchedAt });
      const query = client.getQueryCache().find({ queryKey: key });
      if (!query) throw new Error('no entry');
      return staleTime(query as never);
    };
    vi.useFakeTimers({ now: end - 60_000 });
    try {
      expect(entry(end - 120_000)).toBe(Infinity); // the day still runs: refreshes keep it whole
      vi.setSystemTime(end + 60_000);
      expect(entry(end - 120_000)).toBe(0); // a part of an ended day
      expect(entry(end + 30_000)).toBe(Infinity); // fetched after the end: the whole day
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('a request for new rows', () => {
  afterEach(() => vi.restoreAllMocks());

  it('is cancelled in flight when its asker aborts (the page paused or hidden)', async () => {
    let requestSignal: AbortSignal | undefined;
    // A server that has not answered yet: the request ends only when it is aborted.
    vi.spyOn(globalThis, 'fetch').mockImplementation((_input, init) => {
      requestSignal = init?.signal ?? undefined;
      return new Promise((_resolve, reject) =>
        requestSignal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
      );
    });
    const client = new QueryClient();
    const asker = new AbortController();
    const answer = fetchNewRows(
      client,
      'ercot_load',
      { start_time: '2025-07-15T20:00:00+00:00' },
      asker.signal,
    );
    await vi.waitFor(() => expect(requestSignal).toBeDefined());
    asker.abort();
    await expect(answer).rejects.toBeInstanceOf(CancelledError);
    expect(requestSignal?.aborted).toBe(true);
  });
});
