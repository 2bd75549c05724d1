import type { Millis } from '@/mock/data/types';
import { CancelTicker, NEVER_CANCELLED } from './cancel';
import { planQuery } from './plan';
import { readQueryParams } from './plan/queryParams';
import { NOW, prices15, START } from './testDatasets';
import { CellBudgetExceeded, type Direction, Walk } from './walk';

function walkOf(query: string): Walk {
  const plan = planQuery(prices15, readQueryParams(new URLSearchParams(query)));
  return new Walk(plan, NOW, new CancelTicker(NEVER_CANCELLED));
}

type Seen = [Millis, string | null];

function everyRow(walk: Walk, dir: Direction): Seen[] {
  const seen: Seen[] = [];
  walk.rows(dir, { k: dir > 0 ? walk.kLo : walk.kHi, inner: 0 }, (t, loc) => {
    seen.push([t, loc?.name ?? null]);
    return true;
  });
  return seen;
}

const RANGE = `start_time=${new Date(START).toISOString()}&end_time=${new Date(START + 86_400_000 * 3).toISOString()}`;

describe('Walk', () => {
  it('selects the grid indices of the time range', () => {
    const walk = walkOf(RANGE);
    expect(walk.timeAt(walk.kLo)).toBe(START);
    expect(walk.timeAt(walk.kHi + 1)).toBe(START + 86_400_000 * 3);
  });

  it('walks backwards through the same rows it walks forwards', () => {
    const walk = walkOf(RANGE);
    expect(everyRow(walk, -1)).toEqual(everyRow(walk, 1).reverse());
  });

  it('counts the candidate rows it would walk', () => {
    const walk = walkOf(RANGE);
    expect(walk.candidateCount(Number.POSITIVE_INFINITY)).toBe(everyRow(walk, 1).length);
  });

  it.each([0, 1, 7, 250, 1000])('skips %i rows to where walking them one by one ends', (n) => {
    const walk = walkOf(RANGE);
    for (const dir of [1, -1] as const) {
      const rows = everyRow(walk, dir);
      const start = walk.skip(dir, n);
      let first: Seen | undefined;
      walk.rows(dir, start, (t, loc) => {
        first = [t, loc?.name ?? null];
        return false;
      });
      expect(first).toEqual(rows[n]);
    }
  });

  it('counts the cells of a sparse set it asks about, rows or none, against its budget', () => {
    const sparse = { ...prices15, rowExists: () => false };
    const plan = planQuery(sparse, readQueryParams(new URLSearchParams(RANGE)));
    const walk = new Walk(plan, NOW, new CancelTicker(NEVER_CANCELLED));
    const cells = walk.candidateCount(Number.POSITIVE_INFINITY);
    expect(everyRow(walk, -1)).toEqual([]); // no row, and no budget: the whole range is asked
    const budgeted = new Walk(plan, NOW, new CancelTicker(NEVER_CANCELLED));
    budgeted.cellBudget = cells - 1;
    expect(() => everyRow(budgeted, -1)).toThrow(CellBudgetExceeded);
  });
});
