/**
 * `npm run bench`: every benchmark, printed as one table and written to `bench/results.json`.
 * The engine's figures run the engine as the mock's HTTP handler would (minus HTTP) on a fixed
 * clock, so two runs on one machine measure the same work; the web figures (bundle, catalog load,
 * Lighthouse, the HTTP mock under load, table, chart, export) drive a production build in
 * headless Chromium and the mock as a server. `tsx bench/run.ts bundle catalog-load` runs a subset.
 */
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { DATASETS, getDataset } from '@/mock/data/catalog';
import { DATA_START } from '@/mock/data/climate';
import { countRows } from '@/mock/data/counting';
import { asLocation } from '@/mock/data/locations';
import type { DatasetDef, Millis } from '@/mock/data/types';
import type { QueryResult } from '@/mock/engine/execute';
import { problemOf } from '@/mock/handlers/problem';
import { runQuery } from '@/mock/engine/runQuery';
import { run as runBundle } from './bundle';
import { run as runCatalogLoad } from './catalogLoad';
import { run as runChartPoints } from './chartPoints';
import { run as runColdLinks } from './coldLinks';
import { run as runDemoMainThread } from './demoMainThread';
import { createDuckDbPeer, type Series } from './duckdbPeer';
import { run as runDisclosure } from './disclosure';
import { cancelOverhead, cursorDepth, inFilter } from './engineLimits';
import { run as runExportAll } from './exportAll';
import { run as runProxyOverhead } from './proxyOverhead';
import { formatNumber, formatTable, judge, measure, measurePair, type BenchRow } from './harness';
import { run as runHttpLoad } from './httpLoad';
import { run as runHttpPool } from './httpPool';
import { run as runIdleConnections } from './idleConnections';
import { run as runLighthouse } from './lighthouse';
import { measurePhases } from './phases';
import { run as runPriceMap } from './priceMap';
import { run as runCompare } from './compare';
import { run as runSavedWork } from './savedWork';
import { run as runSqlPage } from './sqlPage';
import { run as runTableGrid } from './tableGrid';
import { run as runToday } from './today';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** A fixed "now" well past figure 3's year, so every dataset has history on both sides of it. */
const NOW: Millis = Date.UTC(2025, 5, 15, 12);
const iso = (ms: Millis): string => new Date(ms).toISOString();

type Params = Record<string, string | number>;

function dataset(id: string): DatasetDef {
  const def = getDataset(id);
  if (!def) throw new Error(`no dataset ${id}`);
  return def;
}

function query(def: DatasetDef, params: Params, now: Millis = NOW): QueryResult {
  const search = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]));
  return runQuery(def, search, now);
}

/** The engine's page, or the status it refuses the query with. */
function answer(def: DatasetDef, params: Params): QueryResult | number {
  try {
    return query(def, params);
  } catch (e) {
    const problem = problemOf(e);
    if (problem) return problem.status;
    throw e;
  }
}

function check(ok: boolean, what: string): void {
  if (!ok) throw new Error(`benchmark check failed: ${what}`);
}

// ---------------------------------------------------------------- 1. scan rate

interface ScanCase {
  label: string;
  id: string;
  lo: Millis;
  hi: Millis;
  /** A value filter few or no rows pass, so the walk never stops early: every candidate is examined. */
  filter: Params;
}

const SCAN_DAY = Date.UTC(2025, 5, 10);
const SCAN_CASES: ScanCase[] = [
  {
    label: 'LMP, 1 day, all locations, lmp > 100000',
    id: 'ercot_lmp_by_settlement_point',
    lo: SCAN_DAY,
    hi: SCAN_DAY + DAY,
    filter: { filter_column: 'lmp', filter_operator: '>', filter_value: 100000 },
  },
  {
    label: 'RT SPP 15-min, 1 week, spp > 100',
    id: 'ercot_spp_real_time_15_min',
    lo: SCAN_DAY - 7 * DAY,
    hi: SCAN_DAY,
    filter: { filter_column: 'spp', filter_operator: '>', filter_value: 100 },
  },
  {
    label: 'load forecast, 1 week, every vintage',
    id: 'ercot_load_forecast_by_forecast_zone',
    lo: SCAN_DAY - 7 * DAY,
    hi: SCAN_DAY,
    filter: { filter_column: 'system_total', filter_operator: '>', filter_value: 1e9 },
  },
  {
    label: 'load, 1 year, load > 100000',
    id: 'ercot_load',
    lo: Date.UTC(2024, 0, 1),
    hi: Date.UTC(2025, 0, 1),
    filter: { filter_column: 'load', filter_operator: '>', filter_value: 100000 },
  },
];

async function scanRates(): Promise<BenchRow[]> {
  const out: BenchRow[] = [];
  for (const c of SCAN_CASES) {
    const def = dataset(c.id);
    const params = { ...c.filter, start_time: iso(c.lo), end_time: iso(c.hi), page_size: 50000 };
    const probe = query(def, params);
    // No next page: the engine walked the whole window rather than stopping at a full page.
    check(!probe.meta.hasNextPage, `${c.label} ends early`);
    const examined = countRows(def, c.lo, c.hi, NOW).rows;
    const t = await measure(() => query(def, params), { warmup: 2, runs: 7 });
    out.push({
      figure: `1. scan rate: ${c.label}`,
      value: examined / (t.median / 1000),
      unit: 'rows/s',
      target: null,
      peer: null,
      ratio: null,
      verdict: 'info',
      note: `${examined} rows examined, ${probe.rows.length} returned, median ${formatNumber(t.median)} ms of ${t.runs}`,
    });
  }
  return out;
}

// ---------------------------------------------------------------- 2. first page of each dataset

async function firstPages(): Promise<BenchRow[]> {
  const out: BenchRow[] = [];
  for (const def of DATASETS) {
    // The last 24 hours published: the 60-day disclosure has none in the 24 hours before now.
    const published = NOW - (def.publicationDelayMs ?? 0);
    const last24h: Params = { start_time: iso(published - DAY), end_time: iso(published) };
    for (const [label, params] of [
      ['default', {}],
      ['last 24 h', last24h],
    ] as const) {
      const probe = answer(def, params);
      check(typeof probe === 'number' || probe.rows.length > 0, `${def.id} ${label} returns rows`);
      const t = await measure(() => answer(def, params), { warmup: 3, runs: 15 });
      // Without a time range a price dataset is refused by the scan guard (contract §3): time that.
      const what = typeof probe === 'number' ? `answers ${probe} (scan guard)` : `${probe.rows.length} rows`;
      out.push({
        figure: `2. first page: ${def.id}, ${label}`,
        value: t.median,
        unit: 'ms',
        target: null,
        peer: null,
        ratio: null,
        verdict: 'info',
        note: `${what}, median of ${t.runs} (min ${formatNumber(t.min)}, max ${formatNumber(t.max)})`,
      });
    }
  }
  return out;
}

// ---------------------------------------------------------------- 3 and 4. one year resampled, vs DuckDB

const YEAR_LO = Date.UTC(2024, 0, 1);
const YEAR_HI = Date.UTC(2025, 0, 1);
const HOURLY_ROWS = 8784;
const SOURCE_ROWS = 105_408;

async function yearResampled(): Promise<BenchRow[]> {
  const def = dataset('ercot_lmp_by_settlement_point');
  const location = asLocation(def.locations?.find((l) => l.name === 'HB_NORTH') ?? null);
  const valueIndex = def.columns.findIndex((c) => c.name === 'lmp');
  const params: Params = {
    filter_column: 'location',
    filter_value: 'HB_NORTH',
    start_time: iso(YEAR_LO),
    end_time: iso(YEAR_HI),
    resample_frequency: '1h',
    resample_function: 'mean',
    page_size: 50000,
  };

  // The peer's rows: the same generator, once, before any timing.
  const times: Millis[] = [];
  for (let t = YEAR_LO; t < YEAR_HI; t += def.stepMs) times.push(t);
  const series: Series = {
    times: Float64Array.from(times),
    values: Float64Array.from(times, (t) => Number(def.row(t, location, null)[valueIndex])),
  };
  check(series.times.length === SOURCE_ROWS, `${SOURCE_ROWS} source rows`);
  const peer = await createDuckDbPeer(series);
  try {
    // Both sides must answer the same question before their times mean anything.
    const ours = query(def, params);
    check(ours.rows.length === HOURLY_ROWS && !ours.meta.hasNextPage, `${HOURLY_ROWS} hourly rows`);
    const theirs = await peer.hourlyMeans();
    check(theirs.means.length === HOURLY_ROWS, `DuckDB returns ${HOURLY_ROWS} rows`);
    const meanAt = ours.columns.findIndex((c) => c.name === 'lmp');
    ours.rows.forEach((row, i) => {
      check(Date.parse(String(row[0])) === theirs.starts[i], `bucket ${i} starts agree`);
      check(Math.abs(Number(row[meanAt]) - (theirs.means[i] ?? Number.NaN)) < 1e-6, `mean ${i} agrees`);
    });

    const [engine, duck] = await measurePair(
      () => query(def, params),
      () => peer.run(),
      { warmup: 3, runs: 11 },
    );
    const ratio = engine.median / duck.median;
    const phases = await measurePhases(
      { def, location, times, valueIndex, result: ours, series, engine },
      { warmup: 2, runs: 7 },
    );
    return [
      {
        figure: '3. HB_NORTH LMP, 1 year 5-min → 1h mean',
        value: engine.median,
        unit: 'ms',
        target: null,
        peer: null,
        ratio: null,
        verdict: 'info',
        note: `${SOURCE_ROWS} source rows → ${HOURLY_ROWS} rows, median of ${engine.runs} (min ${formatNumber(engine.min)})`,
      },
      {
        figure: '4. same query: ours vs DuckDB in memory',
        value: engine.median,
        unit: 'ms',
        target: '≤ 1.0× DuckDB',
        peer: `DuckDB ${formatNumber(duck.median)} ms`,
        ratio,
        verdict: judge(ratio, 1),
        note: `medians of ${engine.runs} alternating runs each; DuckDB min ${formatNumber(duck.min)} ms, rows fetched with getRows(), DuckDB on ${peer.threads} threads`,
      },
      ...phases,
    ];
  } finally {
    peer.close();
  }
}

// ---------------------------------------------------------------- 5. history length does not matter

interface HistoryCase {
  label: string;
  id: string;
  params: Params;
}

async function historyIndependence(): Promise<BenchRow[]> {
  const nowShort = DATA_START + 365 * DAY;
  const nowLong = DATA_START + 5 * 365 * DAY;
  // One UTC day, well inside both histories.
  const day = Math.floor((DATA_START + 200 * DAY) / DAY) * DAY;
  const window = { start_time: iso(day), end_time: iso(day + DAY) };
  const cases: HistoryCase[] = [
    {
      label: 'LMP, all locations, lmp > 100000 (full scan)',
      id: 'ercot_lmp_by_settlement_point',
      params: { ...window, filter_column: 'lmp', filter_operator: '>', filter_value: 100000 },
    },
    { label: 'LMP, all locations, first page', id: 'ercot_lmp_by_settlement_point', params: window },
    {
      label: 'load forecast, every vintage',
      id: 'ercot_load_forecast_by_forecast_zone',
      params: { ...window, page_size: 50000 },
    },
    {
      // Beyond the one-day figure, kept because it shows a cost that grows with history.
      label: 'load forecast, default query (no time range)',
      id: 'ercot_load_forecast_by_forecast_zone',
      params: {},
    },
  ];
  const out: BenchRow[] = [];
  for (const c of cases) {
    const def = dataset(c.id);
    const a = query(def, c.params, nowShort);
    const b = query(def, c.params, nowLong);
    check(a.rows.length === b.rows.length, `${c.label}: both clocks see the same rows`);
    const [short, long] = await measurePair(
      () => query(def, c.params, nowShort),
      () => query(def, c.params, nowLong),
      { warmup: 2, runs: 9 },
    );
    const ratio = Math.max(short.median, long.median) / Math.min(short.median, long.median);
    out.push({
      figure: `5. 5 y vs 1 y of history: ${c.label}`,
      value: long.median,
      unit: 'ms',
      target: '≤ 1.5× apart',
      peer: `1 y: ${formatNumber(short.median)} ms`,
      ratio,
      verdict: judge(ratio, 1.5),
      note: `${a.rows.length} rows returned; ratio is slower/faster`,
    });
  }
  return out;
}

// ---------------------------------------------------------------- main

interface Section {
  name: string;
  run: () => Promise<BenchRow[]>;
}

/**
 * Every section of `npm run bench`, in print order. The web sections share one production build
 * in /tmp/bench-dist, made by the first of them that runs. To add a section: import its `run(): Promise<BenchRow[]>`
 * and add a line here.
 */
/** Whether this run has built /tmp/bench-dist yet: a subset without `bundle` builds it itself, never reusing an old one. */
let built = false;
function buildOnce(): boolean {
  const needed = !built;
  built = true;
  return needed;
}

const SECTIONS: Section[] = [
  { name: 'scan', run: scanRates },
  { name: 'first-pages', run: firstPages },
  { name: 'resample', run: yearResampled },
  { name: 'history', run: historyIndependence },
  { name: 'cancel', run: cancelOverhead },
  { name: 'in-filter', run: inFilter },
  { name: 'cursor-depth', run: cursorDepth },
  { name: 'disclosure', run: runDisclosure },
  {
    name: 'bundle',
    run: () => {
      // The bundle figure always measures a fresh build, which the later web sections reuse.
      built = true;
      return runBundle({ build: true });
    },
  },
  { name: 'catalog-load', run: () => runCatalogLoad({ build: buildOnce() }) },
  { name: 'demo-main-thread', run: () => runDemoMainThread({ build: buildOnce() }) },
  { name: 'lighthouse', run: () => runLighthouse('desktop', { build: buildOnce() }) },
  { name: 'http-load', run: () => runHttpLoad(20) },
  { name: 'http-pool', run: runHttpPool },
  { name: 'idle-connections', run: runIdleConnections },
  { name: 'table-grid', run: runTableGrid },
  { name: 'chart-points', run: runChartPoints },
  { name: 'export-all', run: runExportAll },
  { name: 'proxy', run: runProxyOverhead },
  { name: 'price-map', run: () => runPriceMap({ build: buildOnce() }) },
  { name: 'compare', run: () => runCompare({ build: buildOnce() }) },
  { name: 'saved-work', run: () => runSavedWork({ build: buildOnce() }) },
  { name: 'sql', run: runSqlPage },
  { name: 'today', run: () => runToday({ build: buildOnce() }) },
  { name: 'cold-links', run: () => runColdLinks({ build: buildOnce() }) },
];

/** A section that throws still leaves a row, so the table shows what could not be measured. */
function failedRow(section: string, error: unknown): BenchRow {
  return {
    figure: `${section}: could not run`,
    value: Number.NaN,
    unit: '',
    target: null,
    peer: null,
    ratio: null,
    verdict: 'short',
    note: error instanceof Error ? error.message.split('\n')[0] : String(error),
  };
}

function loadAverage(): string {
  return os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(', ');
}

/** `tsx bench/run.ts [section…]` runs only the named sections. */
async function main(argv: readonly string[]): Promise<void> {
  const started = performance.now();
  const unknown = argv.filter((a) => !SECTIONS.some((s) => s.name === a));
  if (unknown.length > 0) {
    throw new Error(
      `unknown section ${unknown.join(', ')}; sections: ${SECTIONS.map((s) => s.name).join(', ')}`,
    );
  }
  const chosen = argv.length === 0 ? SECTIONS : SECTIONS.filter((s) => argv.includes(s.name));
  const rows: BenchRow[] = [];
  const loads: Record<string, string> = {};
  for (const section of chosen) {
    loads[section.name] = loadAverage();
    console.error(`… ${section.name} (load average ${loads[section.name]})`);
    try {
      rows.push(...(await section.run()));
    } catch (error) {
      console.error(`${section.name} failed:`, error);
      rows.push(failedRow(section.name, error));
    }
  }
  console.log(formatTable(rows));
  console.log('\nnotes');
  for (const r of rows) if (r.note) console.log(`  ${r.figure} — ${r.note}`);
  const cpus = os.cpus();
  const results = {
    generatedAt: new Date().toISOString(),
    machine: {
      node: process.version,
      cpus: cpus.length,
      cpuModel: cpus[0]?.model ?? 'unknown',
      // Other work on the machine slows every browser figure; the 1-, 5- and 15-minute load
      // averages when each section started say how much.
      loadAverageAtSectionStart: loads,
    },
    clock: iso(NOW),
    rows,
  };
  // A subset must not replace the full record; it goes beside it.
  const name = chosen === SECTIONS ? 'results.json' : 'results.partial.json';
  writeFileSync(
    fileURLToPath(new URL(`./${name}`, import.meta.url)),
    JSON.stringify(results, null, 2) + '\n',
  );
  const short = rows.filter((r) => r.verdict === 'short').length;
  console.log(
    `\n${rows.length} figures, ${short} short of target, in ${formatNumber((performance.now() - started) / 1000)} s; load average now ${loadAverage()}; written to bench/${name}`,
  );
}

await main(process.argv.slice(2));
