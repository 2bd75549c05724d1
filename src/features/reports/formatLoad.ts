import { formatNumber } from '@/lib/format';

/**
 * A load as the report writes it: always to the hundredth the API gives, so a day whose peak
 * happens to be a whole number (63,324.00 MW) lines up with the others in the table instead of
 * looking less precise than them.
 */
export function formatMw(value: number): string {
  return formatNumber(value, { unit: 'MW', decimals: 2 });
}
