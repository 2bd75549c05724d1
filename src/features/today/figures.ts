/** The overview's words for its figures, from the app's formatters. */
import { formatNumber } from '@/lib/format';

export const formatMw = (mw: number): string => formatNumber(mw, { decimals: 0, unit: 'MW' });
export const formatPrice = (v: number, unit = '$/MWh'): string => formatNumber(v, { decimals: 2, unit });
export const formatPercent = (fraction: number): string =>
  formatNumber(fraction * 100, { decimals: 1, unit: '%' });
