import { lastDays } from '@/compare/compareLinks';
import { addDays, marketDateOf, zonedMidnightOf } from '@/time';

/** How many market days the location page's links open on. */
const LINK_DAYS = 7;

/** Market days, both inclusive, in US/Central. */
export interface DayRange {
  from: string;
  to: string;
}

/**
 * The days the location page's links open on when the last 7 days would hold none of the
 * location's data (a retired node): the 7 market days ending on the day of its last row. Null when
 * its data reaches into the last 7 days: the links then keep their moving "last 7 days".
 *
 * Judged on this page's market date (`today`), as the links are: the server's `status` is judged
 * on the server's clock, and a link that opens on a week without the location's data would read
 * as a quiet week.
 */
export function lastDataRange(latestSeenUtc: string, today: string): DayRange | null {
  const last = marketDateOf(Date.parse(latestSeenUtc));
  if (last === '—') return null;
  if (last >= lastDays(LINK_DAYS, zonedMidnightOf(today)).from) return null;
  return { from: addDays(last, -(LINK_DAYS - 1)), to: last };
}
