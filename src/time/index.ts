/**
 * The one door to dates and times: market days, zones, calendar dates, the API's ISO timestamps
 * and the closed-form US/Central arithmetic. Everything outside src/time imports `@/time` and
 * nothing deeper; lint forbids `Intl.DateTimeFormat`, `Date.UTC` and date-shaped regexes elsewhere,
 * so date arithmetic cannot grow a second home. This layer imports nothing of the app.
 */
export { DAY_MS, FIFTEEN_MINUTES_MS, FIVE_MINUTES_MS, HOUR_MS, MINUTE_MS, SECOND_MS } from './constants';
export { civilDate, daysFromCivil, formatDayNumber, utcMonthStart, wallMs } from './civil';
export { addDays, CALENDAR_DATE_RE, daysBetween, isCalendarDate } from './calendarDate';
export { createIsoWriter, formatUtc, formatWithOffset, ISO_TIMESTAMP_RE, parseIsoOffset } from './isoFormat';
export {
  CENTRAL_TIME_ZONE,
  centralOffsetMinutes,
  dstEndUtc,
  dstStartUtc,
  formatCentral,
  marketDayIndex,
  marketLocalHour,
  marketMidnight,
  marketMidnightOfDay,
} from './centralTime';
export { isTimeZone, viewerTimeZone, wallToInstant, zonedParts, zoneOffsetMs } from './zones';
export { marketDateOf, marketDay, type MarketDay, zonedMidnightOf } from './marketDay';
export { isTimestampShaped, parseTimestamp, type ParsedTimestamp } from './timestamp';
export { Zone } from './zone';
