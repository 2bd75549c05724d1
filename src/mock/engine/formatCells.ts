/**
 * Cell formatting for the wire: a page of raw rows becomes the output columns' cells, timestamps
 * written as ISO text (UTC, or the query's zone for a `_local` twin).
 */
import type { CellValue } from '@/contract';
import { createIsoWriter } from '@/time';
import type { RawCell } from '@/mock/data/types';
import type { QueryPlan } from './plan/queryPlan';

type CellWriter = (v: RawCell) => CellValue;

/** One writer per output column, decided once per page rather than once per cell. */
function cellWriters(plan: QueryPlan): CellWriter[] {
  const zone = plan.zone;
  return plan.columns.map((c): CellWriter => {
    if (c.type !== 'TIMESTAMP') return (v) => v;
    const write = createIsoWriter();
    if (!c.local) return (v) => (typeof v === 'number' ? write(v, 0) : v);
    // Consecutive cells of a column are mostly one instant (one row per location): its offset once.
    let lastMs = Number.NaN;
    let lastOffset = 0;
    return (v) => {
      if (typeof v !== 'number') return v;
      if (v !== lastMs) {
        lastOffset = zone.offsetMinutes(v);
        lastMs = v;
      }
      return write(v, lastOffset);
    };
  });
}

/** The first `count` rows of a page (the extra row that tells of a next page left out), as output cells. */
export function formatRows(
  page: readonly (readonly RawCell[])[],
  count: number,
  plan: QueryPlan,
): CellValue[][] {
  const writers = cellWriters(plan);
  const sources = plan.columns.map((c) => c.source);
  const out: CellValue[][] = new Array<CellValue[]>(Math.min(count, page.length));
  for (let r = 0; r < out.length; r++) {
    const row = page[r] ?? [];
    const cells: CellValue[] = new Array<CellValue>(writers.length);
    for (let c = 0; c < writers.length; c++) cells[c] = writers[c]?.(row[sources[c] ?? -1] ?? null) ?? null;
    out[r] = cells;
  }
  return out;
}
