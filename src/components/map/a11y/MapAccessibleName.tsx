import { useEffect } from 'react';
import { useMap } from 'react-leaflet';

/**
 * Leaflet's container is a plain div: this makes it a named map region, described by the sentence
 * that says what the canvas draws (markers on a canvas have no DOM of their own).
 */
export function MapAccessibleName({ label, describedBy }: { label: string; describedBy: string }) {
  const map = useMap();
  useEffect(() => {
    const container = map.getContainer();
    container.setAttribute('role', 'region');
    container.setAttribute('aria-roledescription', 'map');
    container.setAttribute('aria-label', label);
    container.setAttribute('aria-describedby', describedBy);
  }, [map, label, describedBy]);
  return null;
}
