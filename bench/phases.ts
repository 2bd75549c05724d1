/**
 * Where the time of figure 3 goes. The engine cannot be instrumented from here, so each phase is
 * timed on its own with the engine's own parts (the dataset's row generator, the price function,
 * the timestamp formatter). Timed runs find the year in the value cache, so the generator is what
 * the first (cold) run pays, and walking + resampling is the warm engine minus formatting.
 */
import type { DatasetDef, LocationDef, Millis } from '@/mock/data/types';
import { scedLmp } from '@/mock/data/prices';
import { createIsoWriter } from '@/time';
import type { QueryResult } from '@/mock/engine/execute';
import { measure, type BenchRow, type Timing, type TimingOptions } from './harness';
import type { Series } from './duckdbPeer';

const HOUR = 3_600_000;

export interface PhaseInput {
  def: DatasetDef;
  location: LocationDef;
  /** Grid times of the source rows, ascending. */
  times: readonly Millis[];
  /** Index of the aggregated column in a generated row. */
  valueIndex: number;
  /** The engine's answer to the figure-3 query (its rows are what gets formatted and sent). */
  result: QueryResult;
  series: Series;
  /** Median of the whole engine on the same query, ms. */
  engine: Timing;
}

/** Hourly means over materialised arrays in a plain loop: what JS does without the generator. */
export function hourlyMeansOf(series: Series): { starts: Float64Array; means: Float64Array } {
  const n = series.times.length;
  const starts = new Float64Array(n);
  const sums = new Float64Array(n);
  const counts = new Uint32Array(n);
  let k = -1;
  let current = Number.NaN;
  for (let i = 0; i < n; i++) {
    const t = series.times[i] ?? 0;
    const b = Math.floor(t / HOUR) * HOUR;
    if (b !== current) {
      k++;
      current = b;
      starts[k] = b;
    }
    sums[k] = (sums[k] ?? 0) + (series.values[i] ?? 0);
    counts[k] = (counts[k] ?? 0) + 1;
  }
  const means = new Float64Array(k + 1);
  for (let j = 0; j <= k; j++) means[j] = (sums[j] ?? 0) / (counts[j] ?? 1);
  return { starts: starts.slice(0, k + 1), means };
}

export async function measurePhases(input: PhaseInput, opts: TimingOptions): Promise<BenchRow[]> {
  const { def, location, times, result, engine } = input;
  let sink = 0;

  const rows = await measure(() => {
    for (const t of times) sink += def.row(t, location, null).length;
  }, opts);
  const price = await measure(() => {
    for (const t of times) sink += scedLmp(t, location);
  }, opts);
  const starts = result.rows.map((r) => Date.parse(String(r[0])));
  const formatting = await measure(() => {
    // One writer per column, as the engine writes them.
    const start = createIsoWriter();
    const end = createIsoWriter();
    for (const s of starts) sink += start(s, 0).length + end(s + HOUR, 0).length;
  }, opts);
  // The handler's work after the engine: cells zipped into objects, then one JSON text.
  const names = result.columns.map((c) => c.name);
  const json = await measure(() => {
    const data = result.rows.map((cells) => {
      const o: Record<string, unknown> = {};
      for (let i = 0; i < names.length; i++) o[names[i] ?? ''] = cells[i] ?? null;
      return o;
    });
    sink += JSON.stringify({ data, meta: result.meta }).length;
  }, opts);
  const floor = await measure(() => {
    sink += hourlyMeansOf(input.series).means.length;
  }, opts);
  if (sink === 0) throw new Error('phases measured nothing');

  const share = (ms: number): number => ms / engine.median;
  const rest = Math.max(0, engine.median - formatting.median);
  const row = (figure: string, t: number, note: string): BenchRow => ({
    figure,
    value: t,
    unit: 'ms',
    target: null,
    peer: 'whole engine',
    ratio: share(t),
    verdict: 'info',
    note,
  });
  return [
    row(
      '4a. cold cache: row generator (def.row)',
      rows.median,
      `${times.length} rows, 7 cells each; paid once, then the value cache holds the year`,
    ),
    row('4b. cold cache: price alone (scedLmp)', price.median, 'the one cell the query aggregates'),
    row('4c. phase: walk + resample (rest)', rest, 'warm engine − formatting'),
    row('4d. phase: formatting 2 ISO stamps/row', formatting.median, `${result.rows.length} output rows`),
    row('4e. after engine: JSON body (handler)', json.median, 'not part of runQuery; sent over HTTP'),
    row('4f. floor: JS loop on materialised rows', floor.median, 'bucket + mean over Float64Arrays'),
  ];
}
