/**
 * Every panel's request for one market day, listed once: boot's first-screen prefetch makes them
 * (firstScreen.ts) and a saved view lists them for a script (viewDescriptor.ts).
 */
import type { MarketDay } from '@/time';
import { ancillaryRequest } from './AncillaryPanel';
import { fuelMixRequests } from './FuelMixPanel';
import { loadRequests } from './LoadForecastPanel';
import { priceRequests } from './PricesPanel';
import { renewableRequests, RESOURCES } from './RenewablesPanel';
import { reservesRequest } from './ReservesPanel';
import type { DayRequest } from './useLiveRows';

/** The day's requests; `now` is when the page opened (the reserves' day so far ends there). */
export function dayRequests(day: MarketDay, now: number): DayRequest[] {
  return [
    // The fuel mix's load is the load panel's request too: asked once (the cache shares it).
    fuelMixRequests(day).fuels,
    ...Object.values(loadRequests(day)),
    ...Object.values(priceRequests(day)),
    ...RESOURCES.flatMap((r) => Object.values(renewableRequests(day, r))),
    ancillaryRequest(day),
    reservesRequest(day, now),
  ];
}
