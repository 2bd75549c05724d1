/**
 * Physical responsive capability (MW) from ERCOT's real-time ancillary service monitor, sampled
 * every 10 seconds: headroom that shrinks as load climbs and wobbles with unit commitments.
 */
import { FIVE_MINUTES_MS, MINUTE_MS } from '@/time';
import { loadRaw } from './load';
import { clamp, gauss2, round2, signedNoise } from './noise';
import type { Millis } from './types';

export const AS_MONITOR_STEP_MS = 10_000;
const S_PRC = 111;

/** `prc` at a 10-second mark. */
export function prcAt(t: Millis): number {
  const load = loadRaw(Math.floor(t / FIVE_MINUTES_MS) * FIVE_MINUTES_MS);
  const v =
    7200 -
    2600 * ((load - 50000) / 30000) +
    1400 * signedNoise(S_PRC, t, 45 * MINUTE_MS) +
    300 * signedNoise(S_PRC + 1, t, 3 * MINUTE_MS) +
    25 * gauss2(S_PRC, Math.floor(t / AS_MONITOR_STEP_MS), 0);
  return round2(clamp(v, 2500, 13000));
}
