/**
 * Wire types of the market-data API, written once from ../shared/spec/contract.md.
 * The client uses them at runtime boundaries; the mock imports them as types only, so when a
 * wire type changes, `tsc` breaks on whichever side drifted.
 */

// ---------------------------------------------------------------------------------------------
// Shared enumerations (`as const` tuples: the engine and the UI are keyed by them)
// ---------------------------------------------------------------------------------------------

export const CADENCES = ['5_MINUTES', '15_MINUTES', '1_HOUR', 'IRREGULAR'] as const;
export type Cadence = (typeof CADENCES)[number];

export const COLUMN_TYPES = ['TIMESTAMP', 'VARCHAR', 'DOUBLE PRECISION'] as const;
export type ColumnType = (typeof COLUMN_TYPES)[number];

export const RETURN_FORMATS = ['json', 'csv'] as const;
export type ReturnFormat = (typeof RETURN_FORMATS)[number];

/** Canonical JSON schemas; the hyphenated spellings are accepted as aliases by the server. */
export const JSON_SCHEMAS = ['array_of_objects', 'array_of_arrays'] as const;
export type JsonSchema = (typeof JSON_SCHEMAS)[number];

export const ORDERS = ['asc', 'desc'] as const;
export type Order = (typeof ORDERS)[number];

/** Filter operators (symbols); the word aliases map onto them. */
export const FILTER_OPERATORS = ['=', '!=', '>', '>=', '<', '<=', 'in'] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];
export const FILTER_OPERATOR_ALIASES = {
  eq: '=',
  ne: '!=',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
} as const satisfies Record<string, FilterOperator>;
export type FilterOperatorAlias = keyof typeof FILTER_OPERATOR_ALIASES;

export const TIME_COMPARISONS = ['=', '>', '>=', '<', '<='] as const;
export type TimeComparison = (typeof TIME_COMPARISONS)[number];

export const RESAMPLE_FUNCTIONS = [
  'mean',
  'sum',
  'min',
  'max',
  'count',
  'median',
  'first',
  'last',
  'stddev',
  'variance',
] as const;
export type ResampleFunction = (typeof RESAMPLE_FUNCTIONS)[number];

/** Resample units with their accepted spellings (case-insensitive on the wire). */
export const RESAMPLE_UNITS = {
  minute: ['min', 'minute', 'minutes'],
  hour: ['h', 'hour', 'hours'],
  day: ['d', 'day', 'days'],
  week: ['w', 'week', 'weeks'],
  month: ['month', 'months'],
  year: ['year', 'years'],
} as const;
export type ResampleUnit = keyof typeof RESAMPLE_UNITS;

export const LOCATION_TYPES = ['Trading Hub', 'Load Zone', 'Load Zone DC Tie', 'Resource Node'] as const;
export type LocationType = (typeof LOCATION_TYPES)[number];

export const LOCATION_STATUSES = ['active', 'inactive'] as const;
export type LocationStatus = (typeof LOCATION_STATUSES)[number];

export const PLANS = ['Developer', 'Free', 'Internal'] as const;
export type Plan = (typeof PLANS)[number];

// ---------------------------------------------------------------------------------------------
// Common envelopes
// ---------------------------------------------------------------------------------------------

export interface Meta {
  page: number | null;
  limit: number | null;
  page_size: number | null;
  hasNextPage: boolean | null;
  cursor: string | null;
}

/** `detail` is a sentence, or (422 type errors) a list of per-parameter entries. */
export interface ValidationIssue {
  loc: (string | number)[];
  msg: string;
  type: string;
  input: unknown;
}
export type ErrorDetail = string | ValidationIssue[];
export interface ErrorBody {
  detail: ErrorDetail;
}

export interface HealthResponse {
  status: 'ok';
  version: string;
}

// ---------------------------------------------------------------------------------------------
// Datasets
// ---------------------------------------------------------------------------------------------

export interface DatasetColumn {
  name: string;
  type: ColumnType;
  is_numeric: boolean;
  is_datetime: boolean;
  description: string;
  unit: string | null;
}

export interface Dataset {
  id: string;
  source: string;
  name: string;
  description: string;
  cadence: Cadence;
  earliestData: string;
  latestData: string;
  earliest_available_time_utc: string;
  latest_available_time_utc: string;
  time_index_column: 'interval_start_utc' | 'time_utc';
  subseries_index_column: 'location' | null;
  publish_time_column: 'publish_time_utc' | null;
  primary_key_columns: string[];
  data_timezone: string;
  all_columns: DatasetColumn[];
  number_of_rows_approximate: number;
}

/** One cell of a row: numbers, strings (timestamps are ISO strings with an offset), booleans, null. */
export type CellValue = string | number | boolean | null;
export type Row = Record<string, CellValue>;
/** `array_of_arrays`: the first element is the column names, each later element one row. */
export type RowArrays = [string[], ...CellValue[][]];

export interface ListResponse<T, M = null> {
  data: T[];
  meta: Meta;
  dataset_metadata: M;
}

export type DatasetListResponse = ListResponse<Dataset>;

export interface DatasetQueryResponse {
  data: Row[];
  meta: Meta;
  dataset_metadata: Dataset;
}
export interface DatasetQueryArraysResponse {
  data: RowArrays;
  meta: Meta;
  dataset_metadata: Dataset;
}

export interface DatasetUpdate {
  id: string;
  dataset: string;
  time_utc: string;
  num_rows_inserted: number;
  num_rows_updated: number;
  is_backfill: boolean;
}
export type DatasetUpdatesResponse = ListResponse<DatasetUpdate>;

export interface DatasetAuditRecord {
  market_date: string;
  number_of_datapoints: number;
  number_of_unique_time_index_values: number;
  number_of_unique_subseries_index_values: number | null;
}
export type DatasetAuditResponse = ListResponse<DatasetAuditRecord>;

// ---------------------------------------------------------------------------------------------
// Query parameters (as sent on the wire; every value optional)
// ---------------------------------------------------------------------------------------------

export interface FormatParams {
  return_format?: ReturnFormat;
  download?: boolean;
  json_schema?: JsonSchema;
}

export interface DatasetQueryParams extends FormatParams {
  order?: Order;
  filter_column?: string;
  filter_value?: string;
  filter_operator?: FilterOperator | FilterOperatorAlias;
  limit?: number;
  page?: number;
  page_size?: number;
  columns?: string;
  /** Present (possibly empty) to ask for cursor mode. */
  cursor?: string;
  timezone?: string;
  time?: string;
  time_comparison?: TimeComparison;
  start_time?: string;
  end_time?: string;
  publish_time?: string;
  publish_time_start?: string;
  publish_time_end?: string;
  resample_frequency?: string;
  resample_by?: string;
  resample_function?: ResampleFunction;
}

export interface DatasetUpdatesParams extends FormatParams {
  order?: Order;
  limit?: number;
}

// ---------------------------------------------------------------------------------------------
// Pricing locations
// ---------------------------------------------------------------------------------------------

export interface PricingLocation {
  gs_entity_id: string;
  location: string;
  location_type: LocationType;
  market_id: string;
  baa: string;
  zone: string | null;
  zone_type: 'Load Zone' | null;
  latitude: number | null;
  longitude: number | null;
  pricing_datasets: string[];
  earliest_seen_utc: string;
  latest_seen_utc: string;
  status_threshold_days: number;
  status: LocationStatus;
}

export const PRICING_LOCATION_FACETS = ['location_type', 'zone', 'status'] as const;
export type PricingLocationFacet = (typeof PRICING_LOCATION_FACETS)[number];

export interface PricingLocationList {
  items: PricingLocation[];
  total_items: number;
  facets: Record<PricingLocationFacet, Record<string, number>>;
}

/** Scalar fields a location list can be sorted by. */
export const PRICING_LOCATION_SORT_COLUMNS = [
  'gs_entity_id',
  'location',
  'location_type',
  'market_id',
  'baa',
  'zone',
  'zone_type',
  'latitude',
  'longitude',
  'earliest_seen_utc',
  'latest_seen_utc',
  'status_threshold_days',
  'status',
] as const satisfies readonly (keyof PricingLocation)[];
export type PricingLocationSortColumn = (typeof PRICING_LOCATION_SORT_COLUMNS)[number];

export interface PricingLocationListParams {
  isos?: string;
  search?: string;
  location_types?: string;
  zones?: string;
  statuses?: string;
  has_geo?: boolean;
  sort_column?: PricingLocationSortColumn;
  sort_order?: Order;
  page?: number;
  page_size?: number;
}

export interface NearbyPricingLocation {
  gs_entity_id: string;
  location: string;
  market_id: string;
  distance_in_miles: number;
}

export interface NearbyParams {
  isos?: string;
  limit?: number;
  latitude?: number;
  longitude?: number;
  location_id?: string;
  max_distance_miles?: number;
}

// ---------------------------------------------------------------------------------------------
// Reports and usage
// ---------------------------------------------------------------------------------------------

export interface DailyPeakReport {
  iso: string;
  date: string;
  peak_load_mw: number;
  peak_time_utc: string;
}

export interface ApiUsage {
  plan: string;
  requests_today: number;
  requests_this_month: number;
  limit_per_day: number | null;
  limit_per_month: number | null;
}

// ---------------------------------------------------------------------------------------------
// Headers the API exposes
// ---------------------------------------------------------------------------------------------

export const PAGING_HEADERS = {
  page: 'X-Page',
  pageSize: 'X-Page-Size',
  limit: 'X-Limit',
  hasNextPage: 'X-Has-Next-Page',
  cursor: 'X-Cursor',
} as const;

export const EXPOSED_HEADERS = [
  'Retry-After',
  'Content-Disposition',
  ...Object.values(PAGING_HEADERS),
] as const;

export const API_KEY_HEADER = 'x-api-key';
