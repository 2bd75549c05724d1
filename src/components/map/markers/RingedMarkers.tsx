import { CircleMarker } from 'react-leaflet';
import type { MapPoint } from '../cluster/clusters';

interface RingedMarkersProps {
  points: readonly MapPoint[];
  /** Keeps each set's React keys apart from the other sets'. */
  keyPrefix: string;
  radius: number;
  ring: string;
  ringWeight: number;
  onSelect: ((id: string) => void) | undefined;
  onHover: ((id: string | null) => void) | undefined;
}

/**
 * Points that stand out from the clusters, never merged into them and ringed: a nearby search's
 * results, or the members of a selected aggregate that has no place of its own (a load zone).
 */
export function RingedMarkers({
  points,
  keyPrefix,
  radius,
  ring,
  ringWeight,
  onSelect,
  onHover,
}: RingedMarkersProps) {
  return points.map((p) => (
    <CircleMarker
      key={`${keyPrefix}-${p.id}`}
      center={[p.lat, p.lon]}
      radius={radius}
      bubblingMouseEvents={false}
      pathOptions={{ color: ring, weight: ringWeight, fillColor: p.color, fillOpacity: 1 }}
      eventHandlers={{
        click: () => onSelect?.(p.id),
        mouseover: () => onHover?.(p.id),
        mouseout: () => onHover?.(null),
      }}
    />
  ));
}
