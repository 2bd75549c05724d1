/** Where the map looks: its centre and a whole zoom, as a page keeps it in its URL. */
export interface MapView {
  lat: number;
  lon: number;
  zoom: number;
}

/**
 * Four decimals (about 11 m), the precision of a view or a click handed to the page: the map's
 * own moves then come back equal to the view it was given, so they do not move it again.
 */
export function round4(value: number): number {
  return Math.round(value * 1e4) / 1e4;
}
