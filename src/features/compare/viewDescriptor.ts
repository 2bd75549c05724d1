/**
 * The Compare workspace as a saved view: its URL, each data series' request over the workspace's
 * grid (as the page sends it, the key never in it), the datasets they read, and the range.
 */
import { datasetQueryRequest } from '@/api/apiRequest';
import { getConnection, scriptBaseUrl } from '@/api/connection';
import type { Dataset } from '@/contract';
import { seriesOf, type CompareState, type DataSeries } from '@/compare/compareWorkspace';
import { sparklineOf } from '@/workspace/sparkline';
import type { ViewDescriptor } from '@/workspace/types';
import type { Grid } from './grid';
import type { SeriesResult } from './seriesResult';
import { seriesParams } from './seriesRequest';
import { workspaceRange } from './workspaceGrid';

const NAME_LIMIT = 120;

export interface CompareViewInput {
  path: string;
  state: CompareState;
  now: number;
  datasets: ReadonlyMap<string, Dataset>;
  grid: Grid | null;
  series: readonly Pick<SeriesResult, 'label' | 'values'>[];
  /** The server a script would call; the app's connection by default. */
  server?: string;
}

const cut = (text: string): string => (text.length > NAME_LIMIT ? `${text.slice(0, NAME_LIMIT - 1)}…` : text);

export function compareViewDescriptor({
  path,
  state,
  now,
  datasets,
  grid,
  series,
  server = scriptBaseUrl(getConnection()),
}: CompareViewInput): ViewDescriptor {
  const data = seriesOf(state).filter((s): s is DataSeries => s.kind === 'data');
  const { from, to } = workspaceRange(state, now);
  const requests = [];
  for (const spec of data) {
    const dataset = datasets.get(spec.dataset);
    if (grid && dataset)
      requests.push(datasetQueryRequest(server, dataset.id, seriesParams(spec, dataset, grid)));
  }
  const drawn = series.find((s) => s.values !== null)?.values ?? null;
  return {
    kind: 'compare',
    path,
    suggestedName: cut(series.length > 0 ? `Compare · ${series.map((s) => s.label).join('; ')}` : 'Compare'),
    datasets: [...new Set(data.map((s) => s.dataset))],
    timeRange: `${from} → ${to} (${state.tz})`,
    server,
    requests,
    sparkline: drawn ? sparklineOf(drawn.length, (i) => drawn[i]) : null,
  };
}
