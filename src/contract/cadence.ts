/** The interval length of each cadence (contract §3): one place for both sides. */
import { HOUR_MS, MINUTE_MS, SECOND_MS } from '../time';
import type { Cadence } from './vocabulary';

/** The interval a cadence steps by; IRREGULAR rows come about every 10 s. */
export const CADENCE_MS: Readonly<Record<Cadence, number>> = {
  '5_MINUTES': 5 * MINUTE_MS,
  '15_MINUTES': 15 * MINUTE_MS,
  '1_HOUR': HOUR_MS,
  IRREGULAR: 10 * SECOND_MS,
};
