import { useCallback, useRef } from 'react';

/**
 * The same `[lat, lon]` array for a marker whose place did not change. react-leaflet moves a
 * marker whenever `center` is a new array, and a move redraws it and repositions its tooltip:
 * recolouring hundreds of markers paid for hundreds of moves.
 */
export function useStableCenters(): (key: string, lat: number, lon: number) => [number, number] {
  const cache = useRef(new Map<string, [number, number]>());
  return useCallback((key: string, lat: number, lon: number) => {
    const known = cache.current.get(key);
    if (known && known[0] === lat && known[1] === lon) return known;
    const center: [number, number] = [lat, lon];
    cache.current.set(key, center);
    return center;
  }, []);
}
