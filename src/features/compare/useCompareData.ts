/**
 * The workspace's data: the grid, each data series fetched (side by side, paced to the key's
 * rate, with progress) and aligned on the grid, and the derived series evaluated over them. A
 * series that fails carries its own error; the others go on. A location the registry does not know
 * is not asked for: the series says so, with the nearest names. An expression being typed is
 * checked as it is typed and applied only when valid; until then the series keeps the last one and
 * says that the text in its field is not applied yet.
 */
import {
  queryOptions,
  skipToken,
  useQueries,
  useQuery,
  useQueryClient,
  type UseQueryOptions,
} from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { datasetsOptions } from '@/api/datasets/queries';
import { knownRequestsPerSecond } from '@/api/connection';
import { pricingLocationsOptions } from '@/api/locations/queries';
import { usageOptions } from '@/api/usage/queries';
import type { Dataset, PricingLocationList } from '@/contract';
import type { ChartProgress } from '@/api/query/chartRows';
import { memoByKey } from '@/lib/memoLast';
import { unknownNames, type UnknownName } from '@/lib/nearestNames';
import {
  evaluateCounted,
  ExpressionError,
  parseExpression,
  references,
  unitOf,
  type EmptiedCounts,
  type Expr,
} from './expression';
import { alignToGrid, buildGrid, gridOrder, type Grid, type GridCadence } from './grid';
import { pickAtLead } from './forecastError';
import { createPacer, paceForLimit } from './pacer';
import { lastDays } from '@/compare/compareLinks';
import {
  datasetGridCadence,
  fetchSeriesPoints,
  hasVintages,
  seriesParams,
  type SeriesPoints,
} from './seriesRequest';
import {
  formatSeries,
  seriesOf,
  type CompareState,
  type DataSeries,
  type SeriesKey,
  type SeriesSpec,
} from '@/compare/compareWorkspace';

/** The user-timing mark of a series' data arriving. */
export const SERIES_ARRIVED_MARK = 'compare:series-arrived';

/** Buckets a grid may have: a year of 5-minute intervals and some room. */
export const MAX_GRID_BUCKETS = 120_000;

export interface SeriesResult {
  spec: SeriesSpec;
  label: string;
  unit: string | null;
  /** On the grid, NaN where missing; null until it can be computed. */
  values: Float64Array | null;
  loading: boolean;
  /** A fetch error (ApiError) or a message about the series' definition. */
  error: unknown;
  progress: ChartProgress | null;
  capped: boolean;
  /** Stopped by the user before its data arrived. */
  cancelled: boolean;
  /** Stops the fetch (data series only). */
  cancel?: () => void;
  /** Fetches it again after an error or a cancel (data series only). */
  retry?: () => void;
  /** A location filter naming no known location (data series only): the series is not fetched. */
  unknownLocation: UnknownName | null;
  /** Intervals a derived series left empty itself, by reason (derived series only). */
  emptied: EmptiedCounts | null;
  /**
   * Text in the series' field that is not applied (derived series only): still within the pause
   * after typing, or not valid (`problem`). The values and label are still the applied expression's.
   */
  editing: { text: string; problem: string | null } | null;
}

/** What a series is called where its values are shown: its label, and whether its field holds text not applied yet. */
export function shownLabel(series: Pick<SeriesResult, 'label' | 'editing'>): string {
  if (!series.editing) return series.label;
  return `${series.label} (editing “${series.editing.text.trim()}”: not applied yet)`;
}

export interface CompareData {
  grid: Grid | null;
  /** Why there is no grid: an invalid range, zone or size. */
  gridError: string | null;
  datasets: ReadonlyMap<string, Dataset>;
  catalogError: unknown;
  series: SeriesResult[];
  /** Reports the text typed in a derived series' field over the expression it was typed on. */
  setDraft: (key: SeriesKey, text: string, over: string) => void;
}

const shortName = (dataset: Dataset | undefined, id: string): string =>
  (dataset?.name ?? id).replace(/^ERCOT /, '');

export function seriesLabel(spec: SeriesSpec, dataset: Dataset | undefined): string {
  if (spec.kind === 'expr') return `${spec.key} = ${spec.expr}`;
  const parts = [`${spec.key}: ${shortName(dataset, spec.dataset)} · ${spec.column}`];
  if (spec.filterValue !== '') parts.push(spec.filterValue);
  if (spec.lead !== null) parts.push(`${spec.lead} h ahead`);
  if (spec.shift !== 0) parts.push(`shifted ${spec.shift} d`);
  return parts.join(' · ');
}

function validZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

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

function makeGrid(
  state: CompareState,
  cadence: GridCadence,
  now: number,
): { grid: Grid | null; error: string | null } {
  const { from, to } = workspaceRange(state, now);
  if (from > to) return { grid: null, error: 'The range ends before it starts.' };
  if (!validZone(state.tz)) return { grid: null, error: `Unknown time zone: ${state.tz}` };
  const days = (Date.parse(to) - Date.parse(from)) / 86_400_000 + 1;
  const perDay = { '5min': 288, '15min': 96, '1h': 24, '1d': 1 }[cadence];
  if (days * perDay > MAX_GRID_BUCKETS)
    return {
      grid: null,
      error: `${Math.round(days).toLocaleString('en-US')} days on a ${cadence} grid is ${(days * perDay).toLocaleString('en-US')} intervals; at most ${MAX_GRID_BUCKETS.toLocaleString('en-US')}. Choose a coarser grid or a shorter range.`,
    };
  return { grid: buildGrid(from, to, cadence, state.tz), error: null };
}

/** The registry in one page (the API's largest), for the names a location filter may take. */
const REGISTRY = pricingLocationsOptions({ page_size: 5000 });

export interface KnownLocations {
  names: readonly string[];
  set: ReadonlySet<string>;
  /** Every location is among them: only then can a name be said not to exist. */
  complete: boolean;
}

const knownLocationsOf = (page: PricingLocationList): KnownLocations => {
  const names = page.items.map((l) => l.location);
  return { names, set: new Set(names), complete: page.total_items <= page.items.length };
};

/** The registry's location names; undefined while they load, or when the registry did not answer. */
export function useKnownLocations(enabled: boolean): KnownLocations | undefined {
  return useQuery({ ...REGISTRY, enabled, select: knownLocationsOf }).data;
}

/** Whether `spec` filters its dataset by location, the registry's names. */
const filtersByLocation = (spec: DataSeries, dataset: Dataset | undefined): boolean =>
  dataset?.subseries_index_column === 'location' &&
  spec.filterColumn === 'location' &&
  spec.filterValue.trim() !== '';

/** The location `spec` filters on when the registry does not know it, with the nearest names. */
function unknownLocationOf(
  spec: DataSeries,
  dataset: Dataset | undefined,
  known: KnownLocations | undefined,
): UnknownName | null {
  if (!known?.complete || !filtersByLocation(spec, dataset) || known.set.has(spec.filterValue)) return null;
  return unknownNames([spec.filterValue], known.names)[0] ?? null;
}

/** A data series' definition checked against the catalog; a message when it cannot be asked for. */
export function specProblem(spec: DataSeries, dataset: Dataset | undefined): string | null {
  if (!dataset) return `There is no dataset ${spec.dataset}.`;
  const column = dataset.all_columns.find((c) => c.name === spec.column);
  if (!column) return `${dataset.name} has no column ${spec.column}.`;
  if (!column.is_numeric) return `${spec.column} is not a number column.`;
  if (spec.filterColumn !== '' && !dataset.all_columns.some((c) => c.name === spec.filterColumn))
    return `${dataset.name} has no column ${spec.filterColumn} to filter on.`;
  return null;
}

function seriesQuery(
  spec: DataSeries,
  dataset: Dataset,
  grid: Grid,
  pace: () => Promise<void>,
  onProgress: (key: SeriesKey, progress: ChartProgress) => void,
  allLeads = false,
) {
  const params = seriesParams(spec, dataset, grid, { allLeads });
  // eslint-disable-next-line @tanstack/query/exhaustive-deps -- pace and onProgress are listeners, not inputs of the rows
  return queryOptions({
    queryKey: ['compare', dataset.id, params] as readonly unknown[],
    queryFn: async ({ signal }) => {
      const points = await fetchSeriesPoints(spec, dataset, grid, {
        signal,
        allLeads,
        beforePage: pace,
        onProgress: (p) => onProgress(spec.key, p),
      });
      // For `npm run bench`: the time from the last series' arrival to the chart drawn.
      performance.mark(SERIES_ARRIVED_MARK);
      return points;
    },
    staleTime: Infinity,
    structuralSharing: false,
    refetchOnReconnect: false,
  });
}

/** A series' points on the grid: vintages picked at the lead, then bucketed with the shift. */
function align(points: SeriesPoints, spec: DataSeries, grid: Grid): Float64Array {
  if (points.published && spec.lead !== null) {
    const picked = pickAtLead(
      { times: points.times, published: points.published, values: points.values },
      spec.lead,
    );
    return alignToGrid(grid, picked.times, picked.values, spec.shift);
  }
  return alignToGrid(grid, points.times, points.values, spec.shift);
}

interface Derived {
  values: Float64Array | null;
  unit: string | null;
  error: string | null;
  emptied?: EmptiedCounts;
}

/** Derived series in dependency order (they may read each other); a cycle is an error. */
function deriveAll(
  specs: readonly SeriesSpec[],
  base: ReadonlyMap<string, { values: Float64Array | null; unit: string | null; failed: boolean }>,
  length: number,
): Map<SeriesKey, Derived> {
  const out = new Map<SeriesKey, Derived>();
  const parsed = new Map<SeriesKey, Expr>();
  for (const spec of specs) {
    if (spec.kind !== 'expr') continue;
    try {
      parsed.set(spec.key, parseExpression(spec.expr));
    } catch (e) {
      out.set(spec.key, { values: null, unit: null, error: e instanceof Error ? e.message : String(e) });
    }
  }
  const values = new Map<string, Float64Array>();
  const units = new Map<string, string | null>();
  for (const [k, v] of base) {
    units.set(k, v.unit);
    if (v.values) values.set(k, v.values);
  }
  let progress = true;
  while (progress) {
    progress = false;
    for (const [key, expr] of parsed) {
      if (out.has(key)) continue;
      const refs = [...references(expr)];
      const unknown = refs.find((r) => !units.has(r) && !parsed.has(r as SeriesKey));
      if (unknown !== undefined || refs.includes(key)) {
        out.set(key, {
          values: null,
          unit: null,
          error: unknown !== undefined ? `There is no series ${unknown}.` : `${key} cannot refer to itself.`,
        });
        progress = true;
        continue;
      }
      if (!refs.every((r) => units.has(r))) continue;
      const failed = refs.find((r) => out.get(r as SeriesKey)?.error ?? base.get(r)?.failed);
      if (failed !== undefined) {
        out.set(key, { values: null, unit: null, error: `Series ${failed} has an error.` });
        progress = true;
        continue;
      }
      try {
        const unit = unitOf(expr, units);
        const ready = refs.every((r) => values.has(r));
        const computed = ready ? evaluateCounted(expr, values, length) : null;
        out.set(key, { values: computed?.values ?? null, unit, error: null, emptied: computed?.emptied });
        units.set(key, unit);
        if (computed) values.set(key, computed.values);
      } catch (e) {
        out.set(key, {
          values: null,
          unit: null,
          error: e instanceof ExpressionError ? e.message : String(e),
        });
      }
      progress = true;
    }
  }
  for (const key of parsed.keys())
    if (!out.has(key))
      out.set(key, { values: null, unit: null, error: 'These expressions refer to each other in a circle.' });
  return out;
}

/**
 * Why `text` cannot be the expression of `key` among the workspace's `series` (a syntax error, an
 * unknown letter, mixed units, a circle), or null when it can: checked as it is typed, before it
 * replaces the expression that is drawn.
 */
export function derivedProblem(
  series: readonly Pick<SeriesResult, 'spec' | 'unit'>[],
  key: SeriesKey,
  text: string,
): string | null {
  const specs = series.map((s) => (s.spec.key === key ? { kind: 'expr' as const, key, expr: text } : s.spec));
  const base = new Map(
    series
      .filter((s) => s.spec.kind === 'data')
      .map((s) => [s.spec.key as string, { values: null, unit: s.unit, failed: false }]),
  );
  return deriveAll(specs, base, 0).get(key)?.error ?? null;
}

/*
 * Caches outside React: aligned values per answer (recomputed only when the series' definition or
 * the grid changes) and the last derived set (recomputed only when an input is a new array).
 */
const alignCache = new WeakMap<SeriesPoints, { sig: string; values: Float64Array }>();
/** deriveAll, run again only when the key (definitions and inputs by identity) changes. */
const deriveByKey = memoByKey<Map<SeriesKey, Derived>>();
const identities = new WeakMap<object, number>();
let nextIdentity = 1;
function identity(value: object | null): number {
  if (value === null) return 0;
  let id = identities.get(value);
  if (id === undefined) {
    id = nextIdentity++;
    identities.set(value, id);
  }
  return id;
}

export function useCompareData(state: CompareState, now: number): CompareData {
  const catalog = useQuery(datasetsOptions());
  const datasets = useMemo(
    () => new Map((catalog.data?.data ?? []).map((d) => [d.id, d] as const)),
    [catalog.data],
  );
  const usage = useQuery(usageOptions());
  const rate = knownRequestsPerSecond(usage.data?.plan);
  const pacer = useMemo(() => createPacer(paceForLimit(rate)), [rate]);
  const [progress, setProgress] = useState<ReadonlyMap<SeriesKey, ChartProgress>>(new Map());
  // What each derived series' field holds, and the expression it was typed over: a new expression
  // from elsewhere (a preset, back) makes the text stale.
  const [drafts, setDrafts] = useState<ReadonlyMap<SeriesKey, { text: string; over: string }>>(new Map());
  const setDraft = useCallback(
    (key: SeriesKey, text: string, over: string) =>
      setDrafts((current) => new Map(current).set(key, { text, over })),
    [],
  );
  const onProgress = useCallback(
    (key: SeriesKey, p: ChartProgress) => setProgress((current) => new Map(current).set(key, p)),
    [],
  );

  const specs = seriesOf(state);
  const cadence = gridCadenceFor(state, datasets);
  const { grid, error: gridError } = useMemo(
    () => makeGrid(state, cadence, now),
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
  const problems = dataSpecs.map((s, i) => {
    if (!catalog.data) return null;
    const unknown = unknownLocations[i];
    return (
      specProblem(s, datasets.get(s.dataset)) ?? (unknown ? `No location named “${unknown.value}”.` : null)
    );
  });
  const queries = dataSpecs.map((spec, i): UseQueryOptions<SeriesPoints, Error, SeriesPoints> => {
    const dataset = datasets.get(spec.dataset);
    if (!grid || !dataset || problems[i])
      return { queryKey: ['compare', 'idle', spec.key] as readonly unknown[], queryFn: skipToken };
    return seriesQuery(spec, dataset, grid, pacer, onProgress);
  });
  const results = useQueries({ queries });
  const queryClient = useQueryClient();
  // Series the user stopped, by their query: they stay stopped until Retry.
  const [cancelled, setCancelled] = useState<ReadonlySet<string>>(new Set());
  const queryKeyOf = (i: number): readonly unknown[] => queries[i]?.queryKey ?? [];
  const keyOf = (i: number): string => JSON.stringify(queryKeyOf(i));

  const aligned = new Map<string, { values: Float64Array | null; unit: string | null; failed: boolean }>();
  dataSpecs.forEach((spec, i) => {
    const points = results[i]?.data as SeriesPoints | null | undefined;
    const column = datasets.get(spec.dataset)?.all_columns.find((c) => c.name === spec.column);
    let values: Float64Array | null = null;
    if (points && grid) {
      const sig = `${formatSeries(spec)}|${grid.cadence}|${grid.zone}|${grid.times[0] ?? 0}|${grid.end}`;
      const hit = alignCache.get(points);
      if (hit?.sig === sig) values = hit.values;
      else {
        values = align(points, spec, grid);
        alignCache.set(points, { sig, values });
      }
    }
    aligned.set(spec.key, {
      values,
      unit: column?.unit ?? null,
      failed: Boolean(problems[i] ?? results[i]?.isError),
    });
  });
  const derivedKey = `${specs.map(formatSeries).join('&')}|${[...aligned.values()]
    .map((a) => `${a.unit}:${a.failed}:${identity(a.values)}`)
    .join(',')}|${identity(grid)}`;
  const derived = deriveByKey(derivedKey, () => deriveAll(specs, aligned, grid?.times.length ?? 0));

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
    const query = results[i];
    const a = aligned.get(spec.key);
    const data = query?.data as SeriesPoints | null | undefined;
    return {
      spec,
      label: seriesLabel(spec, datasets.get(spec.dataset)),
      unit: a?.unit ?? null,
      values: a?.values ?? null,
      loading: problems[i] === null && grid !== null && query?.fetchStatus === 'fetching' && !data,
      error: problems[i] ?? query?.error ?? null,
      unknownLocation: unknownLocations[i] ?? null,
      emptied: null,
      editing: null,
      progress: progress.get(spec.key) ?? null,
      capped: data?.capped ?? false,
      cancelled: cancelled.has(keyOf(i)) && !data && query?.fetchStatus !== 'fetching',
      cancel: () => {
        const key = keyOf(i);
        setCancelled((current) => new Set(current).add(key));
        void queryClient.cancelQueries({ queryKey: queryKeyOf(i) });
      },
      retry: () => {
        const key = keyOf(i);
        setCancelled((current) => {
          const next = new Set(current);
          next.delete(key);
          return next;
        });
        void query?.refetch();
      },
    };
  });

  // Text typed over the expression still applied, checked against the workspace as it is now.
  for (const s of series) {
    const draft = drafts.get(s.spec.key);
    if (s.spec.kind !== 'expr' || !draft || draft.over !== s.spec.expr) continue;
    if (draft.text.trim() === s.spec.expr) continue;
    s.editing = { text: draft.text, problem: derivedProblem(series, s.spec.key, draft.text) };
  }

  return { grid, gridError, datasets, catalogError: catalog.error, series, setDraft };
}

/** Every vintage of the forecast series over the range, for the forecast view's error by lead. */
export function useForecastVintages(
  spec: DataSeries | null,
  dataset: Dataset | undefined,
  grid: Grid | null,
) {
  const pacer = useMemo(() => createPacer(paceForLimit(null)), []);
  const usable = spec !== null && dataset !== undefined && grid !== null && hasVintages(dataset);
  const options = usable ? seriesQuery(spec, dataset, grid, pacer, () => undefined, true) : null;
  return useQuery<SeriesPoints>({
    queryKey: options?.queryKey ?? ['compare', 'vintages', 'idle'],
    queryFn: options?.queryFn ?? skipToken,
    staleTime: Infinity,
    structuralSharing: false,
  });
}
