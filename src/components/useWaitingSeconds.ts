import { useEffect, useState } from 'react';
import { useConnection } from '@/api/connection';

/** When a wait starts to need words: a normal answer comes well before this. */
const SLOW_AFTER_MS = 2000;

/**
 * Whole seconds since the caller mounted, once the wait has become slow; null until then. The
 * line appears after 2 s, or after half the time-out when that is shorter, so it is always on
 * screen for a while before the time-out ends the wait.
 */
export function useWaitingSeconds(): number | null {
  const { timeoutSeconds } = useConnection();
  const slowAfterMs = Math.min(SLOW_AFTER_MS, (timeoutSeconds * 1000) / 2);
  const [seconds, setSeconds] = useState<number | null>(null);
  useEffect(() => {
    const start = Date.now();
    const tick = () => {
      const elapsed = Date.now() - start;
      setSeconds(elapsed < slowAfterMs ? null : Math.floor(elapsed / 1000));
    };
    // Nothing renders before the wait is slow: most answers come first and the line never shows.
    let every: ReturnType<typeof setInterval> | undefined;
    const first = setTimeout(() => {
      tick();
      every = setInterval(tick, 1000);
    }, slowAfterMs);
    return () => {
      clearTimeout(first);
      clearInterval(every);
    };
  }, [slowAfterMs]);
  return seconds;
}
