/**
 * Resampling row by row: every row the walk hands over is added to its bucket's group, and
 * finished buckets leave in output order. Serves every query the series resampler cannot: value
 * filters, vintages, upsampling, groupings other than one per series.
 */
import { type Bucket, fixedBucketMs } from '@/contract';
import type { Millis, RawCell } from '@/mock/data/types';
import type { Pager } from '../pager';
import type { QueryPlan, ResamplePlan } from '../plan/queryPlan';
import type { Direction, Walk } from '../walk';
import { bucketer } from './frequency';
import { Accumulator } from './functions';
import { compareKeys } from './groupKeys';

interface Group {
  key: RawCell[];
  aggregates: Accumulator[];
}

interface OpenBucket {
  bucket: Bucket;
  /** Groups by their key cells, one Map level per group column (no key strings per row). */
  index: Map<RawCell, unknown>;
  groups: Group[];
}

/**
 * Collects source rows into buckets and emits finished buckets' rows in output order. Rows arrive
 * in time order (or reverse), so the open buckets form a short list in walking order and only its
 * head can finish; each group keeps running aggregates rather than its rows.
 */
class RowResampler {
  /** Open buckets in walking order. */
  private readonly open: OpenBucket[] = [];
  private readonly bucketOf: (t: Millis) => Bucket;
  private readonly fineMs: number | null;
  private readonly reach: number;

  constructor(
    private readonly plan: ResamplePlan,
    private readonly walk: Walk,
    private readonly dir: Direction,
    zone: QueryPlan['zone'],
  ) {
    this.bucketOf = bucketer(plan.frequency, zone);
    const fixed = fixedBucketMs(plan.frequency);
    // Finer than the grid: each source value is repeated into every bucket its interval covers.
    this.fineMs = fixed !== null && fixed < walk.step ? fixed : null;
    this.reach = this.fineMs === null ? 1 : walk.step;
  }

  /** Whether buckets are finer than the grid (each source value repeated into several). */
  get upsamples(): boolean {
    return this.fineMs !== null;
  }

  /** The open bucket starting at `start`; a new one goes last, as rows never reach back past open ones. */
  private openBucket(start: Millis, end: Millis): OpenBucket {
    for (let i = this.open.length - 1; i >= 0; i--) {
      const o = this.open[i];
      if (o === undefined || (this.dir > 0 ? o.bucket.start < start : o.bucket.start > start)) break;
      if (o.bucket.start === start) return o;
    }
    const o: OpenBucket = { bucket: { start, end }, index: new Map(), groups: [] };
    this.open.push(o);
    return o;
  }

  private groupOf(o: OpenBucket, row: readonly RawCell[]): Group {
    const by = this.plan.groupBy;
    let level = o.index;
    for (let g = 0; g < by.length - 1; g++) {
      const cell = row[by[g] ?? -1] ?? null;
      let next = level.get(cell) as Map<RawCell, unknown> | undefined;
      if (!next) {
        next = new Map();
        level.set(cell, next);
      }
      level = next;
    }
    const last = by.length === 0 ? null : (row[by[by.length - 1] ?? -1] ?? null);
    let group = level.get(last) as Group | undefined;
    if (!group) {
      group = {
        key: by.map((i) => row[i] ?? null),
        aggregates: this.plan.values.map(() => new Accumulator(this.plan.fn, this.dir < 0)),
      };
      level.set(last, group);
      o.groups.push(group);
    }
    return group;
  }

  private addTo(o: OpenBucket, row: readonly RawCell[]): void {
    const group = this.groupOf(o, row);
    const values = this.plan.values;
    for (let c = 0; c < values.length; c++) {
      const v = row[values[c] ?? -1];
      if (typeof v === 'number') group.aggregates[c]?.add(v);
    }
  }

  add(t: Millis, row: readonly RawCell[]): void {
    const first = this.bucketOf(t);
    if (this.fineMs === null) {
      this.addTo(this.openBucket(first.start, first.end), row);
      return;
    }
    // Every fine bucket the interval [t, t + step) touches, in walking order.
    const fine = this.fineMs;
    const count = Math.ceil((t + this.walk.step - first.start) / fine);
    this.walk.ticker.tick(count);
    for (let j = 0; j < count; j++) {
      const s = first.start + (this.dir > 0 ? j : count - 1 - j) * fine;
      this.addTo(this.openBucket(s, s + fine), row);
    }
  }

  /**
   * Emits buckets no later source row can reach (all of them when `t` is null), in walking order;
   * stops when `emit` says so and returns false then.
   */
  flush(t: Millis | null, emit: (row: RawCell[]) => boolean): boolean {
    for (;;) {
      const o = this.open[0];
      if (!o) return true;
      const done = t === null || (this.dir > 0 ? o.bucket.end <= t : o.bucket.start >= t + this.reach);
      if (!done) return true;
      this.open.shift();
      const ordered = o.groups.sort((a, b) => compareKeys(a.key, b.key) * this.dir);
      for (const g of ordered) {
        this.walk.ticker.tick();
        const row: RawCell[] = [o.bucket.start, o.bucket.end, ...g.key];
        for (const a of g.aggregates) row.push(a.result());
        if (!emit(row)) return false;
      }
    }
  }
}

/**
 * Resamples row by row (filters, vintages, upsampling, groupings other than one per series). A
 * cursor resumes at the first grid index whose rows can reach its bucket, so that bucket is
 * complete again; the rows of earlier, partial buckets are passed over by position.
 */
export function resampleRows(
  walk: Walk,
  plan: QueryPlan,
  rs: ResamplePlan,
  dir: Direction,
  pager: Pager,
): void {
  const resampler = new RowResampler(rs, walk, dir, plan.zone);
  let k0 = dir > 0 ? walk.kLo : walk.kHi;
  const resume = pager.resume;
  if (resume) {
    const bucket = bucketer(rs.frequency, plan.zone)(resume.t);
    // Upsampled, a row reaches every fine bucket its interval [t, t + step) touches.
    const fine = resampler.upsamples;
    if (dir > 0) k0 = Math.max(k0, walk.kAt(fine ? bucket.start - walk.step + 1 : bucket.start));
    else k0 = Math.min(k0, walk.kAt(bucket.end) - 1);
  }
  // Rows leave the resampler bucket by bucket, each bucket's rows in output order.
  let bucketStart = Number.NaN;
  let index = 0;
  const emit = (row: RawCell[]): boolean => {
    const start = row[0] as Millis;
    if (start === bucketStart) index++;
    else {
      bucketStart = start;
      index = 0;
    }
    if (pager.before(start, index)) return true;
    return pager.take(row, start, index);
  };
  let lastT: Millis | null = null;
  // An object, not a `let`: TypeScript does not see the callback assign it.
  const state = { going: true };
  walk.rows(dir, { k: k0, inner: 0 }, (t, loc, pub) => {
    if (t !== lastT) {
      state.going = resampler.flush(t, emit);
      if (!state.going) return false;
      lastT = t;
    }
    const row = walk.def.row(t, loc, pub);
    if (!plan.rowFilter || plan.rowFilter(row)) resampler.add(t, row);
    return true;
  });
  if (state.going) resampler.flush(null, emit);
}
