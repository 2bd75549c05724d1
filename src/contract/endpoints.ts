/**
 * Every route of the API (api.md, contract.md) as data: path, parameters, answers. The OpenAPI
 * document is generated from this table, and a test holds the mock's route table to it, so a route
 * cannot exist on one side only.
 */
import { z } from 'zod';
import {
  apiUsageSchema,
  dailyPeakParamsSchema,
  dailyPeakReportSchema,
  datasetAuditResponseSchema,
  datasetListResponseSchema,
  datasetQueryArraysResponseSchema,
  datasetQueryParamsSchema,
  datasetQueryResponseSchema,
  datasetSchema,
  datasetUpdatesParamsSchema,
  datasetUpdatesResponseSchema,
  formatParamsSchema,
  healthResponseSchema,
  nearbyParamsSchema,
  nearbyPricingLocationsSchema,
  pricingLocationListParamsSchema,
  pricingLocationListSchema,
  pricingLocationSchema,
} from './schemas';

export interface Endpoint {
  /** The OpenAPI operationId. */
  id: string;
  /** OpenAPI path template: `/v1/datasets/{dataset_id}`. */
  path: string;
  summary: string;
  /** A key is required (401 without one; 429 over a limit). */
  auth: boolean;
  /** Path parameters, in order, with what they name. */
  pathParams: Readonly<Record<string, string>>;
  /** Query parameters (every one optional). */
  query: z.ZodObject | null;
  /** The 200 body(ies): JSON schemas; `csv` when `return_format=csv` is accepted. */
  ok: { json: readonly z.ZodType[]; csv: boolean; pagingHeaders?: boolean };
  /** Error statuses the route answers, besides 401/429 of `auth` and 405 of every route. */
  errors: readonly number[];
}

const DATASET_ID = { dataset_id: 'A dataset id from the catalog, e.g. ercot_load' } as const;
const sourceParams = formatParamsSchema.extend({
  source: z
    .string()
    .meta({ description: 'Only datasets of this source (market code, e.g. ercot)' })
    .optional(),
});
const isoParams = z.object({
  isos: z
    .string()
    .meta({ description: 'Comma-separated market codes; the first is used (default ercot)' })
    .optional(),
});
const pathQueryParams = datasetQueryParamsSchema.omit({
  filter_column: true,
  filter_value: true,
  filter_operator: true,
});

export const ENDPOINTS = {
  health: {
    id: 'health',
    path: '/health',
    summary: 'Health check (no key needed)',
    auth: false,
    pathParams: {},
    query: null,
    ok: { json: [healthResponseSchema], csv: false },
    errors: [],
  },
  datasetList: {
    id: 'listDatasets',
    path: '/v1/datasets',
    summary: 'The dataset catalog',
    auth: true,
    pathParams: {},
    query: sourceParams,
    ok: { json: [datasetListResponseSchema], csv: true },
    errors: [400, 422],
  },
  dataset: {
    id: 'getDataset',
    path: '/v1/datasets/{dataset_id}',
    summary: "One dataset's metadata",
    auth: true,
    pathParams: DATASET_ID,
    query: formatParamsSchema,
    ok: { json: [datasetSchema], csv: true },
    errors: [400, 404, 422],
  },
  datasetQuery: {
    id: 'queryDataset',
    path: '/v1/datasets/{dataset_id}/query',
    summary: 'Rows of a dataset: time range, filter, columns, order, resampling, vintages, paging',
    auth: true,
    pathParams: DATASET_ID,
    query: datasetQueryParamsSchema,
    ok: {
      json: [datasetQueryResponseSchema, datasetQueryArraysResponseSchema],
      csv: true,
      pagingHeaders: true,
    },
    errors: [400, 404, 422],
  },
  datasetPathQuery: {
    id: 'queryDatasetByPath',
    path: '/v1/datasets/{dataset_id}/query/{filter_column_id}/{filter_value_path}',
    summary: 'Rows of a dataset filtered by a column value given in the path (operator =)',
    auth: true,
    pathParams: {
      ...DATASET_ID,
      filter_column_id: 'The column to filter on',
      filter_value_path: 'The value it must equal (URL-encoded)',
    },
    query: pathQueryParams,
    ok: {
      json: [datasetQueryResponseSchema, datasetQueryArraysResponseSchema],
      csv: true,
      pagingHeaders: true,
    },
    errors: [400, 404, 422],
  },
  datasetAudit: {
    id: 'getDatasetAudit',
    path: '/v1/datasets/{dataset_id}/audit',
    summary: 'Data points per market day for the last 30 complete days',
    auth: true,
    pathParams: DATASET_ID,
    query: formatParamsSchema,
    ok: { json: [datasetAuditResponseSchema], csv: true },
    errors: [400, 404, 422],
  },
  datasetUpdates: {
    id: 'getDatasetUpdates',
    path: '/v1/dataset-updates/{dataset_id}',
    summary: 'Publication runs of the last 7 days',
    auth: true,
    pathParams: DATASET_ID,
    query: datasetUpdatesParamsSchema,
    ok: { json: [datasetUpdatesResponseSchema], csv: true },
    errors: [400, 404, 422],
  },
  pricingLocations: {
    id: 'listPricingLocations',
    path: '/v1/pricing_locations',
    summary: 'Pricing locations with search, filters, facet counts, sorting and paging',
    auth: true,
    pathParams: {},
    query: pricingLocationListParamsSchema,
    ok: { json: [pricingLocationListSchema], csv: false },
    errors: [400, 422],
  },
  nearby: {
    id: 'nearbyPricingLocations',
    path: '/v1/pricing_locations/nearby',
    summary: 'The pricing locations nearest a point or a known location',
    auth: true,
    pathParams: {},
    query: nearbyParamsSchema,
    ok: { json: [nearbyPricingLocationsSchema], csv: false },
    errors: [400, 404, 422],
  },
  pricingLocation: {
    id: 'getPricingLocation',
    path: '/v1/pricing_locations/{gs_entity_id}',
    summary: 'One pricing location',
    auth: true,
    pathParams: { gs_entity_id: 'The location id, e.g. ercot-hb_north' },
    query: isoParams,
    ok: { json: [pricingLocationSchema], csv: false },
    errors: [404],
  },
  dailyPeak: {
    id: 'getDailyPeakReport',
    path: '/v1/reports/daily_peak/{iso}',
    summary: 'The peak load of a market day',
    auth: true,
    pathParams: { iso: 'The market: ercot' },
    query: dailyPeakParamsSchema,
    ok: { json: [dailyPeakReportSchema], csv: false },
    errors: [403, 404, 422],
  },
  apiUsage: {
    id: 'getApiUsage',
    path: '/v1/api_usage',
    summary: "The caller's plan and requests today and this month",
    auth: true,
    pathParams: {},
    query: null,
    ok: { json: [apiUsageSchema], csv: false },
    errors: [],
  },
  openApi: {
    id: 'getOpenApiDocument',
    path: '/openapi.json',
    summary: 'This description of the API (no key needed)',
    auth: false,
    pathParams: {},
    query: null,
    ok: { json: [], csv: false },
    errors: [],
  },
} as const satisfies Record<string, Endpoint>;

export type EndpointName = keyof typeof ENDPOINTS;

/** The names of an endpoint's path parameters (`dataset_id`, …). */
type PathParamName<N extends EndpointName> = keyof (typeof ENDPOINTS)[N]['pathParams'] & string;

/** The values an endpoint's path needs: none for a fixed path, else one string per parameter. */
type PathValues<N extends EndpointName> = [PathParamName<N>] extends [never]
  ? []
  : [values: Readonly<Record<PathParamName<N>, string>>];

/** The route pattern of an endpoint in `:param` form (`/v1/datasets/:dataset_id`). */
export function routePattern(endpoint: Endpoint): string {
  return endpoint.path.replace(/\{([^}]+)\}/g, ':$1');
}

/**
 * The path the client requests for an endpoint, its template filled in: each value URL-encoded as
 * one segment, so an id holding `/` or `?` cannot reach another route.
 */
export function endpointPath<N extends EndpointName>(name: N, ...[values]: PathValues<N>): string {
  const filled: Readonly<Record<string, string>> = values ?? {};
  return ENDPOINTS[name].path.replace(/\{([^}]+)\}/g, (_, param: string) => {
    const value = filled[param];
    if (value === undefined) throw new Error(`${name} needs the path parameter ${param}`);
    return encodeURIComponent(value);
  });
}
