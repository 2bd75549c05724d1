import { svg, type PathOptions } from 'leaflet';
import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { GeoJSON, Pane } from 'react-leaflet';
import styles from '../LocationMap.module.css';
import { basemapOptions, type BasemapKind } from './basemap';

const BASEMAP_PANE = 'basemap';
/** Below the overlay pane (z 400), or the opaque land would hide the marker canvas. */
const BASEMAP_PANE_STYLE = { zIndex: 250 };

const KIND_CLASS: Record<BasemapKind, string | undefined> = {
  state: styles.state,
  neighbour: styles.neighbour,
  counties: styles.counties,
};

/** The bundled outline of Texas, its neighbours and counties, under everything else the map draws. */
export function BasemapLayer() {
  return (
    <Pane name={BASEMAP_PANE} style={BASEMAP_PANE_STYLE}>
      <BasemapShapes />
    </Pane>
  );
}

function BasemapShapes() {
  const query = useQuery(basemapOptions());
  // Basemap paths go to SVG so CSS (and the theme's variables) colour them; markers stay on canvas.
  const renderer = useMemo(() => svg({ padding: 0.5, pane: BASEMAP_PANE }), []);
  if (!query.data) return null;
  return (
    <GeoJSON
      pane={BASEMAP_PANE}
      data={query.data}
      interactive={false}
      style={(feature) => {
        const kind = (feature?.properties as { kind?: BasemapKind } | undefined)?.kind ?? 'counties';
        const options: PathOptions & { renderer: typeof renderer } = {
          className: KIND_CLASS[kind] ?? '',
          renderer,
          weight: kind === 'counties' ? 0.6 : kind === 'state' ? 1.5 : 1,
          fill: kind !== 'counties',
        };
        return options;
      }}
    />
  );
}
