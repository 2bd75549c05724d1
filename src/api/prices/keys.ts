export interface SnapshotKey {
  dataset: string;
  column: string;
  /** Interval start, ISO UTC. */
  time: string;
}

export interface LocationDayKey {
  dataset: string;
  column: string;
  location: string;
  start: string;
  end: string;
}

export const priceKeys = {
  all: ['prices'] as const,
  snapshots: (dataset: string) => [...priceKeys.all, 'snapshot', dataset] as const,
  snapshot: (key: SnapshotKey) => [...priceKeys.snapshots(key.dataset), key.column, key.time] as const,
  locationDay: (key: LocationDayKey) => [...priceKeys.all, 'location-day', key] as const,
};
