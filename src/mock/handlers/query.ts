import type { ResampleUnit } from '@/api/types';
import { datasetMetadata } from '../data/catalog';
import type { DatasetDef } from '../data/types';
import { executeQuery } from '../engine/execute';
import { planQuery, readQueryParams, type PathFilter, type RawQueryParams } from '../engine/plan';
import { badRequest } from '../engine/problem';
import { parseFrequency } from '../engine/resample';
import { datasetOf } from './datasets';
import { formatParams, tableResponse } from './responders';
import { defineRoute, pathParam, type RouteContext } from './route';

/**
 * Contract §6: rows of a dataset, on `/query` and on `/query/{filter_column_id}/{filter_value_path}`.
 * Checks run in the order of §3: parameter types (422), the dataset (404), the rules (400), then
 * the scan guard (422) when the engine measures the query.
 */
/**
 * The longest resample bucket, per unit: 100 years. Buckets are aligned to the epoch (or to a
 * calendar multiple), so a longer one starts or ends outside the years an ISO timestamp can
 * write (`1000000000h` ended in year 116049; `100000000month` in NaN).
 */
const MAX_FREQUENCY_COUNT: Readonly<Record<ResampleUnit, number>> = {
  minute: 100 * 525_960,
  hour: 100 * 8_766,
  day: 36_525,
  week: 5_217,
  month: 1_200,
  year: 100,
};

/** Resampled rows carry the bucket under these names, so a group column of the same name would clash. */
const BUCKET_COLUMNS = ['interval_start_utc', 'interval_end_utc'];

/**
 * Resampling rules the engine does not yet enforce (found by the fuzzer; they belong in
 * `planQuery`). A frequency the grammar rejects is left to the engine, which words that 400.
 */
function checkResample(def: DatasetDef, raw: RawQueryParams): void {
  const text = raw.resampleFrequency?.trim() ?? '';
  if (text === '') return;
  let frequency: ReturnType<typeof parseFrequency> | null;
  try {
    frequency = parseFrequency(text);
  } catch {
    frequency = null;
  }
  if (frequency !== null && frequency.count > MAX_FREQUENCY_COUNT[frequency.unit]) {
    throw badRequest(
      `resample_frequency '${raw.resampleFrequency ?? ''}' is too long; a bucket may span at most 100 years (${MAX_FREQUENCY_COUNT[frequency.unit]} ${frequency.unit}s).`,
    );
  }
  const by = (raw.resampleBy ?? '').split(',').map((s) => s.trim());
  const clash = BUCKET_COLUMNS.find((c) => by.includes(c) && def.columns.some((col) => col.name === c));
  if (clash !== undefined) {
    throw badRequest(
      `resample_by cannot include ${clash}: resampled rows already carry their bucket as interval_start_utc and interval_end_utc.`,
    );
  }
}

function answer(ctx: RouteContext, pathFilter: PathFilter | null): Response {
  const format = formatParams(ctx.query);
  const raw = readQueryParams(ctx.query, pathFilter);
  const def = datasetOf(ctx);
  const resolved = format.resolve();
  checkResample(def, raw);
  const plan = planQuery(def, raw);
  const result = executeQuery(plan, ctx.now);
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

export const datasetQueryRoute = defineRoute('/v1/datasets/:dataset_id/query', (ctx) => answer(ctx, null));

export const datasetPathQueryRoute = defineRoute(
  '/v1/datasets/:dataset_id/query/:filter_column_id/:filter_value_path',
  (ctx) =>
    answer(ctx, {
      column: pathParam(ctx, 'filter_column_id'),
      value: pathParam(ctx, 'filter_value_path'),
    }),
);
