import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useRef, useState } from 'react';
import { preloadable } from '@/lib/preloadable';
import { basemapOptions } from './basemap/basemap';
import type { LocationMapProps } from './LocationMap';
import styles from './LocationMap.module.css';

// Leaflet (and its CSS) load with the first map shown, never with the page chunk that links to it.
const map = preloadable(() => import('./LocationMap').then((m) => m.LocationMap));

/**
 * Starts loading the map's code (and, given the query client, its basemap) now: for a page that
 * will show a map as soon as its data arrives, so Leaflet and the basemap download while the data
 * is on its way instead of after it (the price map's first paint waited for each in turn; bench price-map).
 * A cold link's first-screen prefetch asks too, before the page has rendered: the location page
 * mounted 100–250 ms after its code arrived, and asked for the map only then (decision 0032).
 */
export function preloadLocationMap(queryClient?: QueryClient): void {
  void map.preload();
  queryClient?.query(basemapOptions()).catch(() => undefined);
}

/** `preloadLocationMap` once the calling page has mounted: a page whose first screen has a map. */
export function usePreloadLocationMap(): void {
  const queryClient = useQueryClient();
  useEffect(() => preloadLocationMap(queryClient), [queryClient]);
}

export type { LocationMapProps } from './LocationMap';
export type { ClusterLook } from './cluster/clusterLook';
export type { MapPoint } from './cluster/clusters';
export type { MapView } from './view/mapView';

function hasArea(element: HTMLElement): boolean {
  const rect = element.getBoundingClientRect();
  return rect.width > 0 && rect.height > 0;
}

/**
 * The map in its own chunk. Leaflet measures its container when it starts, so the map mounts only
 * once the box has a size (a collapsed panel, or an environment without layout, shows the
 * placeholder; the list beside it is the accessible alternative either way).
 */
export function LazyLocationMap(props: LocationMapProps & { className?: string }) {
  const { className, ...mapProps } = props;
  const boxRef = useRef<HTMLDivElement>(null);
  const [sized, setSized] = useState(false);
  useEffect(() => {
    const box = boxRef.current;
    if (!box || typeof ResizeObserver === 'undefined') return;
    // Measured by the observer, which reports once the browser has laid the page out, and not
    // here: the effect of a page's first render can run before that layout, and measuring then
    // forced it (30–40 ms for a list of a hundred locations), then mounted Leaflet in the same
    // task, so the page's data painted only after the map had been built (decision 0032).
    const observer = new ResizeObserver(() => {
      if (hasArea(box)) {
        setSized(true);
        observer.disconnect();
      }
    });
    observer.observe(box);
    return () => observer.disconnect();
  }, []);
  const placeholder = (
    <div className={styles.placeholder} aria-busy={sized}>
      <span>{sized ? 'Loading map…' : 'The map appears here.'}</span>
    </div>
  );
  return (
    <div ref={boxRef} className={[styles.box, className].filter(Boolean).join(' ')}>
      {sized ? (
        <Suspense fallback={placeholder}>
          <map.Component {...mapProps} />
        </Suspense>
      ) : (
        placeholder
      )}
    </div>
  );
}
