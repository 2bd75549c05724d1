import type { ReactNode } from 'react';
import { CircleMarker } from 'react-leaflet';
import type { MapPoint } from '../cluster/clusters';
import { SelectionPopup } from './SelectionPopup';

interface SelectionMarkerProps {
  point: MapPoint;
  outline: string;
  /** Popup content: React children, so data is always text, never HTML. */
  renderPopup: ((point: MapPoint) => ReactNode) | undefined;
  onPopupClose: (() => void) | undefined;
}

/** The selected point, largest of all and drawn last, with its popup when the caller gives one. */
export function SelectionMarker({ point, outline, renderPopup, onPopupClose }: SelectionMarkerProps) {
  return (
    <>
      <CircleMarker
        key={`sel-${point.id}`}
        center={[point.lat, point.lon]}
        radius={10}
        bubblingMouseEvents={false}
        pathOptions={{ color: outline, weight: 3, fillColor: point.color, fillOpacity: 1 }}
      />
      {renderPopup && (
        <SelectionPopup key={`popup-${point.id}`} point={point} onClose={onPopupClose}>
          {renderPopup(point)}
        </SelectionPopup>
      )}
    </>
  );
}
