/** The API request a builder state stands for. */
import type { Dataset, DatasetQueryParams } from '@/api/types';
import type { QueryState } from './queryUrl';
import { isoUtc } from '@/lib/zones';
import { presetAnchor, resolvePreset } from './timeRange';

/** The request a state stands for (without `cursor` and `page`, which paging adds). */
export function toApiParams(state: QueryState, dataset: Dataset, nowMs: number): DatasetQueryParams {
  const params: DatasetQueryParams = {};
  if (state.tz !== 'UTC') params.timezone = state.tz;
  if (state.range === 'latest') params.time = 'latest';
  else if (state.range === 'custom') {
    if (state.start !== '') params.start_time = state.start;
    if (state.end !== '') params.end_time = state.end;
  } else {
    const [start, end] = resolvePreset(state.range, presetAnchor(dataset, nowMs));
    params.start_time = isoUtc(start);
    params.end_time = isoUtc(end);
  }
  if (state.fcol !== '' && state.fval !== '') {
    params.filter_column = state.fcol;
    params.filter_value = state.fval;
    if (state.fop !== '=') params.filter_operator = state.fop;
  }
  if (state.cols.length > 0) params.columns = state.cols.join(',');
  if (state.order === 'desc') params.order = 'desc';
  if (state.rs !== '') {
    params.resample_frequency = state.rs;
    params.resample_function = state.rsfn;
    if (state.rsby.length > 0) params.resample_by = state.rsby.join(',');
  }
  if (dataset.publish_time_column !== null) {
    if (state.pt === 'latest' || state.pt === 'latest_report') params.publish_time = state.pt;
    else if (state.pt === 'at' && state.ptat !== '') params.publish_time = state.ptat;
    else if (state.pt === 'range') {
      if (state.pts !== '') params.publish_time_start = state.pts;
      if (state.pte !== '') params.publish_time_end = state.pte;
    }
  }
  params.page_size = state.ps;
  if (state.limit !== null) params.limit = state.limit;
  return params;
}
