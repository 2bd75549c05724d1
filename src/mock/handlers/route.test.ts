import { jsonResponse } from './responders';
import { defineRoute, matchRoute } from './route';

const ok = () => jsonResponse({});
const routes = [
  defineRoute('pricingLocation', ok),
  defineRoute('nearby', ok),
  defineRoute('datasetPathQuery', ok),
  defineRoute('health', ok),
];

describe('defineRoute', () => {
  it("takes the path and the key requirement from the contract's endpoint table", () => {
    expect(routes[0]?.pattern).toBe('/v1/pricing_locations/:gs_entity_id');
    expect(routes[0]?.auth).toBe(true);
    expect(routes[3]?.pattern).toBe('/health');
    expect(routes[3]?.auth).toBe(false);
  });
});

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
      filter_column_id: 'location',
      filter_value_path: 'HB/NORTH X',
    });
  });

  it('does not match empty or malformed segments', () => {
    expect(matchRoute(routes, '/v1/pricing_locations//')).toBeUndefined();
    expect(matchRoute(routes, '/v1/pricing_locations/%E0%A4%A')).toBeUndefined();
    expect(matchRoute(routes, '/v1/pricing_locations')).toBeUndefined();
  });
});
