/**
 * The workspace's data: the grid, each data series loaded (seriesLoading) and aligned on the grid
 * (seriesAlignment), and the derived series evaluated over them (derivedSeries). A series that
 * fails carries its own error; the others go on. A location the registry does not know is not
 * asked for: the series says so, with the nearest names (knownLocations). An expression being typed
 * is checked as it is typed and applied only when valid (expressionDrafts).
 */
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { Dataset } from '@/contract';
import { datasetsOptions } from '@/api/datasets/queries';
import { seriesOf, type CompareState, type DataSeries } from '@/compare/compareWorkspace';
import { deriveOnGrid, type SeriesInput } from './derivedSeries';
import { markDrafts, useExpressionDrafts, type SetDraft } from './expressionDrafts';
import type { Grid } from './grid';
import { filtersByLocation, unknownLocationOf, useKnownLocations } from './knownLocations';
import { alignedValues } from './seriesAlignment';
import { seriesLabel } from './seriesLabel';
import { useSeriesLoads } from './seriesLoading';
import { seriesProblem } from './seriesProblem';
import type { SeriesResult } from './seriesResult';
import { gridCadenceFor, workspaceGrid } from './workspaceGrid';

interface CompareData {
  grid: Grid | null;
  /** Why there is no grid: an invalid range, zone or size. */
  gridError: string | null;
  datasets: ReadonlyMap<string, Dataset>;
  catalogError: unknown;
  series: SeriesResult[];
  /** Reports the text typed in a derived series' field over the expression it was typed on. */
  setDraft: SetDraft;
}

export function useCompareData(state: CompareState, now: number): CompareData {
  const catalog = useQuery(datasetsOptions());
  const datasets = useMemo(
    () => new Map((catalog.data?.data ?? []).map((d) => [d.id, d] as const)),
    [catalog.data],
  );
  const [drafts, setDraft] = useExpressionDrafts();

  const specs = seriesOf(state);
  const cadence = gridCadenceFor(state, datasets);
  const { grid, error: gridError } = useMemo(
    () => workspaceGrid(state, cadence, now),
    // The grid depends on these fields only, not on the series or the view.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [state.from, state.to, state.tz, cadence, now],
  );

  const dataSpecs = specs.filter((s): s is DataSeries => s.kind === 'data');
  const knownLocations = useKnownLocations(
    dataSpecs.some((s) => filtersByLocation(s, datasets.get(s.dataset))),
  );
  const unknownLocations = dataSpecs.map((s) =>
    unknownLocationOf(s, datasets.get(s.dataset), knownLocations),
  );
  // Nothing is said about a definition before the catalog has answered.
  const problems = dataSpecs.map((s, i) =>
    catalog.data ? seriesProblem(s, datasets.get(s.dataset), unknownLocations[i]) : null,
  );
  const loads = useSeriesLoads(dataSpecs, datasets, grid, problems);

  const inputs = new Map<string, SeriesInput>();
  dataSpecs.forEach((spec, i) => {
    const points = loads[i]?.points;
    const column = datasets.get(spec.dataset)?.all_columns.find((c) => c.name === spec.column);
    inputs.set(spec.key, {
      values: points && grid ? alignedValues(points, spec, grid) : null,
      unit: column?.unit ?? null,
      failed: loads[i]?.failed ?? false,
    });
  });
  const derived = deriveOnGrid(specs, inputs, grid);

  const series = specs.map((spec): SeriesResult => {
    if (spec.kind === 'expr') {
      const d = derived.get(spec.key);
      return {
        spec,
        label: seriesLabel(spec, undefined),
        unit: d?.unit ?? null,
        values: d?.values ?? null,
        loading: !d?.error && !d?.values && grid !== null,
        error: d?.error ?? null,
        progress: null,
        capped: false,
        cancelled: false,
        unknownLocation: null,
        emptied: d?.emptied ?? null,
        editing: null,
      };
    }
    const i = dataSpecs.indexOf(spec);
    const load = loads[i];
    const input = inputs.get(spec.key);
    return {
      spec,
      label: seriesLabel(spec, datasets.get(spec.dataset)),
      unit: input?.unit ?? null,
      values: input?.values ?? null,
      loading: load?.loading ?? false,
      error: problems[i] ?? load?.error ?? null,
      unknownLocation: unknownLocations[i] ?? null,
      emptied: null,
      editing: null,
      progress: load?.progress ?? null,
      capped: load?.points?.capped ?? false,
      cancelled: load?.cancelled ?? false,
      cancel: () => load?.cancel(),
      retry: () => load?.retry(),
    };
  });
  markDrafts(series, drafts);

  return { grid, gridError, datasets, catalogError: catalog.error, series, setDraft };
}
