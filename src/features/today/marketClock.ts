import { formatNumber, formatTimestamp, zoneAbbreviation } from '@/lib/format';

/** `15:05 CDT`: a time of the market day, with the zone in force then (CST or CDT). */
export const marketClock = (ms: number): string =>
  `${formatTimestamp(ms, { timeZone: 'market', zoneName: false }).slice(11)} ${zoneAbbreviation(ms, 'market')}`;

/** `15:05`: the same without the zone, for chart axes. */
export const marketHourMinute = (ms: number): string =>
  formatTimestamp(ms, { timeZone: 'market', zoneName: false }).slice(11);

export const formatMw = (mw: number): string => `${formatNumber(mw, { decimals: 0 })} MW`;
export const formatPrice = (v: number, unit = '$/MWh'): string =>
  `${formatNumber(v, { decimals: 2 })} ${unit}`;
export const formatPercent = (fraction: number): string =>
  `${formatNumber(fraction * 100, { decimals: 1 })} %`;
