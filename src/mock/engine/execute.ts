/**
 * Runs a query plan and returns one page, formatted for the wire: the walk of the grid
 * (`walk.ts`), resampling (`resample/`), paging (`pager.ts`), cell formatting (`formatCells.ts`)
 * and cancellation (`cancel.ts`) each live in their own file; this one decides which of them a
 * plan needs and in what order.
 */
import { type CellValue, type ColumnType, type DatasetColumn, type Meta, SCAN_LIMIT } from '@/contract';
import type { Millis } from '@/mock/data/types';
import { CancelTicker, NEVER_CANCELLED, type CancelCheck } from './cancel';
import { formatRows } from './formatCells';
import { pageMeta, type Pager, pagerFor } from './pager';
import type { QueryPlan, ResamplePlan } from './plan/queryPlan';
import { tooLarge, type Rejection } from './rejection';
import { resampleRows } from './resample/rowResampler';
import { resampleSeries, seriesOf } from './resample/seriesResampler';
import { CellBudgetExceeded, Walk, type Direction } from './walk';

/** More candidate rows than this (time range × locations × vintages) and a query is refused. */
export const SCAN_TOO_LARGE = `Query too large: it would scan more than ${SCAN_LIMIT} rows. Narrow the time range or filter by location.`;

interface ResultColumn {
  name: string;
  type: ColumnType;
  unit: string | null;
  description: string;
}

export interface QueryResult {
  columns: ResultColumn[];
  /** One page of rows, cells in `columns` order, timestamps already written as ISO text. */
  rows: CellValue[][];
  meta: Meta;
  /** `dataset_metadata.all_columns`: the output columns. */
  allColumns: DatasetColumn[];
  /** `dataset_metadata.data_timezone`: the effective zone. */
  dataTimezone: string;
}

const scanTooLarge = (): Rejection => tooLarge(SCAN_TOO_LARGE);

/**
 * `time=latest`: the grid index of the latest row that passes the filter, or null. The search
 * walks back row by row, so whatever it may read counts against the guard: with a value filter
 * every candidate of the range (refused up front, as the same query without `time` would be,
 * rather than after generating ten million rows), and on a sparse dataset every cell it asks
 * about, rows or not.
 */
function latestIndex(walk: Walk, plan: QueryPlan): number | null {
  if (plan.rowFilter && walk.candidateCount(SCAN_LIMIT) > SCAN_LIMIT) throw scanTooLarge();
  let found: number | null = null;
  walk.cellBudget = SCAN_LIMIT;
  try {
    walk.rows(-1, { k: walk.kHi, inner: 0 }, (t, loc, pub) => {
      if (plan.rowFilter && !plan.rowFilter(walk.def.row(t, loc, pub))) return true;
      found = Math.round((t - walk.first) / walk.step);
      return false;
    });
  } catch (e) {
    if (e instanceof CellBudgetExceeded) throw scanTooLarge();
    throw e;
  } finally {
    walk.cellBudget = Number.POSITIVE_INFINITY;
  }
  return found;
}

/** `time=latest` keeps the one grid index of the latest row that passes the filter, or none. */
function narrowToLatest(walk: Walk, plan: QueryPlan): void {
  const k = latestIndex(walk, plan);
  if (k === null) walk.kLo = walk.kHi + 1;
  else walk.kLo = walk.kHi = k;
}

/**
 * The rows of a query without resampling. A cursor resumes at its row; offset mode skips whole
 * stretches arithmetically, or row by row when a filter decides which rows count.
 */
function collectRows(walk: Walk, plan: QueryPlan, dir: Direction, pager: Pager): void {
  const filter = plan.rowFilter;
  const resume = plan.resume;
  const start = resume
    ? { k: walk.kAt(resume.t), inner: resume.i }
    : filter
      ? { k: dir > 0 ? walk.kLo : walk.kHi, inner: 0 }
      : walk.skip(dir, plan.offset);
  const skipping = !resume && filter !== null;
  walk.rows(dir, start, (t, loc, pub, k, i) => {
    const row = walk.def.row(t, loc, pub);
    if (filter && !filter(row)) return true;
    if (skipping && pager.before(t, i)) return true;
    return pager.take(row, walk.timeAt(k), i);
  });
}

/** The rows of a resampled query: from the value cache when each group is one series, else row by row. */
function collectResampled(walk: Walk, plan: QueryPlan, rs: ResamplePlan, dir: Direction, pager: Pager): void {
  const series = seriesOf(walk, plan, rs);
  if (series) resampleSeries(walk, plan, rs, series, dir, pager);
  else resampleRows(walk, plan, rs, dir, pager);
}

/**
 * The rows a query can examine. A `limit` bounds a walk that takes every candidate it meets (no
 * value filter, no resampling, a row at every grid cell): it stops one row past the limit. So the
 * official client's "first 100 rows of the 60-day disclosure", with no time range, is answered as
 * the hosted API answers it instead of being refused for the 10^8 rows it will never read
 * (decision 0004).
 */
function rowsToExamine(walk: Walk, plan: QueryPlan): number {
  const candidates = walk.candidateCount(SCAN_LIMIT);
  const takesEvery = plan.limit !== null && plan.rowFilter === null && !plan.resample && !walk.def.rowExists;
  return takesEvery && plan.limit !== null ? Math.min(candidates, plan.limit + 1) : candidates;
}

/**
 * One page of the query's result (contract §6). Throws 422 when the query would scan too much, and
 * QueryCancelled as soon as `cancel` (asked every few thousand rows) says stop.
 */
export function executeQuery(
  plan: QueryPlan,
  now: Millis,
  cancel: CancelCheck = NEVER_CANCELLED,
): QueryResult {
  const walk = new Walk(plan, now, new CancelTicker(cancel));
  if (plan.latest && !walk.empty) narrowToLatest(walk, plan);
  if (rowsToExamine(walk, plan) > SCAN_LIMIT) throw scanTooLarge();

  const dir: Direction = plan.order === 'asc' ? 1 : -1;
  const pager = pagerFor(plan, dir);
  if (pager.want > 0 && !walk.empty) {
    if (plan.resample) collectResampled(walk, plan, plan.resample, dir, pager);
    else collectRows(walk, plan, dir, pager);
  }
  return resultOf(plan, formatRows(pager.page, pager.count, plan), pageMeta(plan, pager));
}

/**
 * What a page of the query would be, without its rows: the checks (the scan guard included) and
 * the columns, for `HEAD`, which must cost no more than a GET's first page. Whether a next page
 * exists needs the rows, so `hasNextPage` and `cursor` are null. `time=latest` narrows the range
 * only once its row is found, so its guard is left to the GET.
 */
export function describeQuery(plan: QueryPlan, now: Millis): QueryResult {
  const walk = new Walk(plan, now, new CancelTicker(NEVER_CANCELLED));
  if (!plan.latest && rowsToExamine(walk, plan) > SCAN_LIMIT) throw scanTooLarge();
  return resultOf(plan, [], {
    page: plan.page,
    limit: plan.limit,
    page_size: plan.pageSize,
    hasNextPage: null,
    cursor: null,
  });
}

function resultOf(plan: QueryPlan, rows: CellValue[][], meta: Meta): QueryResult {
  return {
    columns: plan.columns.map(({ name, type, unit, description }) => ({ name, type, unit, description })),
    rows,
    meta,
    allColumns: plan.columns.map(({ name, type, unit, description }) => ({
      name,
      type,
      is_numeric: type === 'DOUBLE PRECISION',
      is_datetime: type === 'TIMESTAMP',
      description,
      unit,
    })),
    dataTimezone: plan.zone.name,
  };
}
