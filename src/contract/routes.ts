/**
 * Every route of the API as a path template and whether it needs a key: the client builds the
 * paths it requests from this table and the mock its routes, so a route cannot exist on one side
 * only. It carries no schemas (`endpoints.ts` adds those for the OpenAPI document), so the client's
 * first screen can build a path without loading zod.
 */
export const API_ROUTES = {
  health: { path: '/health', auth: false },
  datasetList: { path: '/v1/datasets', auth: true },
  dataset: { path: '/v1/datasets/{dataset_id}', auth: true },
  datasetQuery: { path: '/v1/datasets/{dataset_id}/query', auth: true },
  datasetPathQuery: {
    path: '/v1/datasets/{dataset_id}/query/{filter_column_id}/{filter_value_path}',
    auth: true,
  },
  datasetAudit: { path: '/v1/datasets/{dataset_id}/audit', auth: true },
  datasetUpdates: { path: '/v1/dataset-updates/{dataset_id}', auth: true },
  pricingLocations: { path: '/v1/pricing_locations', auth: true },
  nearby: { path: '/v1/pricing_locations/nearby', auth: true },
  pricingLocation: { path: '/v1/pricing_locations/{gs_entity_id}', auth: true },
  dailyPeak: { path: '/v1/reports/daily_peak/{iso}', auth: true },
  apiUsage: { path: '/v1/api_usage', auth: true },
  openApi: { path: '/openapi.json', auth: false },
} as const satisfies Record<string, { path: string; auth: boolean }>;

export type EndpointName = keyof typeof API_ROUTES;

/** The parameter names in a path template: `/v1/datasets/{dataset_id}` → `dataset_id`. */
type ParamsOf<P extends string> = P extends `${string}{${infer Name}}${infer Rest}`
  ? Name | ParamsOf<Rest>
  : never;

/** The values an endpoint's path needs: none for a fixed path, else one string per parameter. */
type PathValues<N extends EndpointName> = [ParamsOf<(typeof API_ROUTES)[N]['path']>] extends [never]
  ? []
  : [values: Readonly<Record<ParamsOf<(typeof API_ROUTES)[N]['path']>, string>>];

/** The route pattern of an endpoint in `:param` form (`/v1/datasets/:dataset_id`). */
export function routePattern(route: { path: string }): string {
  return route.path.replace(/\{([^}]+)\}/g, ':$1');
}

/**
 * The path the client requests for an endpoint, its template filled in: each value URL-encoded as
 * one segment, so an id holding `/` or `?` cannot reach another route.
 */
export function endpointPath<N extends EndpointName>(name: N, ...[values]: PathValues<N>): string {
  const filled: Readonly<Record<string, string>> = values ?? {};
  return API_ROUTES[name].path.replace(/\{([^}]+)\}/g, (_, param: string) => {
    const value = filled[param];
    if (value === undefined) throw new Error(`${name} needs the path parameter ${param}`);
    return encodeURIComponent(value);
  });
}
