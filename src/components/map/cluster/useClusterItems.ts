import type { Map as LeafletMap } from 'leaflet';
import { useMemo, useState } from 'react';
import { useMap, useMapEvents } from 'react-leaflet';
import {
  createClusterIndex,
  positionsKey,
  type Bounds,
  type ClusterIndex,
  type ClusterItem,
  type MapPoint,
} from './clusters';

/** A margin around the view, so markers just outside it are already drawn when the user pans. */
function currentBounds(map: LeafletMap): Bounds {
  const b = map.getBounds().pad(0.2);
  return [b.getWest(), b.getSouth(), b.getEast(), b.getNorth()];
}

/**
 * What to draw for the current view: clusters and single points inside it, queried again after
 * every move; every point alone when clustering is off.
 */
export function useClusterItems(
  points: readonly MapPoint[],
  enabled: boolean,
  maxZoom: number,
): { index: ClusterIndex; items: ClusterItem[] } {
  const map = useMap();
  // The KD-trees depend on positions only: a recolouring (new points, same places) reuses them.
  const key = useMemo(() => positionsKey(points), [points]);
  const built = useMemo(
    () => createClusterIndex(points, { maxZoom: enabled ? maxZoom - 4 : 0 }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- rebuilt when positions change, not colours
    [key, enabled, maxZoom],
  );
  const index = useMemo(() => built.withPoints(points), [built, points]);
  const [frame, setFrame] = useState(() => ({ bounds: currentBounds(map), zoom: map.getZoom() }));
  useMapEvents({
    moveend() {
      setFrame({ bounds: currentBounds(map), zoom: map.getZoom() });
    },
  });
  const items: ClusterItem[] = useMemo(
    () =>
      enabled
        ? index.itemsIn(frame.bounds, frame.zoom)
        : points.map((point) => ({ kind: 'point' as const, point })),
    [enabled, index, frame, points],
  );
  return { index, items };
}
