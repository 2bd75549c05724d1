/**
 * The API's query parameters as zod schemas, as the client sends them: apart from the answers'
 * schemas (`schemas.ts`), because the app reads links with these (the SQL page's tables) on pages
 * that check no answer, and building every answer's schema cost each of them its first screen's
 * time (decision 0032). The OpenAPI document and the mock's tests read both.
 */
import { z } from 'zod';
import {
  FILTER_OPERATOR_ALIASES,
  FILTER_OPERATORS,
  JSON_SCHEMA_ALIASES,
  JSON_SCHEMAS,
  ORDERS,
  PRICING_LOCATION_SORT_COLUMNS,
  RESAMPLE_FUNCTIONS,
  RETURN_FORMATS,
  TIME_COMPARISONS,
} from './vocabulary';
import { calendarDateSchema } from './scalars';
import { configureZod } from './zodConfig';

configureZod();

// ---------------------------------------------------------------------------------------------
// Query parameters, as the client sends them (every value optional; the server's defaults apply)
// ---------------------------------------------------------------------------------------------

const described = <T extends z.ZodType>(schema: T, description: string): T => schema.meta({ description });

export const formatParamsSchema = z.object({
  return_format: described(z.enum(RETURN_FORMATS), 'json (default) or csv').optional(),
  download: described(z.boolean(), 'Adds Content-Disposition: attachment').optional(),
  json_schema: described(
    z.enum([...JSON_SCHEMAS, ...(Object.keys(JSON_SCHEMA_ALIASES) as (keyof typeof JSON_SCHEMA_ALIASES)[])]),
    'Shape of `data` in JSON list answers; array_of_objects by default',
  ).optional(),
});

export const datasetQueryParamsSchema = formatParamsSchema.extend({
  order: z.enum(ORDERS).optional(),
  filter_column: z.string().optional(),
  filter_value: described(
    z.string(),
    'A value, or a comma-separated list of at most 1000 for `in`',
  ).optional(),
  filter_operator: z
    .enum([
      ...FILTER_OPERATORS,
      ...(Object.keys(FILTER_OPERATOR_ALIASES) as (keyof typeof FILTER_OPERATOR_ALIASES)[]),
    ])
    .optional(),
  limit: described(z.number().int().min(1), 'Caps the rows served across all pages').optional(),
  page: z.number().int().min(1).optional(),
  page_size: z.number().int().min(1).max(50_000).optional(),
  columns: described(z.string(), 'Comma-separated column names').optional(),
  cursor: described(z.string(), 'Present (empty for the first page) to page by cursor').optional(),
  timezone: described(z.string(), 'UTC (default), market, or an IANA zone').optional(),
  time: described(z.string(), '`latest` or a timestamp, compared with time_comparison').optional(),
  time_comparison: z.enum(TIME_COMPARISONS).optional(),
  start_time: described(z.string(), 'Inclusive; YYYY-MM-DD[THH:MM[:SS]] with an optional offset').optional(),
  end_time: described(z.string(), 'Exclusive').optional(),
  publish_time: described(z.string(), '`latest`, `latest_report` or a timestamp').optional(),
  publish_time_start: z.string().optional(),
  publish_time_end: z.string().optional(),
  resample_frequency: described(
    z.string(),
    '<n><unit> or <n> <unit>, e.g. 15min, 1 hour, 1d, 1 month',
  ).optional(),
  resample_by: described(z.string(), 'Comma-separated group columns').optional(),
  resample_function: z.enum(RESAMPLE_FUNCTIONS).optional(),
});
export type DatasetQueryParams = z.infer<typeof datasetQueryParamsSchema>;

export const datasetUpdatesParamsSchema = formatParamsSchema.extend({
  order: z.enum(ORDERS).optional(),
  limit: z.number().int().min(1).optional(),
});
export type DatasetUpdatesParams = z.infer<typeof datasetUpdatesParamsSchema>;

export const pricingLocationListParamsSchema = z.object({
  isos: z.string().optional(),
  search: z.string().optional(),
  location_types: z.string().optional(),
  zones: z.string().optional(),
  statuses: z.string().optional(),
  has_geo: z.boolean().optional(),
  sort_column: z.enum(PRICING_LOCATION_SORT_COLUMNS).optional(),
  sort_order: z.enum(ORDERS).optional(),
  page: z.number().int().min(1).optional(),
  page_size: z.number().int().min(1).optional(),
});
export type PricingLocationListParams = z.infer<typeof pricingLocationListParamsSchema>;

export const nearbyParamsSchema = z.object({
  isos: z.string().optional(),
  limit: z.number().int().min(1).optional(),
  latitude: z.number().min(-90).max(90).optional(),
  longitude: z.number().min(-180).max(180).optional(),
  location_id: z.string().optional(),
  max_distance_miles: z.number().positive().optional(),
});
export type NearbyParams = z.infer<typeof nearbyParamsSchema>;

export const dailyPeakParamsSchema = z.object({
  date: described(
    calendarDateSchema,
    'Market date; default the latest complete day (hosted shapes: the current day so far)',
  ).optional(),
});
