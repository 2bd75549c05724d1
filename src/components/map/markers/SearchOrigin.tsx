import { CircleMarker, Polyline, Tooltip } from 'react-leaflet';
import type { MapPoint } from '../cluster/clusters';

/** A nearby search's point, named on the map. */
export interface MapOrigin {
  lat: number;
  lon: number;
  label: string;
}

/** Dashed lines from a nearby search's point to each of its results. */
export function OriginLines({
  origin,
  linked,
  color,
}: {
  origin: MapOrigin;
  linked: readonly MapPoint[];
  color: string;
}) {
  return linked.map((p) => (
    <Polyline
      key={`line-${p.id}`}
      positions={[
        [origin.lat, origin.lon],
        [p.lat, p.lon],
      ]}
      interactive={false}
      pathOptions={{ color, weight: 1.5, opacity: 0.8, dashArray: '4 4' }}
    />
  ));
}

/** The search point itself: not a location, so it cannot be clicked, and its name is always shown. */
export function OriginMarker({
  origin,
  outline,
  fill,
}: {
  origin: MapOrigin;
  outline: string;
  fill: string;
}) {
  return (
    <CircleMarker
      key={`origin-${origin.lat},${origin.lon}`}
      center={[origin.lat, origin.lon]}
      radius={6}
      interactive={false}
      pathOptions={{ color: outline, weight: 3, fillColor: fill, fillOpacity: 1 }}
    >
      <Tooltip permanent direction="top" offset={[0, -8]}>
        {origin.label}
      </Tooltip>
    </CircleMarker>
  );
}
