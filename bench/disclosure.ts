/**
 * The wide disclosure table in the engine (decision 0026): the first page of
 * `ercot_sced_gen_resource_60_day` against the first page of `ercot_load` over the same last day
 * of each (target ≤ 2×), and a month of one resource type paged out at the table's 50,000 rows a
 * page, the rows the results table would hold. `tsx bench/run.ts disclosure` prints them.
 */
import { getDataset } from '@/mock/data/catalog';
import type { DatasetDef } from '@/mock/data/types';
import { runQuery } from '@/mock/engine/runQuery';
import { DAY_MS, formatUtc } from '@/time';
import { formatNumber, judge, measure, measurePair, type BenchRow } from './harness';

const NOW = Date.UTC(2025, 5, 15, 12);
const FIRST_PAGE_RATIO = 2;

function dataset(id: string): DatasetDef {
  const def = getDataset(id);
  if (!def) throw new Error(`no ${id}`);
  return def;
}

/** The query builder's default: the dataset's last day, first page of 500. */
function lastDay(def: DatasetDef): string {
  const end = def.lastTime(NOW) + def.stepMs;
  return new URLSearchParams({ start_time: formatUtc(end - DAY_MS), end_time: formatUtc(end) }).toString();
}

export async function run(): Promise<BenchRow[]> {
  const gen = dataset('ercot_sced_gen_resource_60_day');
  const load = dataset('ercot_load');
  // In turns, so the other work of a shared machine weighs on both alike.
  const [ours, peer] = await measurePair(
    () => runQuery(gen, lastDay(gen), NOW),
    () => runQuery(load, lastDay(load), NOW),
    { warmup: 20, runs: 60 },
  );
  const ratio = ours.median / peer.median;

  const monthEnd = gen.lastTime(NOW) + gen.stepMs;
  const month = {
    start_time: formatUtc(monthEnd - 30 * DAY_MS),
    end_time: formatUtc(monthEnd),
    filter_column: 'resource_type',
    filter_value: 'NUC',
    page_size: '50000',
  };
  let rows = 0;
  const paged = await measure(
    () => {
      rows = 0;
      let cursor = '';
      for (;;) {
        const r = runQuery(gen, new URLSearchParams({ ...month, cursor }), NOW);
        rows += r.rows.length;
        if (r.meta.cursor === null) break;
        cursor = r.meta.cursor;
      }
    },
    { warmup: 1, runs: 5 },
  );
  return [
    {
      figure: 'disclosure: first page of ercot_sced_gen_resource_60_day (last day)',
      value: ours.median,
      unit: 'ms',
      target: `≤ ${FIRST_PAGE_RATIO}× ercot_load's first page`,
      peer: `ercot_load: ${formatNumber(peer.median)} ms`,
      ratio,
      verdict: judge(ratio, FIRST_PAGE_RATIO),
      note: `500 rows of 30 columns vs 500 rows of 3; median of ${ours.runs} (min ${formatNumber(ours.min)}, max ${formatNumber(ours.max)})`,
    },
    {
      figure: 'disclosure: a month of one resource type (NUC), every cursor page of 50,000',
      value: paged.median,
      unit: 'ms',
      target: null,
      peer: null,
      ratio: null,
      verdict: 'info',
      note: `${rows} rows; a filter on a member attribute walks only the 4 nuclear units`,
    },
  ];
}
