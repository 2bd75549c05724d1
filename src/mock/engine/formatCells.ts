/**
 * Cell formatting for the wire: a page of raw rows becomes the output columns' cells, timestamps
 * written as ISO text (UTC, or the query's zone for a `_local` twin).
 */
import type { CellValue } from '@/contract';
import { createIsoWriter } from '@/time';
import type { RawCell } from '@/mock/data/types';
import type { QueryPlan } from './plan/queryPlan';

type CellWriter = (v: RawCell) => CellValue;

/**
 * One writer per output column, decided once per page rather than once per cell; null for a
 * column whose cells go out as they are (most columns of a wide table: copied, not called).
 */
function cellWriters(plan: QueryPlan): (CellWriter | null)[] {
  const zone = plan.zone;
  return plan.columns.map((c): CellWriter | null => {
    if (c.type !== 'TIMESTAMP') return null;
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

/** Whether the output columns are the dataset's own, all of them in its order. */
function isWholeRow(plan: QueryPlan): boolean {
  const width = plan.def.columns.length;
  return plan.columns.length === width && plan.columns.every((c, i) => c.source === i);
}

/**
 * The first `count` rows of a page (the extra row that tells of a next page left out), as output
 * cells. When the output is the whole row, the walk's row becomes the output row: only its
 * timestamp cells are rewritten, so a wide table is not copied cell by cell (decision 0030;
 * `DatasetDef.row` hands over a new array on each call).
 */
export function formatRows(page: readonly RawCell[][], count: number, plan: QueryPlan): CellValue[][] {
  const writers = cellWriters(plan);
  const sources = plan.columns.map((c) => c.source);
  const whole = isWholeRow(plan);
  const out: CellValue[][] = new Array<CellValue[]>(Math.min(count, page.length));
  for (let r = 0; r < out.length; r++) {
    const row = page[r] ?? [];
    if (whole && row.length === writers.length) {
      for (let c = 0; c < writers.length; c++) {
        const write = writers[c];
        if (write) row[c] = write(row[c] ?? null);
      }
      out[r] = row;
      continue;
    }
    const cells: CellValue[] = new Array<CellValue>(writers.length);
    for (let c = 0; c < writers.length; c++) {
      const cell = row[sources[c] ?? -1] ?? null;
      const write = writers[c];
      cells[c] = write ? write(cell) : cell;
    }
    out[r] = cells;
  }
  return out;
}
