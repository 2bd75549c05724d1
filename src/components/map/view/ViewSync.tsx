import { useEffect } from 'react';
import { useMapEvents } from 'react-leaflet';
import { roundCoordinate } from '@/lib/coordinates';
import type { MapView } from './mapView';

interface ViewSyncProps {
  view: MapView;
  onViewChange: ((view: MapView) => void) | undefined;
  onMapClick: ((lat: number, lon: number) => void) | undefined;
}

/** The map's view and the page's view kept as one: moves and clicks go out, outside changes come in. */
export function ViewSync({ view, onViewChange, onMapClick }: ViewSyncProps) {
  const map = useMapEvents({
    moveend() {
      const c = map.getCenter();
      onViewChange?.({ lat: roundCoordinate(c.lat), lon: roundCoordinate(c.lng), zoom: map.getZoom() });
    },
    click(event) {
      onMapClick?.(roundCoordinate(event.latlng.lat), roundCoordinate(event.latlng.lng));
    },
  });
  // A view from outside (back/forward, a link) moves the map; our own moves come back equal.
  useEffect(() => {
    const c = map.getCenter();
    if (
      roundCoordinate(c.lat) !== view.lat ||
      roundCoordinate(c.lng) !== view.lon ||
      map.getZoom() !== view.zoom
    ) {
      map.setView([view.lat, view.lon], view.zoom);
    }
  }, [map, view.lat, view.lon, view.zoom]);
  return null;
}
