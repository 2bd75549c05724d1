/**
 * The vocabulary of the market-data API (../shared/spec/contract.md), written once. The mock's
 * engine, the typed client and the UI import these as values, so a new operator, unit or format
 * is one edit here that the compiler then checks on every side.
 */
import { CENTRAL_TIME_ZONE } from '../time';

/** ERCOT's market time (contract preamble); `timezone=market` resolves to it. */
export const MARKET_TIME_ZONE = CENTRAL_TIME_ZONE;

export const CADENCES = ['5_MINUTES', '15_MINUTES', '1_HOUR', 'IRREGULAR'] as const;
export type Cadence = (typeof CADENCES)[number];

export const COLUMN_TYPES = ['TIMESTAMP', 'VARCHAR', 'DOUBLE PRECISION'] as const;
export type ColumnType = (typeof COLUMN_TYPES)[number];

/** What a filter compares: numbers, instants or exact strings (contract §6.2). */
export type ColumnKind = 'number' | 'string' | 'timestamp';

export const RETURN_FORMATS = ['json', 'csv'] as const;
export type ReturnFormat = (typeof RETURN_FORMATS)[number];

/** Canonical JSON schemas; the hyphenated spellings are accepted as aliases (contract §4). */
export const JSON_SCHEMAS = ['array_of_objects', 'array_of_arrays'] as const;
export type JsonSchema = (typeof JSON_SCHEMAS)[number];
export const JSON_SCHEMA_ALIASES = {
  'array-of-objects': 'array_of_objects',
  'array-of-arrays': 'array_of_arrays',
} as const satisfies Record<string, JsonSchema>;

export const ORDERS = ['asc', 'desc'] as const;
export type Order = (typeof ORDERS)[number];

/** Filter operators (symbols); the word aliases map onto them (contract §6.2). */
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

/** The column kinds each operator makes sense for (the query builder offers only these). */
const FILTER_OPERATOR_KINDS = {
  '=': ['number', 'string', 'timestamp'],
  '!=': ['number', 'string', 'timestamp'],
  '>': ['number', 'timestamp'],
  '>=': ['number', 'timestamp'],
  '<': ['number', 'timestamp'],
  '<=': ['number', 'timestamp'],
  in: ['number', 'string'],
} as const satisfies Record<FilterOperator, readonly ColumnKind[]>;

/** Whether `operator` makes sense for a column of `kind` (the one rule the builder and links follow). */
export function operatorSuits(operator: FilterOperator, kind: ColumnKind): boolean {
  return (FILTER_OPERATOR_KINDS[operator] as readonly ColumnKind[]).includes(kind);
}

/** The most values an `in` list may hold; more is a 422 (contract §6.2). */
export const MAX_IN_VALUES = 1000;

export const TIME_COMPARISONS = ['=', '>', '>=', '<', '<='] as const;
export type TimeComparison = (typeof TIME_COMPARISONS)[number];

/** `time=latest` and the keywords of `publish_time` (contract §6.1, §6.4). */
export const TIME_KEYWORDS = ['latest'] as const;
export type TimeKeyword = (typeof TIME_KEYWORDS)[number];
export const PUBLISH_TIME_KEYWORDS = ['latest', 'latest_report'] as const;
export type PublishTimeKeyword = (typeof PUBLISH_TIME_KEYWORDS)[number];

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

/** Resample units with their accepted spellings (case-insensitive on the wire, contract §6.5). */
export const RESAMPLE_UNITS = {
  minute: ['min', 'minute', 'minutes'],
  hour: ['h', 'hour', 'hours'],
  day: ['d', 'day', 'days'],
  week: ['w', 'week', 'weeks'],
  month: ['month', 'months'],
  year: ['year', 'years'],
} as const;
export type ResampleUnit = keyof typeof RESAMPLE_UNITS;

/** The unit a spelling names (`15 MIN` → minute), or null. */
export function resampleUnitOf(spelling: string): ResampleUnit | null {
  const word = spelling.trim().toLowerCase();
  for (const [unit, spellings] of Object.entries(RESAMPLE_UNITS) as [ResampleUnit, readonly string[]][]) {
    if (spellings.includes(word)) return unit;
  }
  return null;
}

export const LOCATION_TYPES = ['Trading Hub', 'Load Zone', 'Load Zone DC Tie', 'Resource Node'] as const;
export type LocationType = (typeof LOCATION_TYPES)[number];

export const LOCATION_STATUSES = ['active', 'inactive'] as const;

export type PricingLocationFacet = 'location_type' | 'zone' | 'status';

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
] as const;
export type PricingLocationSortColumn = (typeof PRICING_LOCATION_SORT_COLUMNS)[number];

/** Paging of `/query` (contract §6.6). */
export const DEFAULT_PAGE_SIZE = 500;
export const MAX_PAGE_SIZE = 50_000;

/** More candidate rows than this and a query is refused with 422 (contract §3). */
export const SCAN_LIMIT = 10_000_000;

/**
 * Which wire shapes the API answers `/v1/api_usage` and the daily peak report in: the seed's
 * (contract §2, §9) or the hosted GridStatus API's current ones (docs/decisions/0027). The mock
 * takes one (`SHAPES=hosted npm run api`); the client reads both.
 */
export const API_SHAPES = ['seed', 'hosted'] as const;
export type ApiShapes = (typeof API_SHAPES)[number];
