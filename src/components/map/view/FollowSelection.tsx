import { useEffect, useRef } from 'react';
import { useMap } from 'react-leaflet';
import type { MapPoint } from '../cluster/clusters';

/**
 * A selection made elsewhere (a list row's "Show on map", a nearby result) brings its point into
 * view; the zoom stays, so the user keeps their sense of scale. A view restored from a shared link
 * is left alone: only a change of selection after mount moves the map.
 */
export function FollowSelection({ id, point }: { id: string | null; point: MapPoint | undefined }) {
  const map = useMap();
  const lastId = useRef(id);
  const pending = useRef(false);
  useEffect(() => {
    if (id !== lastId.current) {
      lastId.current = id;
      pending.current = id !== null;
    }
    if (!pending.current || !point) return;
    pending.current = false;
    // Inset so a point on the very edge (its popup cut off) also counts as off-screen.
    const visible = map.getBounds().pad(-0.1);
    if (!visible.contains([point.lat, point.lon])) {
      map.setView([point.lat, point.lon], map.getZoom(), { animate: false });
    }
  }, [map, id, point]);
  return null;
}
