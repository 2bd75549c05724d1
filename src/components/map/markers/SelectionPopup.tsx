import { latLng } from 'leaflet';
import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { Popup } from 'react-leaflet';
import type { MapPoint } from '../cluster/clusters';

const POPUP_OFFSET: [number, number] = [0, -6];

/**
 * The selected point's popup. react-leaflet re-opens a popup whenever its `position` or
 * `eventHandlers` change identity, so fresh literals on every map render made the close button
 * (and Escape) useless: the popup closed and was opened again at once. Both are kept stable here.
 */
export function SelectionPopup({
  point,
  onClose,
  children,
}: {
  point: MapPoint;
  onClose: (() => void) | undefined;
  children: ReactNode;
}) {
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);
  const position = useMemo(() => latLng(point.lat, point.lon), [point.lat, point.lon]);
  const eventHandlers = useMemo(() => ({ remove: () => onCloseRef.current?.() }), []);
  return (
    <Popup position={position} offset={POPUP_OFFSET} eventHandlers={eventHandlers}>
      {children}
    </Popup>
  );
}
