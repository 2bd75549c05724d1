import { addDays, zonedMidnightOf } from '@/time';
import type { DayRange } from './resolveRange';

/**
 * The time the report's charts cover, epoch ms: the open day's curve and the range of daily peaks,
 * market midnight to market midnight. Notes outside it are said to be; null until a day is known.
 */
export function reportSpan(
  date: string | undefined,
  range: DayRange | undefined,
): { from: number; to: number } | null {
  const days = [date, range?.from, range?.to].filter((d): d is string => d !== undefined).sort();
  const first = days[0];
  const last = days[days.length - 1];
  if (first === undefined || last === undefined) return null;
  return { from: zonedMidnightOf(first), to: zonedMidnightOf(addDays(last, 1)) };
}
