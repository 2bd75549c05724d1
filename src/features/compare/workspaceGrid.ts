/**
 * The workspace's common time grid from its state: the cadence (the coarsest of its datasets when
 * left to `auto`), the range (the last week when left empty) and the checks that refuse a grid
 * before anything is fetched: a range that ends before it starts, an unknown zone, too many
 * intervals.
 */
import type { Dataset } from '@/contract';
import { isTimeZone } from '@/time';
import { lastDays } from '@/compare/compareLinks';
import { seriesOf, type CompareState } from '@/compare/compareWorkspace';
import { buildGrid, gridOrder, type Grid, type GridCadence } from './grid';
import { datasetGridCadence } from './seriesRequest';

/** Buckets a grid may have: a year of 5-minute intervals and some room. */
export const MAX_GRID_BUCKETS = 120_000;

export function gridCadenceFor(state: CompareState, datasets: ReadonlyMap<string, Dataset>): GridCadence {
  if (state.grid !== 'auto') return state.grid;
  let coarsest: GridCadence | null = null;
  for (const spec of seriesOf(state)) {
    const dataset = spec.kind === 'data' ? datasets.get(spec.dataset) : undefined;
    if (!dataset) continue;
    const cadence = datasetGridCadence(dataset);
    if (coarsest === null || gridOrder(cadence) > gridOrder(coarsest)) coarsest = cadence;
  }
  return coarsest ?? '1h';
}

export function workspaceRange(state: CompareState, now: number): { from: string; to: string } {
  const fallback = lastDays(7, now);
  return { from: state.from || fallback.from, to: state.to || fallback.to };
}

/** The grid of `state` at `cadence`, or why there is none. */
export function workspaceGrid(
  state: CompareState,
  cadence: GridCadence,
  now: number,
): { grid: Grid | null; error: string | null } {
  const { from, to } = workspaceRange(state, now);
  if (from > to) return { grid: null, error: 'The range ends before it starts.' };
  if (!isTimeZone(state.tz)) return { grid: null, error: `Unknown time zone: ${state.tz}` };
  const days = (Date.parse(to) - Date.parse(from)) / 86_400_000 + 1;
  const perDay = { '5min': 288, '15min': 96, '1h': 24, '1d': 1 }[cadence];
  if (days * perDay > MAX_GRID_BUCKETS)
    return {
      grid: null,
      error: `${Math.round(days).toLocaleString('en-US')} days on a ${cadence} grid is ${(days * perDay).toLocaleString('en-US')} intervals; at most ${MAX_GRID_BUCKETS.toLocaleString('en-US')}. Choose a coarser grid or a shorter range.`,
    };
  return { grid: buildGrid(from, to, cadence, state.tz), error: null };
}
