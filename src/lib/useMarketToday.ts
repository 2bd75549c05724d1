import { useEffect, useState } from 'react';
import { addDays, marketDateOf, MINUTE_MS, zonedMidnightOf } from '@/time';

/** The longest the timer runs before it is aimed again. */
const MAX_WAIT_MS = MINUTE_MS;

/**
 * The current market date (US/Central), which turns over at market midnight: the timer is aimed
 * at the next midnight (capped at a minute, and aimed again, so a clock that jumps is seen within
 * a minute). Pages that show a day use it to tell the day in progress from a finished one, and a
 * day to come from both; the dataset's coverage cannot tell them apart (data lags, or runs ahead).
 */
export function useMarketToday(): string {
  const [today, setToday] = useState(() => marketDateOf(Date.now()));
  useEffect(() => {
    // Aimed again inside the effect: a wake that finds the same day re-renders nothing.
    let timer: number | undefined;
    const aim = () => {
      const next = zonedMidnightOf(addDays(today, 1));
      timer = window.setTimeout(
        () => {
          const now = marketDateOf(Date.now());
          if (now !== today) setToday(now);
          else aim();
        },
        Math.min(MAX_WAIT_MS, Math.max(0, next - Date.now())),
      );
    };
    aim();
    return () => window.clearTimeout(timer);
  }, [today]);
  return today;
}
