import { datasetMetadata } from '../data/catalog';
import { describeQuery, executeQuery } from '../engine/execute';
import { planQuery } from '../engine/plan';
import { readQueryParams, type PathFilter } from '../engine/plan/queryParams';
import { datasetOf } from './datasets';
import { formatParams, tableResponse } from './responders';
import { defineRoute, pathParam, type RouteContext } from './route';

/**
 * Contract §6: rows of a dataset, on `/query` and on `/query/{filter_column_id}/{filter_value_path}`.
 * Checks run in the order of §3: parameter types (422), the dataset (404), the rules (400), then
 * the scan guard (422) when the engine measures the query.
 */
function answer(ctx: RouteContext, pathFilter: PathFilter | null): Response {
  const format = formatParams(ctx.query);
  const raw = readQueryParams(ctx.query, pathFilter);
  const def = datasetOf(ctx);
  const resolved = format.resolve();
  const plan = planQuery(def, raw);
  // HEAD answers after every check but walks no rows: it costs no more than a GET's first page.
  const result = ctx.head ? describeQuery(plan, ctx.now) : executeQuery(plan, ctx.now, ctx.cancelled);
  return tableResponse(resolved, {
    filenameBase: def.id,
    columns: result.columns.map((c) => c.name),
    rows: result.rows,
    meta: result.meta,
    datasetMetadata: {
      ...datasetMetadata(def, ctx.now),
      all_columns: result.allColumns,
      data_timezone: result.dataTimezone,
    },
  });
}

export const datasetQueryRoute = defineRoute('datasetQuery', (ctx) => answer(ctx, null), {
  offload: true,
});

export const datasetPathQueryRoute = defineRoute(
  'datasetPathQuery',
  (ctx) =>
    answer(ctx, {
      column: pathParam(ctx, 'filter_column_id'),
      value: pathParam(ctx, 'filter_value_path'),
    }),
  { offload: true },
);
