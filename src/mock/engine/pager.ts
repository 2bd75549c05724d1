/**
 * Paging of a walk's rows (contract §6.6): which rows make the page, and where the next page starts.
 */
import type { Meta } from '@/contract';
import type { Millis, RawCell } from '@/mock/data/types';
import { encodeCursor, type CursorPosition } from './cursor';
import type { QueryPlan } from './plan/queryPlan';
import type { Direction } from './walk';

/**
 * Collects one page (plus one row that tells whether a next page exists) from rows arriving in
 * output order with their walk positions, and remembers the position of that extra row: the
 * next page's cursor resumes there. Rows before the page are passed over by count in offset mode,
 * and by position when a cursor says where the page starts.
 */
export class Pager {
  readonly page: RawCell[][] = [];
  /** Position of the first row after the page, once seen. */
  next: CursorPosition | null = null;
  private skipped = 0;

  constructor(
    readonly resume: CursorPosition | null,
    private readonly offset: number,
    /** Rows of the page itself. */
    readonly count: number,
    /** Rows to collect: the page, and one more when a next page may exist. */
    readonly want: number,
    private readonly dir: Direction,
  ) {}

  /** Whether the row at position (t, i) comes before the page; counts it when it does in offset mode. */
  before(t: Millis, i: number): boolean {
    const r = this.resume;
    if (r) return t === r.t ? i < r.i : this.dir > 0 ? t < r.t : t > r.t;
    if (this.skipped < this.offset) {
      this.skipped++;
      return true;
    }
    return false;
  }

  /** Adds the row at position (t, i); false once the page (and the extra row) is full. */
  take(row: RawCell[], t: Millis, i: number): boolean {
    if (this.page.length === this.count) this.next = { t, i };
    this.page.push(row);
    return this.page.length < this.want;
  }
}

/** The pager of a plan's page: `page_size` rows from the plan's offset, never past `limit`. */
export function pagerFor(plan: QueryPlan, dir: Direction): Pager {
  const allowed = plan.limit ?? Number.POSITIVE_INFINITY;
  const count = Math.max(0, Math.min(plan.pageSize, allowed - plan.offset));
  // One row beyond the page tells whether a next page exists (within `limit`).
  const want = plan.offset + count < allowed ? count + 1 : count;
  return new Pager(plan.resume, plan.offset, count, want, dir);
}

/** `meta` of a collected page: whether a next page exists and, in cursor mode, the cursor to it. */
export function pageMeta(plan: QueryPlan, pager: Pager): Meta {
  const hasNextPage = pager.page.length > pager.count;
  return {
    page: plan.page,
    limit: plan.limit,
    page_size: plan.pageSize,
    hasNextPage,
    cursor:
      plan.cursorMode && hasNextPage && pager.next
        ? encodeCursor(plan.fingerprint, plan.offset + pager.count, pager.next)
        : null,
  };
}
