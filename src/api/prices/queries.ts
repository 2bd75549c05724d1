import { queryOptions } from '@tanstack/react-query';
import { fetchLocationDay, fetchPriceSnapshot } from './fetchers';
import { priceKeys, type LocationDayKey, type SnapshotKey } from './keys';

/** A settled interval's prices never change; the newest may still fill, so it is refetched after a minute. */
const SETTLED_MS = 10 * 60_000;

function staleTimeFor(endMs: number): number {
  return Date.now() - endMs > SETTLED_MS ? Infinity : 60_000;
}

export function priceSnapshotOptions(key: SnapshotKey) {
  return queryOptions({
    queryKey: priceKeys.snapshot(key),
    queryFn: ({ signal }) => fetchPriceSnapshot(key, { signal }),
    staleTime: staleTimeFor(Date.parse(key.time)),
    // Maps are not plain JSON: structural sharing would copy them for nothing.
    structuralSharing: false,
  });
}

export function locationDayOptions(key: LocationDayKey) {
  return queryOptions({
    queryKey: priceKeys.locationDay(key),
    queryFn: ({ signal }) => fetchLocationDay(key, { signal }),
    staleTime: staleTimeFor(Date.parse(key.end)),
  });
}
