import { formatTimestamp } from '@/lib/format';

/**
 * What the slider says: `2025-07-15 14:35 CDT (19:35 UTC), interval 176 of 288`. Both zones, so
 * the repeated hour of an autumn DST day is never ambiguous.
 */
export function intervalText(ms: number, index: number, count: number): string {
  const market = formatTimestamp(ms);
  const utc = formatTimestamp(ms, { timeZone: 'UTC' });
  // The UTC date is said only when it is not the market date (evenings, after 18:00 or 19:00 Central).
  const utcText = utc.slice(0, 10) === market.slice(0, 10) ? utc.slice(11) : utc;
  return `${market} (${utcText}), interval ${index + 1} of ${count}`;
}
