/** Where the map looks: its centre and a whole zoom, as a page keeps it in its URL. */
export interface MapView {
  lat: number;
  lon: number;
  zoom: number;
}
