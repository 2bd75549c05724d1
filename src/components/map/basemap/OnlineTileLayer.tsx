import { TileLayer } from 'react-leaflet';
import { isUsableTileUrl, useTileUrl } from './tileUrlSetting';

/** The user's own tile server over the basemap, when they set one in the map's settings. */
export function OnlineTileLayer() {
  const [tileUrl] = useTileUrl();
  if (!isUsableTileUrl(tileUrl)) return null;
  return <TileLayer url={tileUrl} attribution="Tiles: your tile server" />;
}
