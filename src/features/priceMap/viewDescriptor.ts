/**
 * The price map as a saved view: its URL (dataset, measure, hub, day, interval, map position), the
 * interval it shows, and the snapshot requests behind it (day-ahead too for DART), the key never
 * in them. A map has no time series to draw, so no sparkline.
 */
import { datasetQueryRequest } from '@/api/apiRequest';
import { getConnection, scriptBaseUrl } from '@/api/connection';
import type { SnapshotKey } from '@/api/prices/keys';
import { snapshotParams } from '@/api/prices/fetchers';
import type { ViewDescriptor } from '@/workspace/types';
import { MEASURE_LABELS, type Measure } from './measures';

export interface PriceMapViewInput {
  path: string;
  dataset: { id: string; name: string } | undefined;
  measure: Measure;
  hub: string;
  /** The market day shown (`YYYY-MM-DD`). */
  day: string;
  /** The interval shown, in the page's words (`2025-07-15 14:00 CDT`), or '' before it is known. */
  when: string;
  /** The snapshot shown and, for DART, the day-ahead one beside it. */
  snapshots: readonly (SnapshotKey | null)[];
  server?: string;
}

export function priceMapViewDescriptor({
  path,
  dataset,
  measure,
  hub,
  day,
  when,
  snapshots,
  server = scriptBaseUrl(getConnection()),
}: PriceMapViewInput): ViewDescriptor {
  const keys = snapshots.filter((k): k is SnapshotKey => k !== null && k.dataset !== '');
  const what = measure === 'basis' ? `Basis to ${hub}` : MEASURE_LABELS[measure];
  const timeRange = when || (day ? `market day ${day}` : null);
  return {
    kind: 'priceMap',
    path,
    suggestedName: ['Price map', what, dataset?.name, timeRange].filter(Boolean).join(' · '),
    datasets: [...new Set(keys.map((k) => k.dataset))],
    timeRange,
    server,
    requests: keys.map((k) => datasetQueryRequest(server, k.dataset, snapshotParams(k))),
    sparkline: null,
  };
}
