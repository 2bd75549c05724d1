/**
 * A dataset query as the arguments of `gridstatusio`'s `GridStatusClient.get_dataset`, for every
 * Python script the app writes (the query builder's Code tab, the SQL page's script). Each value
 * is one Python literal (codeLiterals.ts); what get_dataset cannot say is a comment beside the call.
 */
import type { DatasetQueryParams } from '@/contract';
import { intLiteral, pyComment, pyString as py } from './codeLiterals';
import { MARKET_TIME_ZONE } from './format';

const pyList = (csv: string): string => `[${csv.split(',').map(py).join(', ')}]`;

export interface GetDatasetCall {
  /** `name=value`, one per argument, in get_dataset's order. */
  args: string[];
  /** Python comment lines about what the call leaves out. */
  notes: string[];
}

export function getDatasetArgs(datasetId: string, params: DatasetQueryParams): GetDatasetCall {
  const args: string[] = [`dataset=${py(datasetId)}`];
  const notes: string[] = [];
  if (params.start_time !== undefined) args.push(`start=${py(params.start_time)}`);
  if (params.end_time !== undefined) args.push(`end=${py(params.end_time)}`);
  if (params.time !== undefined)
    notes.push(
      pyComment(`time=${params.time} has no get_dataset argument; use the curl or fetch version for it.`),
    );
  if (params.filter_column !== undefined && params.filter_value !== undefined) {
    args.push(`filter_column=${py(params.filter_column)}`);
    const value = params.filter_operator === 'in' ? pyList(params.filter_value) : py(params.filter_value);
    args.push(`filter_value=${value}`);
    args.push(`filter_operator=${py(params.filter_operator ?? '=')}`);
  }
  if (params.columns !== undefined) args.push(`columns=${pyList(params.columns)}`);
  if (params.resample_frequency !== undefined) args.push(`resample=${py(params.resample_frequency)}`);
  if (params.resample_by !== undefined) args.push(`resample_by=${pyList(params.resample_by)}`);
  if (params.resample_function !== undefined) args.push(`resample_function=${py(params.resample_function)}`);
  if (params.publish_time !== undefined) args.push(`publish_time=${py(params.publish_time)}`);
  if (params.publish_time_start !== undefined)
    args.push(`publish_time_start=${py(params.publish_time_start)}`);
  if (params.publish_time_end !== undefined) args.push(`publish_time_end=${py(params.publish_time_end)}`);
  if (params.limit !== undefined) args.push(`limit=${intLiteral(params.limit)}`);
  if (params.page_size !== undefined) args.push(`page_size=${intLiteral(params.page_size)}`);
  if (params.timezone !== undefined)
    args.push(`tz=${py(params.timezone === 'market' ? MARKET_TIME_ZONE : params.timezone)}`);
  if (params.order === 'desc')
    notes.push('# order=desc has no get_dataset argument; sort the DataFrame instead.');
  return { args, notes };
}
