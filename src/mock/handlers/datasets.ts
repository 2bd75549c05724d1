import type { Dataset } from '@/contract';
import { DATASETS, datasetMetadata, getDataset } from '../data/catalog';
import type { DatasetDef } from '../data/types';
import { notFound } from './problem';
import { formatParams, listResponse, objectResponse, singlePageMeta } from './responders';
import { defineRoute, pathParam, type RouteContext } from './route';

/** Columns of a Dataset in CSV, in the order of contract §5. */
export const DATASET_FIELDS = [
  'id',
  'source',
  'name',
  'description',
  'cadence',
  'earliestData',
  'latestData',
  'earliest_available_time_utc',
  'latest_available_time_utc',
  'time_index_column',
  'subseries_index_column',
  'publish_time_column',
  'primary_key_columns',
  'data_timezone',
  'all_columns',
  'number_of_rows_approximate',
] as const satisfies readonly (keyof Dataset)[];

/** Every route naming a dataset answers the same 404 (contract §5). */
function requireDataset(id: string): DatasetDef {
  const def = getDataset(id);
  if (def === undefined) throw notFound(`Dataset '${id}' not found.`);
  return def;
}

/** The dataset named by the `:dataset_id` path parameter, after the type checks of the query. */
export function datasetOf(ctx: RouteContext): DatasetDef {
  return requireDataset(pathParam(ctx, 'dataset_id'));
}

export const datasetListRoute = defineRoute('datasetList', async (ctx) => {
  const format = formatParams(ctx.query);
  const source = ctx.query.string('source');
  ctx.query.assertValid();
  const resolved = format.resolve();
  const wanted = source?.toLowerCase();
  const data: Dataset[] = [];
  for (const def of DATASETS) {
    // Each dataset's coverage and row count take their own work (the locations, the sparse
    // datasets' sampling): the first list costs the page's thread 40–75 ms in all.
    await ctx.breathe();
    const dataset = datasetMetadata(def, ctx.now);
    if (wanted === undefined || dataset.source.toLowerCase() === wanted) data.push(dataset);
  }
  return listResponse(resolved, {
    filenameBase: 'datasets',
    columns: DATASET_FIELDS,
    rows: data,
    meta: singlePageMeta(data.length),
  });
});

export const datasetRoute = defineRoute('dataset', (ctx) => {
  const format = formatParams(ctx.query);
  ctx.query.assertValid();
  const def = datasetOf(ctx);
  const resolved = format.resolve();
  return objectResponse(resolved, {
    filenameBase: def.id,
    columns: DATASET_FIELDS,
    object: datasetMetadata(def, ctx.now),
  });
});
