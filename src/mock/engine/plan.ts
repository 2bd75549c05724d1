/**
 * From a query string to a validated plan, in the order of contract §3: `readQueryParams`
 * (`plan/queryParams.ts`) finds the parameters of the wrong type (422) without knowing the
 * dataset; `planQuery` then applies every rule of §6 against the dataset (400), one named step
 * after another, and says exactly which part of the grid to walk. The first broken rule answers,
 * so the steps run in the order the rules are checked.
 */
import type { DatasetDef } from '@/mock/data/types';
import { invalid } from './rejection';
import { resolveZone } from './time';
import { requestedColumns } from './plan/columns';
import { planFilter } from './plan/filterPlan';
import { planOutput } from './plan/outputColumns';
import { planPages } from './plan/pages';
import { planPageStart } from './plan/pageStart';
import { planPublishTime } from './plan/publishTime';
import type { RawQueryParams } from './plan/queryParams';
import type { QueryPlan } from './plan/queryPlan';
import { planTimeRange } from './plan/timeRange';

/** The path route takes its filter from the path: one in the query string too is refused. */
function rejectSecondFilter(raw: RawQueryParams): void {
  if (raw.pathFilter && raw.queryStringFilter) {
    throw invalid(
      'filter_column and filter_value cannot be used on /query/{filter_column_id}/{filter_value_path}; the filter is taken from the path.',
    );
  }
}

/** Applies every rule of contract §6 to the query against `def`; the first broken rule answers 400. */
export function planQuery(def: DatasetDef, raw: RawQueryParams): QueryPlan {
  rejectSecondFilter(raw);
  const zone = resolveZone(raw.timezone);
  const pages = planPages(raw);
  const requested = requestedColumns(def, raw.columns);
  const range = planTimeRange(raw, zone);
  const filter = planFilter(def, raw, zone, range);
  const publish = planPublishTime(def, raw, zone);
  const output = planOutput(def, raw, zone, requested, publish.publish);
  const start = planPageStart(def, raw, pages);
  return { def, zone, ...pages, ...start, ...filter, latest: range.latest, ...publish, ...output };
}
