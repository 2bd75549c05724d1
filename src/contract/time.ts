/** Time lengths and the interval length of each cadence (contract §3): one place for both sides. */
import type { Cadence } from './vocabulary';

export const SECOND_MS = 1000;
export const MINUTE_MS = 60 * SECOND_MS;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

/** The interval a cadence steps by; IRREGULAR rows come about every 10 s. */
export const CADENCE_MS: Readonly<Record<Cadence, number>> = {
  '5_MINUTES': 5 * MINUTE_MS,
  '15_MINUTES': 15 * MINUTE_MS,
  '1_HOUR': HOUR_MS,
  IRREGULAR: 10 * SECOND_MS,
};
