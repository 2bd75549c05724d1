import { jsonResponse } from './responders';
import { defineRoute, matchRoute } from './route';

const ok = () => jsonResponse({});
const routes = [
  defineRoute('/v1/pricing_locations/:gs_entity_id', ok),
  defineRoute('/v1/pricing_locations/nearby', ok),
  defineRoute('/v1/datasets/:dataset_id/query/:column/:value', ok),
];

describe('matchRoute', () => {
  it('prefers static segments over parameters whatever the registration order', () => {
    expect(matchRoute(routes, '/v1/pricing_locations/nearby')?.route.pattern).toBe(
      '/v1/pricing_locations/nearby',
    );
    expect(matchRoute(routes, '/v1/pricing_locations/ercot-hb_north')?.params).toEqual({
      gs_entity_id: 'ercot-hb_north',
    });
  });

  it('decodes each parameter on its own, so an encoded slash stays in the value', () => {
    expect(matchRoute(routes, '/v1/datasets/ercot_spp/query/location/HB%2FNORTH%20X/')?.params).toEqual({
      dataset_id: 'ercot_spp',
      column: 'location',
      value: 'HB/NORTH X',
    });
  });

  it('does not match empty or malformed segments', () => {
    expect(matchRoute(routes, '/v1/pricing_locations//')).toBeUndefined();
    expect(matchRoute(routes, '/v1/pricing_locations/%E0%A4%A')).toBeUndefined();
    expect(matchRoute(routes, '/v1/pricing_locations')).toBeUndefined();
  });
});
