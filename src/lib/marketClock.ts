/** Times of the market day as the pages write them, from the app's formatter. */
import { formatTimestamp } from '@/lib/format';

/** `15:05 CDT`: a time of the market day, with the zone in force then (CST or CDT). */
export const marketClock = (ms: number): string => formatTimestamp(ms, { timeZone: 'market' }).slice(11);

/** `15:05`: the same without the zone, for chart axes. */
export const marketHourMinute = (ms: number): string =>
  formatTimestamp(ms, { timeZone: 'market', zoneName: false }).slice(11);
