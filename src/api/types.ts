/**
 * The wire types and vocabulary of the API, as the client imports them. They are defined once in
 * `src/contract/` (zod schemas with inferred types); this module only gathers the names the client
 * uses, so the client and the mock cannot drift apart.
 */
export {
  FILTER_OPERATORS,
  ORDERS,
  PRICING_LOCATION_SORT_COLUMNS,
  RESAMPLE_FUNCTIONS,
  resampleUnitOf,
  type Cadence,
  type FilterOperator,
  type LocationType,
  type Order,
  type PricingLocationSortColumn,
  type ResampleFunction,
  type ResampleUnit,
} from '@/contract/vocabulary';
export { API_KEY_HEADER, PAGING_HEADERS } from '@/contract/http';
export type {
  ApiUsage,
  CellValue,
  DailyPeakReport,
  Dataset,
  DatasetAuditRecord,
  DatasetAuditResponse,
  DatasetColumn,
  DatasetListResponse,
  DatasetQueryArraysResponse,
  DatasetQueryParams,
  DatasetQueryResponse,
  DatasetUpdate,
  DatasetUpdatesParams,
  DatasetUpdatesResponse,
  ErrorDetail,
  HealthResponse,
  Meta,
  NearbyParams,
  NearbyPricingLocation,
  PricingLocation,
  PricingLocationList,
  PricingLocationListParams,
  Row,
  ValidationIssue,
} from '@/contract/schemas';
