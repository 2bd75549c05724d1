/**
 * The rows of one query result as the results table scrolls through them
 * (docs/decisions/0011-table-memory.md): a slot per cursor page, in order, each keeping the
 * cursor token that fetched it and its row count for good, and its rows (in columns) only while
 * it is near the view. Pages far from the view are dropped once more than `maxPages` are held, and
 * fetched again by their own cursor when the view comes back to them, so the scroll height never
 * changes and memory is bounded however far the user scrolls.
 */
import type { ColumnarPage } from '@/lib/columnar';
import type { TablePage } from './tablePage';

/** Fetches the page a cursor token starts (`''` is the first page). */
export type FetchTablePage = (cursor: string, signal: AbortSignal) => Promise<TablePage>;

export interface PageSlot {
  /** The token that fetched this page: asking with it again gives the same rows. */
  readonly cursor: string;
  /** Index of the page's first row in the whole result. */
  readonly start: number;
  readonly rowCount: number;
  /** The rows, or null while the page is dropped (or being fetched again). */
  readonly rows: ColumnarPage | null;
  readonly loading: boolean;
  /** Why the last fetch of a dropped page failed; null when it did not. */
  readonly error: unknown;
}

export interface PagedRowsState {
  readonly slots: readonly PageSlot[];
  /** Rows of every page fetched so far, held or dropped: the scroll height. */
  readonly rowCount: number;
  /** The token of the page after the last, or null when the last page is loaded. */
  readonly nextCursor: string | null;
  readonly fetchingNext: boolean;
  /** Why the next page failed; null when it did not. */
  readonly nextError: unknown;
  /** Column names of the pages, in order. */
  readonly names: readonly string[];
}

export interface PagedRowsOptions {
  /** Most pages whose rows are held at once (pages in view are kept even beyond it). */
  maxPages?: number;
}

const isAbort = (e: unknown): boolean => e instanceof DOMException && e.name === 'AbortError';

/** The slot holding `row`, by binary search over the slots' starts. */
export function slotIndexOf(slots: readonly PageSlot[], row: number): number {
  let lo = 0;
  let hi = slots.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const slot = slots[mid];
    if (!slot) break;
    if (row < slot.start) hi = mid - 1;
    else if (row >= slot.start + slot.rowCount) lo = mid + 1;
    else return mid;
  }
  return -1;
}

/** Row distance from a slot to the view (0 when they overlap). */
function distance(slot: PageSlot, first: number, last: number): number {
  const end = slot.start + slot.rowCount - 1;
  return Math.max(0, slot.start - last, first - end);
}

export class PagedRows {
  readonly maxPages: number;
  private state: PagedRowsState;
  private readonly listeners = new Set<() => void>();
  /** In-flight fetches by slot index; `-1` is the next page. */
  private readonly inFlight = new Map<number, AbortController>();
  private view = { first: 0, last: 0 };

  constructor(
    first: TablePage,
    private readonly fetchPage: FetchTablePage,
    { maxPages = 4 }: PagedRowsOptions = {},
  ) {
    this.maxPages = Math.max(2, maxPages);
    this.state = {
      slots: [
        {
          cursor: '',
          start: 0,
          rowCount: first.rows.rowCount,
          rows: first.rows,
          loading: false,
          error: null,
        },
      ],
      rowCount: first.rows.rowCount,
      nextCursor: first.meta.cursor ?? null,
      fetchingNext: false,
      nextError: null,
      names: first.rows.names,
    };
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): PagedRowsState => this.state;

  /** Pages whose rows are held now. */
  heldPages(): number {
    return this.state.slots.filter((s) => s.rows !== null).length;
  }

  private set(patch: Partial<PagedRowsState>): void {
    this.state = { ...this.state, ...patch };
    for (const listener of this.listeners) listener();
  }

  private patchSlot(index: number, patch: Partial<PageSlot>): void {
    const slots = [...this.state.slots];
    const slot = slots[index];
    if (!slot) return;
    slots[index] = { ...slot, ...patch };
    this.set({ slots });
  }

  /** Asks for the page after the last one (the table's end came into view). */
  fetchNext(): void {
    const { nextCursor, fetchingNext, nextError } = this.state;
    if (nextCursor === null || fetchingNext || nextError !== null) return;
    const controller = new AbortController();
    this.inFlight.set(-1, controller);
    this.set({ fetchingNext: true });
    this.fetchPage(nextCursor, controller.signal).then(
      (page) => {
        if (controller.signal.aborted) return;
        this.inFlight.delete(-1);
        const slot: PageSlot = {
          cursor: nextCursor,
          start: this.state.rowCount,
          rowCount: page.rows.rowCount,
          rows: page.rows,
          loading: false,
          error: null,
        };
        this.state = {
          ...this.state,
          slots: [...this.state.slots, slot],
          rowCount: this.state.rowCount + page.rows.rowCount,
          nextCursor: page.meta.cursor ?? null,
          fetchingNext: false,
        };
        this.evict();
        this.set({});
      },
      (e: unknown) => {
        if (controller.signal.aborted || isAbort(e)) return;
        this.inFlight.delete(-1);
        this.set({ fetchingNext: false, nextError: e });
      },
    );
  }

  /**
   * The rows in view (overscan included) changed: fetch dropped pages that came into view again,
   * give up fetching those the view left, and drop far pages beyond `maxPages`.
   */
  setView(first: number, last: number): void {
    this.view = { first, last };
    this.state.slots.forEach((slot, i) => {
      const d = distance(slot, first, last);
      if (d === 0 && slot.rows === null && !slot.loading && slot.error === null) this.refetch(i);
      // A fetch for a page the view has long left (a fast drag of the scroll bar) is wasted work.
      else if (slot.loading && d > slot.rowCount) {
        this.inFlight.get(i)?.abort();
        this.inFlight.delete(i);
        this.patchSlot(i, { loading: false });
      }
    });
    if (this.evict()) this.set({});
  }

  private refetch(index: number): void {
    const slot = this.state.slots[index];
    if (!slot) return;
    const controller = new AbortController();
    this.inFlight.set(index, controller);
    this.patchSlot(index, { loading: true });
    this.fetchPage(slot.cursor, controller.signal).then(
      (page) => {
        if (controller.signal.aborted) return;
        this.inFlight.delete(index);
        const slots = [...this.state.slots];
        slots[index] = { ...slot, rows: page.rows, loading: false, error: null };
        this.state = { ...this.state, slots };
        this.evict();
        this.set({});
      },
      (e: unknown) => {
        if (controller.signal.aborted || isAbort(e)) return;
        this.inFlight.delete(index);
        this.patchSlot(index, { loading: false, error: e });
      },
    );
  }

  /** Drops the held pages farthest from the view until at most `maxPages` are held; true when any went. */
  private evict(): boolean {
    const { first, last } = this.view;
    const held = this.state.slots
      .map((slot, i) => ({ i, d: distance(slot, first, last), slot }))
      .filter((h) => h.slot.rows !== null);
    if (held.length <= this.maxPages) return false;
    // The first page is pinned: the query cache holds it anyway, so dropping it would free nothing.
    const candidates = held.filter((h) => h.i !== 0 && h.d > 0).sort((a, b) => b.d - a.d);
    const slots = [...this.state.slots];
    let count = held.length;
    for (const { i, slot } of candidates) {
      if (count <= this.maxPages) break;
      slots[i] = { ...slot, rows: null };
      count--;
    }
    this.state = { ...this.state, slots };
    return true;
  }

  /** Tries again whatever failed: the next page and any dropped page in view. */
  retry(): void {
    const slots = this.state.slots.map((s) => (s.error === null ? s : { ...s, error: null }));
    this.set({ slots, nextError: null });
    this.setView(this.view.first, this.view.last);
  }

  /** Cancels every fetch in flight (the page left, or another result replaced this one). */
  dispose(): void {
    for (const controller of this.inFlight.values()) controller.abort();
    this.inFlight.clear();
    // Left ready to start again (a remount in React's StrictMode reuses the store).
    const slots = this.state.slots.map((s) => (s.loading ? { ...s, loading: false } : s));
    this.state = { ...this.state, slots, fetchingNext: false };
  }
}
