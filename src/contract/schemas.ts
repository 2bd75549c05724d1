/**
 * Every answer of the API as a zod schema (its query parameters: `params.ts`), and its TypeScript type inferred from it: the schema
 * is the definition, there is no hand-written twin. The client checks answers against these in
 * development and tests, the fuzzer checks every 200, and the OpenAPI document is generated from
 * them. Objects are not strict: the API may add properties, and a client must tolerate them.
 */
import { z } from 'zod';
import { CADENCES, COLUMN_TYPES, LOCATION_STATUSES, LOCATION_TYPES } from './vocabulary';
import { calendarDateSchema, isoTimestampSchema } from './scalars';
import { configureZod } from './zodConfig';

configureZod();

// ---------------------------------------------------------------------------------------------
// Envelopes and errors
// ---------------------------------------------------------------------------------------------

export const metaSchema = z
  .object({
    page: z.number().int().nullable(),
    limit: z.number().int().nullable(),
    page_size: z.number().int().nullable(),
    hasNextPage: z.boolean().nullable(),
    cursor: z.string().nullable(),
  })
  .meta({ id: 'Meta' });
export type Meta = z.infer<typeof metaSchema>;

const validationIssueSchema = z
  .object({
    loc: z.array(z.union([z.string(), z.number()])),
    msg: z.string(),
    type: z.string(),
    input: z.unknown(),
  })
  .meta({ id: 'ValidationIssue' });
export type ValidationIssue = z.infer<typeof validationIssueSchema>;

/** `detail` is a sentence, or (422 type errors) a list of per-parameter entries. */
const errorDetailSchema = z.union([z.string(), z.array(validationIssueSchema)]);
export type ErrorDetail = z.infer<typeof errorDetailSchema>;

export const errorBodySchema = z.object({ detail: errorDetailSchema }).meta({ id: 'Error' });
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const healthResponseSchema = z
  .object({ status: z.literal('ok'), version: z.string() })
  .meta({ id: 'Health' });
export type HealthResponse = z.infer<typeof healthResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Datasets
// ---------------------------------------------------------------------------------------------

const datasetColumnSchema = z
  .object({
    name: z.string(),
    type: z.enum(COLUMN_TYPES),
    is_numeric: z.boolean(),
    is_datetime: z.boolean(),
    description: z.string(),
    unit: z.string().nullable(),
  })
  .meta({ id: 'DatasetColumn' });
export type DatasetColumn = z.infer<typeof datasetColumnSchema>;

export const datasetSchema = z
  .object({
    id: z.string(),
    source: z.string(),
    name: z.string(),
    description: z.string(),
    cadence: z.enum(CADENCES),
    earliestData: isoTimestampSchema,
    latestData: isoTimestampSchema,
    earliest_available_time_utc: isoTimestampSchema,
    latest_available_time_utc: isoTimestampSchema,
    time_index_column: z.enum(['interval_start_utc', 'time_utc']),
    // Any column name: `location` for prices, `resource_name` and `constraint_name` for the
    // disclosure and constraint tables (decision 0026), and the hosted API has others.
    subseries_index_column: z.string().min(1).nullable(),
    publish_time_column: z.literal('publish_time_utc').nullable(),
    primary_key_columns: z.array(z.string()),
    data_timezone: z.string(),
    all_columns: z.array(datasetColumnSchema),
    number_of_rows_approximate: z.number().int().nonnegative(),
  })
  .meta({ id: 'Dataset' });
export type Dataset = z.infer<typeof datasetSchema>;

/** One cell of a row: numbers, strings (timestamps are ISO strings with an offset), booleans, null. */
const cellValueSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export type CellValue = z.infer<typeof cellValueSchema>;
const rowSchema = z.record(z.string(), cellValueSchema);
export type Row = z.infer<typeof rowSchema>;
/** `array_of_arrays`: the first element is the column names, each later element one row. */
export const rowArraysSchema = z.tuple([z.array(z.string())], z.array(cellValueSchema));
export type RowArrays = z.infer<typeof rowArraysSchema>;

/** `{data, meta, dataset_metadata}`: every list-shaped answer (contract §4). */
function listResponseSchema<T extends z.ZodType, M extends z.ZodType>(item: T, metadata: M) {
  return z.object({ data: z.array(item), meta: metaSchema, dataset_metadata: metadata });
}
export const datasetListResponseSchema = listResponseSchema(datasetSchema, z.null()).meta({
  id: 'DatasetList',
});
export type DatasetListResponse = z.infer<typeof datasetListResponseSchema>;

export const datasetQueryResponseSchema = z
  .object({ data: z.array(rowSchema), meta: metaSchema, dataset_metadata: datasetSchema })
  .meta({ id: 'QueryResult' });
export type DatasetQueryResponse = z.infer<typeof datasetQueryResponseSchema>;

export const datasetQueryArraysResponseSchema = z
  .object({ data: rowArraysSchema, meta: metaSchema, dataset_metadata: datasetSchema })
  .meta({ id: 'QueryResultArrays' });
export type DatasetQueryArraysResponse = z.infer<typeof datasetQueryArraysResponseSchema>;

const datasetUpdateSchema = z
  .object({
    id: z.string(),
    dataset: z.string(),
    time_utc: isoTimestampSchema,
    num_rows_inserted: z.number().int().nonnegative(),
    num_rows_updated: z.number().int().nonnegative(),
    is_backfill: z.boolean(),
  })
  .meta({ id: 'DatasetUpdate' });
export type DatasetUpdate = z.infer<typeof datasetUpdateSchema>;

export const datasetUpdatesResponseSchema = listResponseSchema(datasetUpdateSchema, z.null()).meta({
  id: 'DatasetUpdates',
});
export type DatasetUpdatesResponse = z.infer<typeof datasetUpdatesResponseSchema>;

const datasetAuditRecordSchema = z
  .object({
    market_date: calendarDateSchema,
    number_of_datapoints: z.number().int().nonnegative(),
    number_of_unique_time_index_values: z.number().int().nonnegative(),
    number_of_unique_subseries_index_values: z.number().int().nonnegative().nullable(),
  })
  .meta({ id: 'DatasetAuditRecord' });
export type DatasetAuditRecord = z.infer<typeof datasetAuditRecordSchema>;

export const datasetAuditResponseSchema = listResponseSchema(datasetAuditRecordSchema, z.null()).meta({
  id: 'DatasetAudit',
});
export type DatasetAuditResponse = z.infer<typeof datasetAuditResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Pricing locations
// ---------------------------------------------------------------------------------------------

export const pricingLocationSchema = z
  .object({
    gs_entity_id: z.string(),
    location: z.string(),
    location_type: z.enum(LOCATION_TYPES),
    market_id: z.string(),
    baa: z.string(),
    zone: z.string().nullable(),
    zone_type: z.literal('Load Zone').nullable(),
    latitude: z.number().min(-90).max(90).nullable(),
    longitude: z.number().min(-180).max(180).nullable(),
    pricing_datasets: z.array(z.string()),
    earliest_seen_utc: isoTimestampSchema,
    latest_seen_utc: isoTimestampSchema,
    status_threshold_days: z.number().int(),
    status: z.enum(LOCATION_STATUSES),
  })
  .meta({ id: 'PricingLocation' });
export type PricingLocation = z.infer<typeof pricingLocationSchema>;

const facetCountsSchema = z.record(z.string(), z.number().int().positive());
export const pricingLocationListSchema = z
  .object({
    items: z.array(pricingLocationSchema),
    total_items: z.number().int().nonnegative(),
    facets: z.object({
      location_type: facetCountsSchema,
      zone: facetCountsSchema,
      status: facetCountsSchema,
    }),
  })
  .meta({ id: 'PricingLocationList' });
export type PricingLocationList = z.infer<typeof pricingLocationListSchema>;

const nearbyPricingLocationSchema = z
  .object({
    gs_entity_id: z.string(),
    location: z.string(),
    market_id: z.string(),
    distance_in_miles: z.number().nonnegative(),
  })
  .meta({ id: 'NearbyPricingLocation' });
export type NearbyPricingLocation = z.infer<typeof nearbyPricingLocationSchema>;
export const nearbyPricingLocationsSchema = z
  .array(nearbyPricingLocationSchema)
  .meta({ id: 'NearbyPricingLocations' });

// ---------------------------------------------------------------------------------------------
// Reports and usage
// ---------------------------------------------------------------------------------------------

export const dailyPeakReportSchema = z
  .object({
    iso: z.string(),
    date: calendarDateSchema,
    peak_load_mw: z.number(),
    peak_time_utc: isoTimestampSchema,
  })
  .meta({ id: 'DailyPeakReport' });
export type DailyPeakReport = z.infer<typeof dailyPeakReportSchema>;

export const apiUsageSchema = z
  .object({
    plan: z.string(),
    requests_today: z.number().int().nonnegative(),
    requests_this_month: z.number().int().nonnegative(),
    limit_per_day: z.number().int().nullable(),
    limit_per_month: z.number().int().nullable(),
  })
  .meta({ id: 'ApiUsage' });
export type ApiUsage = z.infer<typeof apiUsageSchema>;

/*
 * The hosted GridStatus API's current shapes of the same two answers (docs/decisions/0027), which
 * the official client's own tests pin: `SHAPES=hosted` makes the mock answer in them, and the
 * client reads either. Only the names and order the client's tests pin are required; a limit the
 * server does not apply is `null`, and a count the server does not keep is `null` (the mock keeps
 * no count of rows returned).
 */
export const hostedApiUsageSchema = z
  .object({
    plan_name: z.string(),
    limits: z.object({
      api_rows_returned_limit: z.number().int().nullable(),
      api_requests_limit: z.number().int().nullable(),
      api_rows_per_response_limit: z.number().int().nullable(),
      per_second_api_rate_limit: z.number().int().nullable(),
      per_minute_api_rate_limit: z.number().int().nullable(),
      per_hour_api_rate_limit: z.number().int().nullable(),
    }),
    current_usage_period_start: isoTimestampSchema,
    current_usage_period_end: isoTimestampSchema,
    current_period_usage: z.object({
      total_requests: z.number().int().nonnegative(),
      total_api_rows_returned: z.number().int().nonnegative().nullable(),
    }),
  })
  .meta({ id: 'HostedApiUsage' });
export type HostedApiUsage = z.infer<typeof hostedApiUsageSchema>;

/** `/v1/api_usage` as either server answers it. */
const anyApiUsageSchema = z.union([apiUsageSchema, hostedApiUsageSchema]);
export type AnyApiUsage = z.infer<typeof anyApiUsageSchema>;

/**
 * The hosted daily peak report: `ISO` upper case and `market_date` (pinned by the client's tests);
 * the peak itself under the seed's names, optional because nothing pins what the hosted API calls
 * it, so a server without them still passes and the page says the peak is not in its report.
 */
export const hostedDailyPeakReportSchema = z
  .object({
    ISO: z.string(),
    market_date: calendarDateSchema,
    peak_load_mw: z.number().optional(),
    peak_time_utc: isoTimestampSchema.optional(),
  })
  .meta({ id: 'HostedDailyPeakReport' });
export type HostedDailyPeakReport = z.infer<typeof hostedDailyPeakReportSchema>;

/** The daily peak report as either server answers it. */
const anyDailyPeakReportSchema = z.union([dailyPeakReportSchema, hostedDailyPeakReportSchema]);
export type AnyDailyPeakReport = z.infer<typeof anyDailyPeakReportSchema>;

/** Every JSON answer the client reads, by name: the client checks answers against these in development. */
export const WIRE_SCHEMAS = {
  health: healthResponseSchema,
  datasetList: datasetListResponseSchema,
  dataset: datasetSchema,
  query: datasetQueryResponseSchema,
  queryArrays: datasetQueryArraysResponseSchema,
  updates: datasetUpdatesResponseSchema,
  audit: datasetAuditResponseSchema,
  pricingLocations: pricingLocationListSchema,
  pricingLocation: pricingLocationSchema,
  nearby: nearbyPricingLocationsSchema,
  dailyPeak: anyDailyPeakReportSchema,
  apiUsage: anyApiUsageSchema,
} as const;
export type WireSchemaName = keyof typeof WIRE_SCHEMAS;
