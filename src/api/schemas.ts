/**
 * Runtime schemas of the wire types in `./types`, for whoever must not trust a body: the fuzzer
 * checks every 200 against them, and the client may parse with them at its boundary.
 *
 * Each schema is tied to its type both ways (`satisfies z.ZodType<T>` and an exact-equality check
 * of `z.infer`), so a wire type that changes without its schema, or the reverse, fails `tsc`.
 * Objects are not strict: the API allows extra properties, and a client must tolerate them.
 */
import { z } from 'zod';
import {
  CADENCES,
  COLUMN_TYPES,
  LOCATION_STATUSES,
  LOCATION_TYPES,
  type ApiUsage,
  type CellValue,
  type DailyPeakReport,
  type Dataset,
  type DatasetAuditRecord,
  type DatasetAuditResponse,
  type DatasetColumn,
  type DatasetListResponse,
  type DatasetQueryArraysResponse,
  type DatasetQueryResponse,
  type DatasetUpdate,
  type DatasetUpdatesResponse,
  type ErrorBody,
  type HealthResponse,
  type Meta,
  type NearbyPricingLocation,
  type PricingLocation,
  type PricingLocationList,
  type Row,
  type RowArrays,
  type ValidationIssue,
} from './types';

/** Contract preamble: second precision and an explicit offset, never `Z`. */
export const ISO_TIMESTAMP_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/;
export const CALENDAR_DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

export const isoTimestampSchema = z.string().regex(ISO_TIMESTAMP_RE, 'Expected an ISO timestamp with offset');
export const calendarDateSchema = z.string().regex(CALENDAR_DATE_RE, 'Expected a YYYY-MM-DD date');

export const metaSchema = z.object({
  page: z.number().int().nullable(),
  limit: z.number().int().nullable(),
  page_size: z.number().int().nullable(),
  hasNextPage: z.boolean().nullable(),
  cursor: z.string().nullable(),
}) satisfies z.ZodType<Meta>;

export const validationIssueSchema = z.object({
  loc: z.array(z.union([z.string(), z.number()])),
  msg: z.string(),
  type: z.string(),
  input: z.unknown(),
}) satisfies z.ZodType<ValidationIssue>;

export const errorBodySchema = z.object({
  detail: z.union([z.string(), z.array(validationIssueSchema)]),
}) satisfies z.ZodType<ErrorBody>;

export const healthResponseSchema = z.object({
  status: z.literal('ok'),
  version: z.string(),
}) satisfies z.ZodType<HealthResponse>;

export const datasetColumnSchema = z.object({
  name: z.string(),
  type: z.enum(COLUMN_TYPES),
  is_numeric: z.boolean(),
  is_datetime: z.boolean(),
  description: z.string(),
  unit: z.string().nullable(),
}) satisfies z.ZodType<DatasetColumn>;

export const datasetSchema = z.object({
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
  subseries_index_column: z.literal('location').nullable(),
  publish_time_column: z.literal('publish_time_utc').nullable(),
  primary_key_columns: z.array(z.string()),
  data_timezone: z.string(),
  all_columns: z.array(datasetColumnSchema),
  number_of_rows_approximate: z.number().int().nonnegative(),
}) satisfies z.ZodType<Dataset>;

export const cellValueSchema = z.union([
  z.string(),
  z.number(),
  z.boolean(),
  z.null(),
]) satisfies z.ZodType<CellValue>;
export const rowSchema = z.record(z.string(), cellValueSchema) satisfies z.ZodType<Row>;
export const rowArraysSchema = z.tuple(
  [z.array(z.string())],
  z.array(cellValueSchema),
) satisfies z.ZodType<RowArrays>;

export const datasetListResponseSchema = z.object({
  data: z.array(datasetSchema),
  meta: metaSchema,
  dataset_metadata: z.null(),
}) satisfies z.ZodType<DatasetListResponse>;

export const datasetQueryResponseSchema = z.object({
  data: z.array(rowSchema),
  meta: metaSchema,
  dataset_metadata: datasetSchema,
}) satisfies z.ZodType<DatasetQueryResponse>;

export const datasetQueryArraysResponseSchema = z.object({
  data: rowArraysSchema,
  meta: metaSchema,
  dataset_metadata: datasetSchema,
}) satisfies z.ZodType<DatasetQueryArraysResponse>;

export const datasetUpdateSchema = z.object({
  id: z.string(),
  dataset: z.string(),
  time_utc: isoTimestampSchema,
  num_rows_inserted: z.number().int().nonnegative(),
  num_rows_updated: z.number().int().nonnegative(),
  is_backfill: z.boolean(),
}) satisfies z.ZodType<DatasetUpdate>;

export const datasetUpdatesResponseSchema = z.object({
  data: z.array(datasetUpdateSchema),
  meta: metaSchema,
  dataset_metadata: z.null(),
}) satisfies z.ZodType<DatasetUpdatesResponse>;

export const datasetAuditRecordSchema = z.object({
  market_date: calendarDateSchema,
  number_of_datapoints: z.number().int().nonnegative(),
  number_of_unique_time_index_values: z.number().int().nonnegative(),
  number_of_unique_subseries_index_values: z.number().int().nonnegative().nullable(),
}) satisfies z.ZodType<DatasetAuditRecord>;

export const datasetAuditResponseSchema = z.object({
  data: z.array(datasetAuditRecordSchema),
  meta: metaSchema,
  dataset_metadata: z.null(),
}) satisfies z.ZodType<DatasetAuditResponse>;

export const pricingLocationSchema = z.object({
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
}) satisfies z.ZodType<PricingLocation>;

const facetCountsSchema = z.record(z.string(), z.number().int().positive());
export const pricingLocationListSchema = z.object({
  items: z.array(pricingLocationSchema),
  total_items: z.number().int().nonnegative(),
  facets: z.object({ location_type: facetCountsSchema, zone: facetCountsSchema, status: facetCountsSchema }),
}) satisfies z.ZodType<PricingLocationList>;

export const nearbyPricingLocationSchema = z.object({
  gs_entity_id: z.string(),
  location: z.string(),
  market_id: z.string(),
  distance_in_miles: z.number().nonnegative(),
}) satisfies z.ZodType<NearbyPricingLocation>;
export const nearbyPricingLocationsSchema = z.array(nearbyPricingLocationSchema);

export const dailyPeakReportSchema = z.object({
  iso: z.string(),
  date: calendarDateSchema,
  peak_load_mw: z.number(),
  peak_time_utc: isoTimestampSchema,
}) satisfies z.ZodType<DailyPeakReport>;

export const apiUsageSchema = z.object({
  plan: z.string(),
  requests_today: z.number().int().nonnegative(),
  requests_this_month: z.number().int().nonnegative(),
  limit_per_day: z.number().int().nullable(),
  limit_per_month: z.number().int().nullable(),
}) satisfies z.ZodType<ApiUsage>;

/** `true` only when A and B are the same type (not merely assignable one way). */
// The generic functions are the standard exact-equality trick: T is compared, not used.
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Assert<T extends true> = T;

// `satisfies` proves each schema's output fits its type; these prove the type has nothing the
// schema forgot (a new optional field, a wider union), so the two cannot drift apart silently.
export type _SchemasMatchWireTypes = [
  Assert<Equal<z.infer<typeof metaSchema>, Meta>>,
  Assert<Equal<z.infer<typeof validationIssueSchema>, ValidationIssue>>,
  Assert<Equal<z.infer<typeof errorBodySchema>, ErrorBody>>,
  Assert<Equal<z.infer<typeof healthResponseSchema>, HealthResponse>>,
  Assert<Equal<z.infer<typeof datasetColumnSchema>, DatasetColumn>>,
  Assert<Equal<z.infer<typeof datasetSchema>, Dataset>>,
  Assert<Equal<z.infer<typeof cellValueSchema>, CellValue>>,
  Assert<Equal<z.infer<typeof rowSchema>, Row>>,
  Assert<Equal<z.infer<typeof rowArraysSchema>, RowArrays>>,
  Assert<Equal<z.infer<typeof datasetListResponseSchema>, DatasetListResponse>>,
  Assert<Equal<z.infer<typeof datasetQueryResponseSchema>, DatasetQueryResponse>>,
  Assert<Equal<z.infer<typeof datasetQueryArraysResponseSchema>, DatasetQueryArraysResponse>>,
  Assert<Equal<z.infer<typeof datasetUpdateSchema>, DatasetUpdate>>,
  Assert<Equal<z.infer<typeof datasetUpdatesResponseSchema>, DatasetUpdatesResponse>>,
  Assert<Equal<z.infer<typeof datasetAuditRecordSchema>, DatasetAuditRecord>>,
  Assert<Equal<z.infer<typeof datasetAuditResponseSchema>, DatasetAuditResponse>>,
  Assert<Equal<z.infer<typeof pricingLocationSchema>, PricingLocation>>,
  Assert<Equal<z.infer<typeof pricingLocationListSchema>, PricingLocationList>>,
  Assert<Equal<z.infer<typeof nearbyPricingLocationSchema>, NearbyPricingLocation>>,
  Assert<Equal<z.infer<typeof dailyPeakReportSchema>, DailyPeakReport>>,
  Assert<Equal<z.infer<typeof apiUsageSchema>, ApiUsage>>,
];
