import type { DatasetDef, Millis } from '@/mock/data/types';
import { NEVER_CANCELLED, type CancelCheck } from './cancel';
import { executeQuery, type QueryResult } from './execute';
import { planQuery } from './plan';
import { readQueryParams, type PathFilter } from './plan/queryParams';

/** The whole engine in one call: types (422), rules (400), then one page. Handlers split it to keep §3's order. */
export function runQuery(
  def: DatasetDef,
  params: URLSearchParams | string,
  now: Millis,
  pathFilter: PathFilter | null = null,
  cancel: CancelCheck = NEVER_CANCELLED,
): QueryResult {
  const search = typeof params === 'string' ? new URLSearchParams(params) : params;
  return executeQuery(planQuery(def, readQueryParams(search, pathFilter)), now, cancel);
}
