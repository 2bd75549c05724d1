/**
 * Every route of the API (api.md, contract.md) as data: path, parameters, answers. The OpenAPI
 * document is generated from this table, and a test holds the mock's route table to it, so a route
 * cannot exist on one side only.
 */
import { z } from 'zod';
import {
  apiUsageSchema,
  dailyPeakReportSchema,
  hostedApiUsageSchema,
  hostedDailyPeakReportSchema,
  datasetAuditResponseSchema,
  datasetListResponseSchema,
  datasetQueryArraysResponseSchema,
  datasetQueryResponseSchema,
  datasetSchema,
  datasetUpdatesResponseSchema,
  healthResponseSchema,
  nearbyPricingLocationsSchema,
  pricingLocationListSchema,
  pricingLocationSchema,
} from './schemas';
import {
  dailyPeakParamsSchema,
  datasetQueryParamsSchema,
  datasetUpdatesParamsSchema,
  formatParamsSchema,
  nearbyParamsSchema,
  pricingLocationListParamsSchema,
} from './params';
import { API_ROUTES, type EndpointName } from './routes';

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
    ...API_ROUTES.health,
    id: 'health',
    summary: 'Health check (no key needed)',
    pathParams: {},
    query: null,
    ok: { json: [healthResponseSchema], csv: false },
    errors: [],
  },
  datasetList: {
    ...API_ROUTES.datasetList,
    id: 'listDatasets',
    summary: 'The dataset catalog',
    pathParams: {},
    query: sourceParams,
    ok: { json: [datasetListResponseSchema], csv: true },
    errors: [400, 422],
  },
  dataset: {
    ...API_ROUTES.dataset,
    id: 'getDataset',
    summary: "One dataset's metadata",
    pathParams: DATASET_ID,
    query: formatParamsSchema,
    ok: { json: [datasetSchema], csv: true },
    errors: [400, 404, 422],
  },
  datasetQuery: {
    ...API_ROUTES.datasetQuery,
    id: 'queryDataset',
    summary: 'Rows of a dataset: time range, filter, columns, order, resampling, vintages, paging',
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
    ...API_ROUTES.datasetPathQuery,
    id: 'queryDatasetByPath',
    summary: 'Rows of a dataset filtered by a column value given in the path (operator =)',
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
    ...API_ROUTES.datasetAudit,
    id: 'getDatasetAudit',
    summary: 'Data points per market day for the last 30 complete days',
    pathParams: DATASET_ID,
    query: formatParamsSchema,
    ok: { json: [datasetAuditResponseSchema], csv: true },
    errors: [400, 404, 422],
  },
  datasetUpdates: {
    ...API_ROUTES.datasetUpdates,
    id: 'getDatasetUpdates',
    summary: 'Publication runs of the last 7 days',
    pathParams: DATASET_ID,
    query: datasetUpdatesParamsSchema,
    ok: { json: [datasetUpdatesResponseSchema], csv: true },
    errors: [400, 404, 422],
  },
  pricingLocations: {
    ...API_ROUTES.pricingLocations,
    id: 'listPricingLocations',
    summary: 'Pricing locations with search, filters, facet counts, sorting and paging',
    pathParams: {},
    query: pricingLocationListParamsSchema,
    ok: { json: [pricingLocationListSchema], csv: false },
    errors: [400, 422],
  },
  nearby: {
    ...API_ROUTES.nearby,
    id: 'nearbyPricingLocations',
    summary: 'The pricing locations nearest a point or a known location',
    pathParams: {},
    query: nearbyParamsSchema,
    ok: { json: [nearbyPricingLocationsSchema], csv: false },
    errors: [400, 404, 422],
  },
  pricingLocation: {
    ...API_ROUTES.pricingLocation,
    id: 'getPricingLocation',
    summary: 'One pricing location',
    pathParams: { gs_entity_id: 'The location id, e.g. ercot-hb_north' },
    query: isoParams,
    ok: { json: [pricingLocationSchema], csv: false },
    errors: [404],
  },
  dailyPeak: {
    ...API_ROUTES.dailyPeak,
    id: 'getDailyPeakReport',
    summary: 'The peak load of a market day',
    pathParams: { iso: 'The market: ercot' },
    query: dailyPeakParamsSchema,
    ok: { json: [dailyPeakReportSchema, hostedDailyPeakReportSchema], csv: false },
    errors: [403, 404, 422],
  },
  apiUsage: {
    ...API_ROUTES.apiUsage,
    id: 'getApiUsage',
    summary: "The caller's plan and requests today and this month",
    pathParams: {},
    query: null,
    ok: { json: [apiUsageSchema, hostedApiUsageSchema], csv: false },
    errors: [],
  },
  openApi: {
    ...API_ROUTES.openApi,
    id: 'getOpenApiDocument',
    summary: 'This description of the API (no key needed)',
    pathParams: {},
    query: null,
    ok: { json: [], csv: false },
    errors: [],
  },
} as const satisfies Record<EndpointName, Endpoint>;
