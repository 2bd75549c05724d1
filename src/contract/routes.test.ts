import { ENDPOINTS } from './endpoints';
import { API_ROUTES, endpointPath } from './routes';

describe('endpointPath', () => {
  it("fills the endpoint's template from the table", () => {
    expect(endpointPath('datasetList')).toBe('/v1/datasets');
    expect(endpointPath('datasetQuery', { dataset_id: 'ercot_load' })).toBe('/v1/datasets/ercot_load/query');
    expect(endpointPath('dailyPeak', { iso: 'ercot' })).toBe('/v1/reports/daily_peak/ercot');
    expect(
      endpointPath('datasetPathQuery', {
        dataset_id: 'ercot_spp',
        filter_column_id: 'location',
        filter_value_path: 'HB_NORTH',
      }),
    ).toBe('/v1/datasets/ercot_spp/query/location/HB_NORTH');
  });

  it('encodes each value as one segment, so an id cannot reach another route', () => {
    expect(endpointPath('pricingLocation', { gs_entity_id: 'a/b?c d' })).toBe(
      '/v1/pricing_locations/a%2Fb%3Fc%20d',
    );
  });
});

describe('the route table and the OpenAPI table', () => {
  it('name the same routes, and each documents exactly the parameters its path template holds', () => {
    expect(Object.keys(ENDPOINTS).sort()).toEqual(Object.keys(API_ROUTES).sort());
    for (const endpoint of Object.values(ENDPOINTS)) {
      const inTemplate = [...endpoint.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
      expect(Object.keys(endpoint.pathParams)).toEqual(inTemplate);
    }
  });
});
