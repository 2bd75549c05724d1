import Supercluster from 'supercluster';

/** One thing to draw on the map; the caller decides its colour and words. */
export interface MapPoint {
  id: string;
  lat: number;
  lon: number;
  color: string;
  label: string;
}

export type ClusterItem =
  | { kind: 'point'; point: MapPoint }
  | { kind: 'cluster'; clusterId: number; lat: number; lon: number; count: number };

/** West, south, east, north in degrees. */
export type Bounds = readonly [west: number, south: number, east: number, north: number];

export interface ClusterIndex {
  /** Clusters and single points inside `bounds` at a whole `zoom`. */
  itemsIn(bounds: Bounds, zoom: number): ClusterItem[];
  /** The zoom at which a cluster splits into smaller ones (for "click to zoom in"). */
  expansionZoom(clusterId: number): number;
  /** Every point a cluster stands for (to summarise their values). */
  leaves(clusterId: number): MapPoint[];
  /**
   * The same clusters over `points`, which must hold the same positions in the same order (only
   * colours or labels changed): recolouring reuses the KD-trees instead of rebuilding them.
   */
  withPoints(points: readonly MapPoint[]): ClusterIndex;
}

/** A key that changes when any point's id or position does, and not when only its colour does. */
export function positionsKey(points: readonly MapPoint[]): string {
  return points.map((p) => `${p.id}@${p.lat},${p.lon}`).join('|');
}

export interface ClusterOptions {
  /** Pixel radius within which points merge. */
  radius?: number;
  /** Beyond this zoom every point is drawn alone. */
  maxZoom?: number;
  minPoints?: number;
}

type PointProps = { index: number };

/**
 * Clusters computed once per point set (supercluster's index is a KD-tree per zoom), then queried
 * per view: only what is visible is drawn, so hundreds of markers stay fluid.
 */
export function createClusterIndex(points: readonly MapPoint[], options: ClusterOptions = {}): ClusterIndex {
  const index = new Supercluster<PointProps>({
    radius: options.radius ?? 45,
    maxZoom: options.maxZoom ?? 10,
    minPoints: options.minPoints ?? 3,
  });
  index.load(
    points.map((p, i) => ({
      type: 'Feature' as const,
      properties: { index: i },
      geometry: { type: 'Point' as const, coordinates: [p.lon, p.lat] },
    })),
  );
  return viewOf(index, points);
}

function viewOf(index: Supercluster<PointProps>, points: readonly MapPoint[]): ClusterIndex {
  return {
    itemsIn(bounds, zoom) {
      const z = Math.max(0, Math.floor(zoom));
      // supercluster wants longitudes within ±180 and a west < east box.
      const west = Math.max(-180, bounds[0]);
      const east = Math.min(180, bounds[2]);
      const south = Math.max(-85, bounds[1]);
      const north = Math.min(85, bounds[3]);
      if (west > east || south > north) return [];
      const items: ClusterItem[] = [];
      for (const f of index.getClusters([west, south, east, north], z)) {
        const [lon = 0, lat = 0] = f.geometry.coordinates;
        const props = f.properties;
        if ('cluster' in props) {
          items.push({ kind: 'cluster', clusterId: props.cluster_id, lat, lon, count: props.point_count });
        } else {
          const point = points[props.index];
          if (point) items.push({ kind: 'point', point });
        }
      }
      return items;
    },
    expansionZoom(clusterId) {
      return index.getClusterExpansionZoom(clusterId);
    },
    leaves(clusterId) {
      const out: MapPoint[] = [];
      for (const f of index.getLeaves(clusterId, Infinity)) {
        const point = points[f.properties.index];
        if (point) out.push(point);
      }
      return out;
    },
    withPoints(next) {
      return viewOf(index, next);
    },
  };
}

/** A cluster circle grows with the log of its count, so a 300-point cluster does not cover a county. */
export function clusterRadius(count: number): number {
  return Math.round(10 + 5 * Math.log10(Math.max(1, count)));
}
