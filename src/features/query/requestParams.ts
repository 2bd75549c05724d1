/** The API request a builder state stands for. */
import { CADENCE_MS, type Dataset, type DatasetQueryParams, type Frequency } from '@/contract';
import type { QueryState } from './queryUrl';
import { formatRelative } from '@/lib/format';
import { formatUtc, HOUR_MS } from '@/time';
import { parseFrequency } from './frequency';
import { alignToBuckets, presetAnchor, resolvePreset } from './timeRange';

/** The instants a relative preset stands for when the query runs, and the buckets it was aligned to. */
export interface PresetRange {
  start: number;
  end: number;
  /** The resampling frequency the range was moved back to, when the preset cut its buckets. */
  alignedTo: Frequency | null;
  /**
   * Where the preset counted back from when that was the end of the dataset's data, well before
   * now (a feed published late, such as a 60-day disclosure): "last 24 hours" is then its data's
   * last 24 hours, which the page must say. Null when it counted back from now.
   */
  dataEnd: number | null;
  /** The instant the preset was resolved at (its "now"). */
  resolvedAt: number;
}

/**
 * Whether presets count back from the end of the dataset's data rather than from now: its data
 * ends more than an interval (and at least an hour) before now. A live feed's newest interval,
 * still being published, is not that.
 */
function countsFromDataEnd(dataset: Dataset, anchor: number, nowMs: number): boolean {
  return nowMs - anchor > Math.max(CADENCE_MS[dataset.cadence], HOUR_MS);
}

/** How long before the preset was resolved its dataset's data ends: "59 d ago". */
export const dataEndAge = (range: PresetRange & { dataEnd: number }): string =>
  formatRelative(range.dataEnd, range.resolvedAt, { inDays: true });

/**
 * A relative preset's range at `nowMs`. A resampled query asks for whole buckets: a preset that
 * would cut the first bucket (and leave the last one filling) is moved back to bucket starts, so
 * no row of the answer stands for a part of its bucket (issue 26 §1). Null for custom and latest.
 */
export function presetRange(state: QueryState, dataset: Dataset, nowMs: number): PresetRange | null {
  if (state.range === 'custom' || state.range === 'latest') return null;
  const anchor = presetAnchor(dataset, nowMs);
  const range = resolvePreset(state.range, anchor);
  const frequency = state.rs === '' ? null : parseFrequency(state.rs);
  const aligned = frequency ? alignToBuckets(range, frequency, state.tz) : null;
  const dataEnd = countsFromDataEnd(dataset, anchor, nowMs) ? anchor : null;
  return aligned
    ? { start: aligned[0], end: aligned[1], alignedTo: frequency, dataEnd, resolvedAt: nowMs }
    : { start: range[0], end: range[1], alignedTo: null, dataEnd, resolvedAt: nowMs };
}

/** The request a state stands for (without `cursor` and `page`, which paging adds). */
export function toApiParams(state: QueryState, dataset: Dataset, nowMs: number): DatasetQueryParams {
  const params: DatasetQueryParams = {};
  if (state.tz !== 'UTC') params.timezone = state.tz;
  if (state.range === 'latest') params.time = 'latest';
  else if (state.range === 'custom') {
    if (state.start !== '') params.start_time = state.start;
    if (state.end !== '') params.end_time = state.end;
  } else {
    const range = presetRange(state, dataset, nowMs);
    if (range) {
      params.start_time = formatUtc(range.start);
      params.end_time = formatUtc(range.end);
    }
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
