/**
 * Great-circle distances for `GET /v1/pricing_locations/nearby` (contract §8): the haversine
 * formula on a sphere of radius 3958.8 miles, distances rounded to 2 decimals.
 */

export const EARTH_RADIUS_MILES = 3958.8;

export interface LatLon {
  latitude: number;
  longitude: number;
}

/** A point that may lack coordinates (hubs and load zones are aggregates without a place). */
export interface GeoCandidate {
  id: string;
  latitude: number | null;
  longitude: number | null;
}

export interface Ranked<T> {
  item: T;
  /** Rounded to 2 decimals, as the wire shows it. */
  distanceMiles: number;
}

export interface NearestOptions {
  limit: number;
  /** Inclusive bound on the rounded distance; absent = no bound. */
  maxDistanceMiles?: number;
  /** The anchor of an anchored search is never its own neighbour. */
  excludeId?: string;
}

const RAD = Math.PI / 180;

/** Unrounded haversine distance in miles. */
export function greatCircleMiles(a: LatLon, b: LatLon): number {
  const dLat = (b.latitude - a.latitude) * RAD;
  const dLon = (b.longitude - a.longitude) * RAD;
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(a.latitude * RAD) * Math.cos(b.latitude * RAD) * Math.sin(dLon / 2) ** 2;
  // atan2 rather than asin: asin loses precision (and can see h > 1) near antipodal points.
  const hc = Math.min(1, h);
  return 2 * EARTH_RADIUS_MILES * Math.atan2(Math.sqrt(hc), Math.sqrt(1 - hc));
}

export function roundMiles(miles: number): number {
  return Math.round(miles * 100) / 100;
}

function byteCompare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * The `limit` candidates nearest to `origin`, nearest first. Ties are broken by id on the
 * rounded distance, so the order a client sees is fully determined by what it is shown.
 */
export function nearest<T extends GeoCandidate>(
  origin: LatLon,
  candidates: readonly T[],
  options: NearestOptions,
): Ranked<T>[] {
  const ranked: Ranked<T>[] = [];
  for (const item of candidates) {
    if (item.latitude === null || item.longitude === null || item.id === options.excludeId) continue;
    const distanceMiles = roundMiles(
      greatCircleMiles(origin, { latitude: item.latitude, longitude: item.longitude }),
    );
    if (options.maxDistanceMiles !== undefined && distanceMiles > options.maxDistanceMiles) continue;
    ranked.push({ item, distanceMiles });
  }
  ranked.sort((x, y) => x.distanceMiles - y.distanceMiles || byteCompare(x.item.id, y.item.id));
  return ranked.slice(0, Math.max(0, options.limit));
}
