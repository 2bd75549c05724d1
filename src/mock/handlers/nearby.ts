import type { NearbyPricingLocation } from '@/contract';
import { nearest, type LatLon } from '../engine/geo';
import { intInRange } from '../engine/params';
import { badRequest } from './problem';
import { pricingLocationsOf, requestedMarket, requirePricingLocation } from './pricingLocations';
import { jsonResponse } from './responders';
import { defineRoute } from './route';

const DEFAULT_LIMIT = 10;
const MAX_LIMIT = 100;

function inRange(name: 'latitude' | 'longitude', value: number, bound: number): number {
  if (value < -bound || value > bound) {
    throw badRequest(
      `Invalid value ${value} for ${name}: it must be a number between -${bound} and ${bound}.`,
    );
  }
  return value;
}

/**
 * Contract §8: the nearest locations to a coordinate pair or to an anchor location, nearest
 * first. Checks follow contract §3: types (422), the anchor (404), then the rules (400).
 */
export const nearbyRoute = defineRoute('nearby', (ctx) => {
  const { query } = ctx;
  const latitude = query.number('latitude');
  const longitude = query.number('longitude');
  const limitParam = query.integer('limit');
  const maxDistance = query.number('max_distance_miles');
  query.assertValid();
  const market = requestedMarket(query);
  const anchorId = query.string('location_id');
  const anchor = anchorId === undefined ? undefined : requirePricingLocation(market, anchorId, ctx.now);

  const hasLatitude = query.string('latitude') !== undefined;
  const hasLongitude = query.string('longitude') !== undefined;
  let origin: LatLon;
  if (anchor !== undefined) {
    if (hasLatitude || hasLongitude) {
      throw badRequest('Pass either location_id or latitude and longitude, not both.');
    }
    if (anchor.latitude === null || anchor.longitude === null) {
      throw badRequest(
        `Pricing location '${anchor.gs_entity_id}' has no coordinates, so it cannot be the anchor of location_id; choose a location with latitude and longitude.`,
      );
    }
    origin = { latitude: anchor.latitude, longitude: anchor.longitude };
  } else if (latitude !== undefined && longitude !== undefined) {
    origin = { latitude: inRange('latitude', latitude, 90), longitude: inRange('longitude', longitude, 180) };
  } else if (hasLatitude || hasLongitude) {
    throw badRequest('latitude and longitude must be given together.');
  } else {
    throw badRequest('Pass latitude and longitude, or location_id.');
  }
  const limit = intInRange('limit', limitParam ?? DEFAULT_LIMIT, 1, MAX_LIMIT);
  if (maxDistance !== undefined && maxDistance <= 0) {
    throw badRequest(
      `Invalid value ${maxDistance} for max_distance_miles: it must be a number greater than 0.`,
    );
  }

  const candidates = pricingLocationsOf(market, ctx.now).map((item) => ({
    id: item.gs_entity_id,
    latitude: item.latitude,
    longitude: item.longitude,
    item,
  }));
  const body: NearbyPricingLocation[] = nearest(origin, candidates, {
    limit,
    maxDistanceMiles: maxDistance,
    excludeId: anchor?.gs_entity_id,
  }).map(({ item: { item }, distanceMiles }) => ({
    gs_entity_id: item.gs_entity_id,
    location: item.location,
    market_id: item.market_id,
    distance_in_miles: distanceMiles,
  }));
  return jsonResponse(body);
});
