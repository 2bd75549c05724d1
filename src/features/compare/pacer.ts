/**
 * Spaces request starts at least `intervalMs` apart across everything that awaits the same
 * pacer, so the workspace's series, fetched side by side, stay inside the key's per-second limit
 * instead of bouncing off 429s.
 */
export function createPacer(intervalMs: number): () => Promise<void> {
  let nextSlot = 0;
  return () => {
    const now = Date.now();
    const slot = Math.max(now, nextSlot);
    nextSlot = slot + intervalMs;
    const wait = slot - now;
    return wait <= 0 ? Promise.resolve() : new Promise((resolve) => setTimeout(resolve, wait));
  };
}

/** Half the plan's limit (the rest stays for what the user clicks meanwhile); 10/s when unknown. */
export function paceForLimit(requestsPerSecond: number | null): number {
  const rate = requestsPerSecond && requestsPerSecond > 0 ? requestsPerSecond / 2 : 10;
  return Math.ceil(1000 / rate);
}
