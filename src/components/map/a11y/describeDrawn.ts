import type { ClusterItem } from '../cluster/clusters';
import { formatCount } from '@/lib/format';

export interface DrawnCounts {
  /** Locations drawn in view, whether alone or inside a cluster. */
  locations: number;
  clusters: number;
  clustered: number;
  singles: number;
}

export function countDrawn(items: readonly ClusterItem[]): DrawnCounts {
  let clusters = 0;
  let clustered = 0;
  let singles = 0;
  for (const item of items) {
    if (item.kind === 'cluster') {
      clusters += 1;
      clustered += item.count;
    } else {
      singles += 1;
    }
  }
  return { locations: clustered + singles, clusters, clustered, singles };
}

/**
 * What the canvas shows, in words: markers on a canvas have no DOM, so this sentence is how a
 * screen reader (and a browser test) learns what the map draws in view.
 */
export function describeDrawn(counts: DrawnCounts, linked: number): string {
  const parts = [
    counts.locations === 0
      ? 'No locations in view.'
      : `${formatCount(counts.locations, 'location', 'locations')} in view: ` +
        `${formatCount(counts.clusters, 'cluster', 'clusters')} of ${formatCount(counts.clustered, 'location', 'locations')} ` +
        `and ${formatCount(counts.singles, 'single marker', 'single markers')}.`,
  ];
  if (linked > 0)
    parts.push(`${formatCount(linked, 'nearby result', 'nearby results')} linked to the search point.`);
  return parts.join(' ');
}
