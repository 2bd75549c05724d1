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
  const [wake, setWake] = useState(0);
  useEffect(() => {
    const next = zonedMidnightOf(addDays(today, 1));
    const timer = window.setTimeout(
      () => {
        const now = marketDateOf(Date.now());
        if (now !== today) setToday(now);
        else setWake((n) => n + 1);
      },
      Math.min(MAX_WAIT_MS, Math.max(0, next - Date.now())),
    );
    return () => window.clearTimeout(timer);
  }, [today, wake]);
  return today;
}
