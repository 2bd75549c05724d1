/**
 * The first step of planning (contract §3): the query's parameters read with their types checked
 * (422, one entry per bad parameter) before anything about the dataset is known. Every name is one
 * of the contract's query parameters, so a misspelt one does not compile.
 */
import {
  type DatasetQueryParams,
  PUBLISH_TIME_KEYWORDS,
  type PublishTimeKeyword,
  TIME_KEYWORDS,
  type TimeKeyword,
} from '@/contract';
import { listLength, MAX_IN_VALUES } from '../filter';
import { EMPTY_IS_A_VALUE, ParamReader } from '../params';
import { parseTimestamp, type ParsedTimestamp } from '@/time';

/** A parameter of the query routes, as the contract names it. */
type QueryParamName = keyof DatasetQueryParams;

/** The filter of `/query/{filter_column_id}/{filter_value_path}`, already URL-decoded. */
export interface PathFilter {
  column: string;
  value: string;
}

/** The query's parameters with their types checked; rules not yet applied. */
export interface RawQueryParams {
  order?: string;
  filterColumn?: string;
  filterValue?: string;
  filterOperator?: string;
  /** `filter_column` or `filter_value` appeared in the query string (forbidden on the path route). */
  queryStringFilter: boolean;
  pathFilter: PathFilter | null;
  limit?: number;
  page?: number;
  pageSize?: number;
  columns?: string;
  /** Present (possibly empty) in cursor mode. */
  cursor?: string;
  timezone?: string;
  time?: ParsedTimestamp | TimeKeyword;
  timeComparison?: string;
  startTime?: ParsedTimestamp;
  endTime?: ParsedTimestamp;
  publishTime?: ParsedTimestamp | PublishTimeKeyword;
  publishTimeStart?: ParsedTimestamp;
  publishTimeEnd?: ParsedTimestamp;
  resampleFrequency?: string;
  resampleBy?: string;
  resampleFunction?: string;
  /** What binds a cursor: every row-shaping parameter as given, except `page` and `cursor`. */
  fingerprintParts: [string, string][];
}

/** Parameters that shape the rows, hence bind a cursor. Format parameters only change the encoding. */
const ROW_PARAMS = [
  'order',
  'filter_column',
  'filter_value',
  'filter_operator',
  'limit',
  'page_size',
  'columns',
  'timezone',
  'time',
  'time_comparison',
  'start_time',
  'end_time',
  'publish_time',
  'publish_time_start',
  'publish_time_end',
  'resample_frequency',
  'resample_by',
  'resample_function',
] as const satisfies readonly QueryParamName[];

const TIMESTAMP_ISSUE = { msg: 'Input should be a valid datetime', type: 'datetime_parsing' } as const;

/**
 * Reads the query parameters of both query routes, answering 422 (one entry per parameter of the
 * wrong type: integers, timestamps, together with any issue the reader already holds, such as a
 * bad `download`) before anything about the dataset is known.
 */
export function readQueryParams(
  input: ParamReader | URLSearchParams,
  pathFilter: PathFilter | null = null,
): RawQueryParams {
  const reader = input instanceof ParamReader ? input : new ParamReader(input);
  const params = reader.params;
  // `has` reads `?x=` as absent (contract §1); `present` sees any occurrence.
  const has = (name: QueryParamName): boolean => reader.has(name);
  const present = (name: QueryParamName): boolean => params.has(name);
  const str = (name: QueryParamName): string | undefined => reader.string(name);
  const int = (name: QueryParamName): number | undefined => reader.integer(name);
  const timestamp = (name: QueryParamName): ParsedTimestamp | undefined =>
    reader.typed(name, (v) => parseTimestamp(v) ?? undefined, TIMESTAMP_ISSUE);
  const keyword = <K extends string>(
    name: QueryParamName,
    words: readonly K[],
  ): ParsedTimestamp | K | undefined => {
    const v = reader.string(name);
    if (v === undefined) return undefined;
    const word = words.find((w) => w === v.trim().toLowerCase());
    return word ?? timestamp(name);
  };

  const raw: RawQueryParams = {
    order: str('order'),
    filterColumn: str('filter_column'),
    filterValue: str('filter_value'),
    filterOperator: str('filter_operator'),
    queryStringFilter: has('filter_column') || present('filter_value'),
    pathFilter,
    limit: int('limit'),
    page: int('page'),
    pageSize: int('page_size'),
    columns: str('columns'),
    cursor: str('cursor'),
    timezone: str('timezone'),
    time: keyword('time', TIME_KEYWORDS),
    timeComparison: str('time_comparison'),
    startTime: timestamp('start_time'),
    endTime: timestamp('end_time'),
    publishTime: keyword('publish_time', PUBLISH_TIME_KEYWORDS),
    publishTimeStart: timestamp('publish_time_start'),
    publishTimeEnd: timestamp('publish_time_end'),
    resampleFrequency: str('resample_frequency'),
    resampleBy: str('resample_by'),
    resampleFunction: str('resample_function'),
    fingerprintParts: [],
  };
  checkInList(reader, raw);
  reader.assertValid();
  for (const name of ROW_PARAMS) {
    // `?order=` is `order` absent (contract §1), so both bind a cursor alike.
    for (const v of params.getAll(name))
      if (v !== '' || EMPTY_IS_A_VALUE.has(name)) raw.fingerprintParts.push([name, v]);
  }
  if (pathFilter) raw.fingerprintParts.push(['path_filter', `${pathFilter.column}/${pathFilter.value}`]);
  return raw;
}

/** Longest `input` echoed back for a too-long `in` list: the answer need not repeat 60 kB. */
const ECHO_CHARS = 200;

/**
 * An `in` list longer than MAX_IN_VALUES is a type error on `filter_value` (contract §6.2), so it is
 * found with the other 422s, before the dataset or any rule is looked at.
 */
function checkInList(reader: ParamReader, raw: RawQueryParams): void {
  if (raw.filterOperator?.trim().toLowerCase() !== 'in' || raw.filterValue === undefined) return;
  if (listLength(raw.filterValue) <= MAX_IN_VALUES) return;
  const value = raw.filterValue;
  const input = value.length > ECHO_CHARS ? `${value.slice(0, ECHO_CHARS)}…` : value;
  reader.addIssue(
    'filter_value' satisfies QueryParamName,
    `at most ${MAX_IN_VALUES} values`,
    'too_long',
    input,
  );
}
