import type { ReactNode } from 'react';
import { CircleMarker, Tooltip } from 'react-leaflet';
import type { MapPoint } from '../cluster/clusters';

interface HighlightMarkerProps {
  point: MapPoint;
  outline: string;
  /** Tooltip content (default the point's label): React children, so data stays text. */
  renderTooltip: ((point: MapPoint) => ReactNode) | undefined;
  onSelect: ((id: string) => void) | undefined;
  onHover: ((id: string | null) => void) | undefined;
}

/** The hovered point (on the map or in a list beside it), enlarged above the rest and named. */
export function HighlightMarker({ point, outline, renderTooltip, onSelect, onHover }: HighlightMarkerProps) {
  return (
    <CircleMarker
      key={`hl-${point.id}`}
      center={[point.lat, point.lon]}
      radius={9}
      bubblingMouseEvents={false}
      pathOptions={{ color: outline, weight: 3, fillColor: point.color, fillOpacity: 1 }}
      eventHandlers={{ click: () => onSelect?.(point.id), mouseout: () => onHover?.(null) }}
    >
      <Tooltip permanent direction="top" offset={[0, -10]}>
        {renderTooltip ? renderTooltip(point) : point.label}
      </Tooltip>
    </CircleMarker>
  );
}
