import { requestedMarket, requirePricingLocation } from './pricingLocations';
import { jsonResponse } from './responders';
import { defineRoute, pathParam } from './route';

/**
 * Contract §8: one item by `gs_entity_id`. A market other than `ercot` in `isos` has an empty
 * registry, so every id is unknown there.
 */
export const pricingLocationRoute = defineRoute('pricingLocation', (ctx) => {
  ctx.query.assertValid();
  const id = pathParam(ctx, 'gs_entity_id');
  return jsonResponse(requirePricingLocation(requestedMarket(ctx.query), id, ctx.now));
});
