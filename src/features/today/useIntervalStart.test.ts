// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FIVE_MINUTES_MS } from '@/time';
import { GRACE_MS } from './refreshSchedule';
import { useIntervalStart } from './useIntervalStart';

/** 15:00:30 CDT: half a minute into an interval. */
const NOW = Date.UTC(2025, 6, 15, 20, 0, 30);
const INTERVAL = Date.UTC(2025, 6, 15, 20, 0);
const NEXT = INTERVAL + FIVE_MINUTES_MS;

/** A `prepare` whose answer the test settles: `calls` are the intervals it was asked for. */
function heldPrepare() {
  const calls: number[] = [];
  let settle: { resolve: () => void; reject: (e: Error) => void } | undefined;
  const prepare = (start: number) => {
    calls.push(start);
    return new Promise<void>((resolve, reject) => {
      settle = { resolve, reject };
    });
  };
  return { prepare, calls, settle: () => settle };
}

describe('the newest interval, moved with the page’s other new rows', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'], now: NOW });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('moves on only once the next interval’s data is prepared, and asks for it when it is due', async () => {
    const held = heldPrepare();
    const { result } = renderHook(() => useIntervalStart(FIVE_MINUTES_MS, true, held.prepare));
    expect(result.current).toBe(INTERVAL);

    await act(() => vi.advanceTimersByTimeAsync(NEXT + GRACE_MS - NOW - 1));
    expect(held.calls).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(held.calls).toEqual([NEXT]);
    // Asked for, not yet in: the interval shown is still the one whose data is there.
    expect(result.current).toBe(INTERVAL);

    await act(() => Promise.resolve(held.settle()?.resolve()));
    expect(result.current).toBe(NEXT);
  });

  it('moves on when preparing fails, so the new interval’s own query can say why', async () => {
    const held = heldPrepare();
    const { result } = renderHook(() => useIntervalStart(FIVE_MINUTES_MS, true, held.prepare));
    await act(() => vi.advanceTimersByTimeAsync(FIVE_MINUTES_MS));
    expect(held.calls).toEqual([NEXT]);
    await act(() => Promise.resolve(held.settle()?.reject(new Error('The server is busy.'))));
    expect(result.current).toBe(NEXT);
  });

  it('stays put while not live, and without `prepare` moves at once', async () => {
    const paused = renderHook(() => useIntervalStart(FIVE_MINUTES_MS, false, heldPrepare().prepare));
    const plain = renderHook(() => useIntervalStart(FIVE_MINUTES_MS, true));
    await act(() => vi.advanceTimersByTimeAsync(FIVE_MINUTES_MS));
    expect(paused.result.current).toBe(INTERVAL);
    expect(plain.result.current).toBe(NEXT);
  });

  it('drops a move prepared for a page that has stopped being live', async () => {
    const held = heldPrepare();
    const { result, rerender } = renderHook(
      ({ live }) => useIntervalStart(FIVE_MINUTES_MS, live, held.prepare),
      { initialProps: { live: true } },
    );
    await act(() => vi.advanceTimersByTimeAsync(FIVE_MINUTES_MS));
    expect(held.calls).toEqual([NEXT]);
    rerender({ live: false });
    await act(() => Promise.resolve(held.settle()?.resolve()));
    expect(result.current).toBe(INTERVAL);
  });
});
