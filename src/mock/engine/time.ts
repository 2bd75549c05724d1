/**
 * The `timezone` parameter as the engine reads it (contract §6.1). Parsing timestamps and the
 * zones themselves live in `@/time`; what is the mock's own is turning an unknown zone into a 400.
 */
import { MARKET_TIME_ZONE } from '@/contract';
import { isTimeZone, Zone } from '@/time';
import { invalid } from './rejection';

/** The market zone of ERCOT; `timezone=market` resolves to it. */
const MARKET_ZONE = MARKET_TIME_ZONE;

const zones = new Map<string, Zone>();

/**
 * `timezone` as the contract reads it: absent or `UTC` → UTC (no `_local` columns), `market` →
 * `US/Central`, any IANA name Intl knows; anything else → 400.
 */
export function resolveZone(name: string | undefined): Zone {
  const requested = name === undefined || name.trim() === '' ? 'UTC' : name.trim();
  const key = requested.toLowerCase() === 'market' ? MARKET_ZONE : requested;
  const cached = zones.get(key);
  if (cached) return cached;
  if (key.toUpperCase() === 'UTC') {
    const utc = new Zone('UTC', true);
    zones.set(key, utc);
    return utc;
  }
  // The market zone is known without asking Intl (whose zone data takes 20–30 ms to load).
  if (key !== MARKET_ZONE && !isTimeZone(key)) {
    throw invalid(
      `timezone '${requested}' is not a known IANA time zone; use UTC, market or a name such as US/Central.`,
    );
  }
  const zone = new Zone(key, false);
  zones.set(key, zone);
  return zone;
}
