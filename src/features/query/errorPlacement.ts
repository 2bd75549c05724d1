/**
 * Where a failed query's message belongs: beside the control whose parameter the server names
 * (422 entries carry `loc: ["query", name]`; 400 sentences name the parameter), else above the
 * results.
 */
import { detailText, isApiError } from '@/api/ApiError';

export type QueryControl = 'time' | 'timezone' | 'filter' | 'columns' | 'resample' | 'vintage' | 'paging';

/** Longer names first, so `publish_time_start` is not taken for `time`. */
const PARAMETER_CONTROL: readonly [parameter: string, control: QueryControl][] = [
  ['publish_time_start', 'vintage'],
  ['publish_time_end', 'vintage'],
  ['publish_time', 'vintage'],
  ['resample_frequency', 'resample'],
  ['resample_function', 'resample'],
  ['resample_by', 'resample'],
  ['filter_operator', 'filter'],
  ['filter_column', 'filter'],
  ['filter_value', 'filter'],
  ['time_comparison', 'time'],
  ['start_time', 'time'],
  ['end_time', 'time'],
  ['timezone', 'timezone'],
  ['page_size', 'paging'],
  ['limit', 'paging'],
  ['columns', 'columns'],
  ['order', 'columns'],
  ['time', 'time'],
];

export interface PlacedError {
  control: QueryControl | null;
  message: string;
}

function controlOfParameter(name: string): QueryControl | null {
  return PARAMETER_CONTROL.find(([parameter]) => parameter === name)?.[1] ?? null;
}

/** `filterColumn` decides where "Column X not found" goes: the filter's column or the column list. */
export function placeError(error: unknown, filterColumn: string): PlacedError | null {
  if (!isApiError(error)) return null;
  const message = detailText(error.detail) ?? error.message;
  if (error.status !== 400 && error.status !== 422) return { control: null, message };
  if (Array.isArray(error.detail)) {
    for (const issue of error.detail) {
      const name = issue.loc[issue.loc.length - 1];
      const control = typeof name === 'string' ? controlOfParameter(name) : null;
      if (control) return { control, message };
    }
    return { control: null, message };
  }
  const missingColumn = /^Column (\S+) not found in dataset/.exec(message);
  if (missingColumn) return { control: missingColumn[1] === filterColumn ? 'filter' : 'columns', message };
  for (const [parameter, control] of PARAMETER_CONTROL) {
    if (new RegExp(`\\b${parameter}\\b`).test(message)) return { control, message };
  }
  return { control: null, message };
}
