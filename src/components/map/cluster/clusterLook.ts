import type { PathOptions } from 'leaflet';
import type { ClusterIndex, ClusterItem, MapPoint } from './clusters';
import { CLUSTER_FILL } from './markerColors';

export interface ClusterLook {
  fill: string;
  /** Printed on the circle. */
  text: string;
  textColor: string;
  /** The accessible name of the circle's text. */
  label: string;
}

/**
 * How a cluster looks, from its members: a caller colouring points by value shows the members'
 * mean, and says more in `label`. Without one, a cluster is a slate circle with its count.
 */
export type ClusterStyle = (members: readonly MapPoint[]) => ClusterLook;

/**
 * The look of every cluster among `items`, keyed by cluster id. A cluster's members are gathered
 * only when there is a style to summarise them: walking a cluster's leaves is not free.
 */
export function clusterLooks(
  items: readonly ClusterItem[],
  index: Pick<ClusterIndex, 'leaves'>,
  clusterStyle: ClusterStyle | undefined,
): Map<number, ClusterLook | undefined> {
  const out = new Map<number, ClusterLook | undefined>();
  for (const item of items) {
    if (item.kind === 'cluster') out.set(item.clusterId, clusterStyle?.(index.leaves(item.clusterId)));
  }
  return out;
}

/** What a screen reader hears for a cluster: the caller's words, or its count. */
export function clusterName(look: ClusterLook | undefined, count: number): string {
  return look?.label ?? `Cluster of ${count} locations`;
}

/** A styled cluster is opaque so its colour reads true; the default slate lets the basemap show through. */
export function clusterPathOptions(look: ClusterLook | undefined, outline: string): PathOptions {
  return {
    color: outline,
    weight: 2,
    fillColor: look?.fill ?? CLUSTER_FILL,
    fillOpacity: look ? 1 : 0.85,
  };
}
