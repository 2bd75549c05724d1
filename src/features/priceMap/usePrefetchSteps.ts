import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { priceSnapshotOptions } from '@/api/prices/queries';
import type { SnapshotKey } from '@/api/prices/keys';

/**
 * Prefetches start no closer than this: at most 10 per second, half the demo key's 20/s, leaving
 * the rest for what the user asks for (the shown step, the panel's day, the location list).
 */
const PREFETCH_SPACING_MS = 100;

/**
 * Loads upcoming steps into the cache, nearest first, one every PREFETCH_SPACING_MS. A new list
 * (the slider moved) cancels what was still waiting, so playback keeps about eight steps ahead
 * and a jump never leaves a queue of stale requests behind.
 */
export function usePrefetchSteps(keys: readonly SnapshotKey[]): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const waiting = keys.filter(
      (key) => queryClient.getQueryData(priceSnapshotOptions(key).queryKey) === undefined,
    );
    let timer: number | undefined;
    const next = (): void => {
      const key = waiting.shift();
      if (!key) return;
      // A failed prefetch is left for the step's own query to meet (and show) when it is shown.
      queryClient.query(priceSnapshotOptions(key)).catch(() => undefined);
      timer = window.setTimeout(next, PREFETCH_SPACING_MS);
    };
    // Not in the step's own frame: the shown interval paints first, then the queue starts.
    timer = window.setTimeout(next, PREFETCH_SPACING_MS);
    return () => window.clearTimeout(timer);
  }, [keys, queryClient]);
}
