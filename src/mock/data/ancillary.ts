/**
 * Day-ahead ancillary service clearing prices ($/MW per hour). They follow the same tightness as
 * energy (net load, gas, scarcity hours), scaled per service. ECRS only exists from its launch on
 * 2023-06-10; before that its column is null, as in ERCOT's own history.
 */
import { climate, hourSlot, solarCapacity, solarFactor, windCapacity, windFactor } from './climate';
import { HOUR_MS, marketMidnight, MINUTE_MS } from '@/time';
import { loadRaw } from './load';
import { clamp, gauss3, round2 } from './noise';
import { scarcityAdder } from './prices';
import type { Millis } from './types';

export const ECRS_START: Millis = marketMidnight('2023-06-10');
const S_AS = 101;

/**
 * The five service prices of the hour starting at `t`: non_spinning_reserves, regulation_down,
 * regulation_up, responsive_reserves, ercot_contingency_reserve_service.
 */
export function ancillaryValues(t: Millis): (number | null)[] {
  const hourIdx = Math.floor(t / HOUR_MS);
  const slot = hourSlot(hourIdx);
  const mid = t + 30 * MINUTE_MS;
  const net =
    loadRaw(mid) - windCapacity(slot) * windFactor(mid, slot) - solarCapacity(slot) * solarFactor(mid, slot);
  const x = clamp((net - 12000) / 55000, 0, 1);
  const gas = climate.gasPrice(slot) / 3;
  const scarcity = 1 + scarcityAdder(hourIdx) / 150;
  const n = (k: number, sd: number): number => sd * gauss3(S_AS, hourIdx, k, 0);
  const price = (v: number): number => round2(Math.max(0.01, v) * scarcity);
  return [
    price(1 + 12 * x * x * x * gas + n(0, 0.6)),
    price(1.5 + 6 * (1 - x) * gas + n(1, 0.5)),
    price(3 + 14 * x * x * gas + n(2, 0.9)),
    price(2.5 + 16 * x * x * gas + n(3, 0.9)),
    t < ECRS_START ? null : price(2 + 15 * x * x * gas + n(4, 0.8)),
  ];
}
