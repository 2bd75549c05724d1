/**
 * The query builder as a saved view: its URL, a name to offer (the page's own summary), the time
 * range in the summary's words, and the request a script would send for the same rows (as the
 * export sidecar writes it, the key never in it).
 */
import { datasetQueryRequest } from '@/api/apiRequest';
import { getConnection, scriptBaseUrl } from '@/api/connection';
import type { Dataset, DatasetQueryParams } from '@/contract';
import { numberAt, type ColumnarPage } from '@/lib/columnar';
import { describeQuery } from '@/lib/queryDescription';
import { sparklineOf } from '@/workspace/sparkline';
import type { ViewDescriptor } from '@/workspace/types';
import { descriptionInput } from './querySummary';
import type { QueryState } from './queryUrl';
import type { PresetRange } from './requestParams';

/** A name longer than this is cut: the library lists names on one line. */
const NAME_LIMIT = 120;

export interface QueryViewInput {
  dataset: Dataset;
  /** The page's route and query string. */
  path: string;
  /** The query as it runs, or null while a time in the form cannot be read. */
  state: QueryState | null;
  range: PresetRange | null;
  params: DatasetQueryParams;
  /** The first page of rows, when it has arrived. */
  rows: ColumnarPage | null;
  /** The server a script would call; the app's connection by default. */
  server?: string;
}

const cut = (text: string): string => (text.length > NAME_LIMIT ? `${text.slice(0, NAME_LIMIT - 1)}…` : text);

/** The first numeric column of the rows already loaded, at most 64 values of it. */
function rowsSparkline(rows: ColumnarPage | null): number[] | null {
  const column = rows?.columns.find((c) => c.kind === 'number');
  if (!rows || !column) return null;
  return sparklineOf(rows.rowCount, (r) => numberAt(column, r));
}

export function queryViewDescriptor({
  dataset,
  path,
  state,
  range,
  params,
  rows,
  server = scriptBaseUrl(getConnection()),
}: QueryViewInput): ViewDescriptor {
  const words = state ? descriptionInput(state, dataset, range) : null;
  return {
    kind: 'query',
    path,
    suggestedName: cut(words ? describeQuery(words) : dataset.name),
    datasets: [dataset.id],
    timeRange: words ? `${words.time} (${words.timeZone})` : null,
    server,
    requests: state ? [datasetQueryRequest(server, dataset.id, params)] : [],
    sparkline: rowsSparkline(rows),
  };
}
