import type { ClusterItem } from '../cluster/clusters';

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

const plural = (n: number, one: string, many: string): string =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/**
 * What the canvas shows, in words: markers on a canvas have no DOM, so this sentence is how a
 * screen reader (and a browser test) learns what the map draws in view.
 */
export function describeDrawn(counts: DrawnCounts, linked: number): string {
  const parts = [
    counts.locations === 0
      ? 'No locations in view.'
      : `${plural(counts.locations, 'location', 'locations')} in view: ` +
        `${plural(counts.clusters, 'cluster', 'clusters')} of ${plural(counts.clustered, 'location', 'locations')} ` +
        `and ${plural(counts.singles, 'single marker', 'single markers')}.`,
  ];
  if (linked > 0)
    parts.push(`${plural(linked, 'nearby result', 'nearby results')} linked to the search point.`);
  return parts.join(' ');
}
