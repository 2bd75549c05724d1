import { useEffect, useState } from 'react';
import { addDays, marketDateOf, zonedMidnightOf } from '@/time';
import { timerDelay } from './refreshSchedule';

/**
 * The current market date, which turns over at market midnight: the timer is aimed at the next
 * midnight (capped, and aimed again, so a clock that jumps is seen within a minute).
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
      timerDelay(next, Date.now()),
    );
    return () => window.clearTimeout(timer);
  }, [today, wake]);
  return today;
}
