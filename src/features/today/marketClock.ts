/** The overview's words for times of the market day and its figures, from the app's formatters. */
import { formatNumber, formatTimestamp } from '@/lib/format';

/** `15:05 CDT`: a time of the market day, with the zone in force then (CST or CDT). */
export const marketClock = (ms: number): string => formatTimestamp(ms, { timeZone: 'market' }).slice(11);

/** `15:05`: the same without the zone, for chart axes. */
export const marketHourMinute = (ms: number): string =>
  formatTimestamp(ms, { timeZone: 'market', zoneName: false }).slice(11);

export const formatMw = (mw: number): string => formatNumber(mw, { decimals: 0, unit: 'MW' });
export const formatPrice = (v: number, unit = '$/MWh'): string => formatNumber(v, { decimals: 2, unit });
export const formatPercent = (fraction: number): string =>
  formatNumber(fraction * 100, { decimals: 1, unit: '%' });
