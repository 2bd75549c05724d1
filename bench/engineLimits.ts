/**
 * The engine's figures of issue 10: what cancellation costs a query that is not cancelled, an `in`
 * list against an `=` filter on the same scan, and a cursor page deep in a filtered walk against
 * its first page. Each pair is timed side by side in one run (alternating), on a fixed clock.
 */
import { performance } from 'node:perf_hooks';
import { getDataset } from '@/mock/data/catalog';
import type { DatasetDef, Millis } from '@/mock/data/types';
import { NEVER_CANCELLED, type CancelCheck } from '@/mock/engine/cancel';
import type { QueryResult } from '@/mock/engine/execute';
import { runQuery } from '@/mock/engine/runQuery';
import { formatNumber, judge, measurePair, type BenchRow } from './harness';

/** The clock of the other engine figures. */
const NOW: Millis = Date.UTC(2025, 5, 15, 12);
const iso = (ms: Millis): string => new Date(ms).toISOString();

type Params = Record<string, string | number>;

function dataset(id: string): DatasetDef {
  const def = getDataset(id);
  if (!def) throw new Error(`no dataset ${id}`);
  return def;
}

function query(def: DatasetDef, params: Params, cancel: CancelCheck = NEVER_CANCELLED): QueryResult {
  const search = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]));
  return runQuery(def, search, NOW, null, cancel);
}

function check(ok: boolean, what: string): void {
  if (!ok) throw new Error(`benchmark check failed: ${what}`);
}

const YEAR_OF_LOAD = {
  start_time: iso(Date.UTC(2024, 0, 1)),
  end_time: iso(Date.UTC(2025, 0, 1)),
  page_size: 50_000,
};

/** What a live check costs: an AbortSignal read every 8,192 rows against no check at all. */
export async function cancelOverhead(): Promise<BenchRow[]> {
  const cases: { label: string; id: string; params: Params }[] = [
    {
      label: 'load, 1 year, load > 100000',
      id: 'ercot_load',
      params: { ...YEAR_OF_LOAD, filter_column: 'load', filter_operator: '>', filter_value: 100000 },
    },
    {
      label: 'LMP, 1 day, all locations, lmp > 100000',
      id: 'ercot_lmp_by_settlement_point',
      params: {
        start_time: iso(Date.UTC(2025, 5, 10)),
        end_time: iso(Date.UTC(2025, 5, 11)),
        page_size: 50_000,
        filter_column: 'lmp',
        filter_operator: '>',
        filter_value: 100000,
      },
    },
  ];
  const out: BenchRow[] = [];
  const signal = new AbortController().signal;
  let asked = 0;
  const live: CancelCheck = () => {
    asked++;
    return signal.aborted;
  };
  for (const c of cases) {
    const def = dataset(c.id);
    asked = 0;
    query(def, c.params, live);
    const checks = asked;
    const [none, withCheck] = await measurePair(
      () => query(def, c.params),
      () => query(def, c.params, live),
      { warmup: 2, runs: 11 },
    );
    const ratio = withCheck.median / none.median;
    out.push({
      figure: `6. cancellable: ${c.label}, live check vs none`,
      value: withCheck.median,
      unit: 'ms',
      target: '≈ 1.0×',
      peer: `none: ${formatNumber(none.median)} ms`,
      ratio,
      verdict: 'info',
      note: `the check was asked ${checks} times per query; medians of ${none.runs} alternating runs`,
    });
  }
  return out;
}

/** `in` with 1,000 values against `=` over the same year of ercot_load: both examine every row. */
export async function inFilter(): Promise<BenchRow[]> {
  const def = dataset('ercot_load');
  // Values the year never takes (load is in MW with decimals; these are far above any peak).
  const values = Array.from({ length: 1000 }, (_, i) => 200_000 + i * 0.5).join(',');
  const inParams = { ...YEAR_OF_LOAD, filter_column: 'load', filter_operator: 'in', filter_value: values };
  const eqParams = { ...YEAR_OF_LOAD, filter_column: 'load', filter_operator: '=', filter_value: 200_000 };
  const a = query(def, inParams);
  const b = query(def, eqParams);
  check(
    a.rows.length === 0 && b.rows.length === 0 && !a.meta.hasNextPage,
    '`in` and `=` scan the whole year',
  );
  const [eq, list] = await measurePair(
    () => query(def, eqParams),
    () => query(def, inParams),
    { warmup: 2, runs: 11 },
  );
  const ratio = list.median / eq.median;
  return [
    {
      figure: '7. `in` with 1,000 values vs `=`, load, 1 year',
      value: list.median,
      unit: 'ms',
      target: '≤ 1.3× `=`',
      peer: `=: ${formatNumber(eq.median)} ms`,
      ratio,
      verdict: judge(ratio, 1.3),
      note: `105,408 rows examined by each; medians of ${eq.runs} alternating runs (min in ${formatNumber(list.min)}, min = ${formatNumber(eq.min)})`,
    },
  ];
}

/** A cursor page 1,000 pages deep into a filtered walk against the first page of the same walk. */
export async function cursorDepth(): Promise<BenchRow[]> {
  const def = dataset('ercot_lmp_by_settlement_point');
  const params: Params = {
    start_time: iso(Date.UTC(2025, 5, 1)),
    end_time: iso(Date.UTC(2025, 5, 15)),
    filter_column: 'lmp',
    filter_operator: '>',
    // About 40 % of rows pass: two weeks hold some 2,000 pages.
    filter_value: 30,
    page_size: 500,
  };
  const DEPTH = 1000;
  let cursor = '';
  const walkStart = performance.now();
  for (let n = 0; n < DEPTH; n++) {
    const next = query(def, { ...params, cursor }).meta.cursor;
    check(next !== null, `the walk has more than ${DEPTH} pages`);
    cursor = next ?? '';
  }
  const walkMs = performance.now() - walkStart;
  const deep = query(def, { ...params, cursor });
  const offsetStart = performance.now();
  const byOffset = query(def, { ...params, page: DEPTH + 1 });
  const offsetMs = performance.now() - offsetStart;
  check(
    JSON.stringify(deep.rows) === JSON.stringify(byOffset.rows) && deep.rows.length === 500,
    'the deep cursor page holds the rows of page 1001',
  );
  const [first, deepT] = await measurePair(
    () => query(def, { ...params, cursor: '' }),
    () => query(def, { ...params, cursor }),
    { warmup: 3, runs: 15 },
  );
  const ratio = deepT.median / first.median;
  return [
    {
      figure: `8. cursor page ${DEPTH + 1} vs page 1: LMP, all locations, 2 weeks, lmp > 30`,
      value: deepT.median,
      unit: 'ms',
      target: '≤ 2× page 1',
      peer: `page 1: ${formatNumber(first.median)} ms`,
      ratio,
      verdict: judge(ratio, 2),
      note: `page_size 500, medians of ${first.runs} alternating runs; walking all ${DEPTH} pages by cursor took ${formatNumber(walkMs)} ms; the deep page equals page=${DEPTH + 1} of offset mode, which re-walks the rows before it (${formatNumber(offsetMs)} ms once)`,
    },
  ];
}
