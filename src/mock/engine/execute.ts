/**
 * Runs a query plan against a dataset's grid (time index × locations × vintages) and returns one
 * page, formatted for the wire. Nothing is materialised: the engine computes the index range of the
 * time bounds and the location subset, skips whole stretches of the grid arithmetically where no
 * value filter applies, and generates only the rows it has to look at. `order=desc` walks the grid
 * backwards.
 */
import {
  type Bucket,
  type CellValue,
  type ColumnType,
  type DatasetColumn,
  fixedBucketMs,
  type Meta,
  SCAN_LIMIT,
} from '@/contract';
import { countRows } from '@/mock/data/counting';
import type { DatasetDef, LocationDef, Millis, RawCell } from '@/mock/data/types';
import { NEVER_CANCELLED, QueryCancelled, type CancelCheck } from './cancel';
import { encodeCursor, type CursorPosition } from './paging';
import type { QueryPlan, ResamplePlan } from './plan';
import type { Rejection } from './rejection';
import { tooLarge } from './rejection';
import { Accumulator, aggregateSlots, bucketer } from './resample';
import { numericColumns, valueCache, type ValueBlock } from './valueCache';
import { createIsoWriter, DAY_MS } from '@/time';

/** More candidate rows than this (time range × locations × vintages) and a query is refused. */
export { SCAN_LIMIT };
export const SCAN_TOO_LARGE =
  'Query too large: it would scan more than 10000000 rows. Narrow the time range or filter by location.';

export interface ResultColumn {
  name: string;
  type: ColumnType;
  unit: string | null;
  description: string;
}

export interface QueryResult {
  columns: ResultColumn[];
  /** One page of rows, cells in `columns` order, timestamps already written as ISO text. */
  rows: CellValue[][];
  meta: Meta;
  /** `dataset_metadata.all_columns`: the output columns. */
  allColumns: DatasetColumn[];
  /** `dataset_metadata.data_timezone`: the effective zone. */
  dataTimezone: string;
}

type Dir = 1 | -1;
/** A row of the walk: its cells' keys, and its grid index `k` and index `i` among k's rows in walking order. */
type Visit = (t: Millis, loc: LocationDef | null, pub: Millis | null, k: number, i: number) => boolean;

const scanTooLarge = (): Rejection => tooLarge(SCAN_TOO_LARGE);

/** Units of work (rows, grid indices, aggregated values) between two questions to the CancelCheck. */
const CHECK_EVERY = 8192;

/**
 * Counts the work of long loops and asks the CancelCheck once every CHECK_EVERY units, so a
 * cancelled query stops within a few milliseconds while a running one pays a decrement per step.
 */
class Ticker {
  private left = CHECK_EVERY;

  constructor(private readonly cancel: CancelCheck) {}

  tick(units = 1): void {
    this.left -= units;
    if (this.left > 0) return;
    this.left = CHECK_EVERY;
    if (this.cancel()) throw new QueryCancelled();
  }
}

/** The part of the grid a plan selects, with its walkers. */
class Grid {
  readonly def: DatasetDef;
  readonly first: Millis;
  readonly step: Millis;
  kLo: number;
  kHi: number;
  private readonly now: Millis;
  readonly locations: readonly LocationDef[] | null;
  /** Grid indices at which the set of active locations changes, ascending. */
  private readonly changes: number[];
  private segment: { from: number; to: number; active: readonly (LocationDef | null)[] } | null = null;
  private readonly pubsOf: (t: Millis) => readonly (Millis | null)[];

  constructor(
    plan: QueryPlan,
    now: Millis,
    readonly ticker: Ticker,
  ) {
    const def = plan.def;
    this.def = def;
    this.now = now;
    this.first = def.firstTime(now);
    this.step = def.stepMs;
    const last = def.lastTime(now);
    const kMax = last < this.first ? -1 : Math.floor((last - this.first) / this.step);
    this.kLo =
      plan.lo === Number.NEGATIVE_INFINITY ? 0 : Math.max(0, Math.ceil((plan.lo - this.first) / this.step));
    this.kHi =
      plan.hi === Number.POSITIVE_INFINITY
        ? kMax
        : Math.min(kMax, Math.ceil((plan.hi - this.first) / this.step) - 1);
    this.locations = def.subseriesColumn ? (plan.locations ?? []) : null;
    const changes = new Set<number>();
    for (const l of this.locations ?? []) {
      changes.add(this.kAt(l.firstSeen));
      if (l.retiredAt !== null) changes.add(this.kAt(l.retiredAt));
    }
    this.changes = [...changes].sort((a, b) => a - b);
    this.pubsOf = this.publishSelector(plan);
  }

  /** First grid index at or after `t`. */
  kAt(t: Millis): number {
    return Math.ceil((t - this.first) / this.step);
  }

  timeAt(k: number): Millis {
    return this.first + k * this.step;
  }

  get empty(): boolean {
    return this.kLo > this.kHi;
  }

  /** Locations with rows at grid index `k` ([null] without a subseries), and the stretch of k sharing them. */
  segmentAt(k: number): { from: number; to: number; active: readonly (LocationDef | null)[] } {
    const s = this.segment;
    if (s && k >= s.from && k < s.to) return s;
    if (!this.locations) {
      this.segment = { from: Number.NEGATIVE_INFINITY, to: Number.POSITIVE_INFINITY, active: [null] };
      return this.segment;
    }
    // Binary search for the last change at or before k.
    let a = 0;
    let b = this.changes.length;
    while (a < b) {
      const mid = (a + b) >> 1;
      if ((this.changes[mid] ?? 0) <= k) a = mid + 1;
      else b = mid;
    }
    const from = a > 0 ? (this.changes[a - 1] ?? Number.NEGATIVE_INFINITY) : Number.NEGATIVE_INFINITY;
    const to = this.changes[a] ?? Number.POSITIVE_INFINITY;
    const t = this.timeAt(k);
    const active = this.locations.filter(
      (l) => l.firstSeen <= t && (l.retiredAt === null || t < l.retiredAt),
    );
    this.segment = { from, to, active };
    return this.segment;
  }

  pubsAt(t: Millis): readonly (Millis | null)[] {
    return this.pubsOf(t);
  }

  private publishSelector(plan: QueryPlan): (t: Millis) => readonly (Millis | null)[] {
    const vintages = this.def.vintages;
    if (!vintages) return () => [null];
    const { publishLo, publishHi } = plan;
    const ranged = (t: Millis): readonly Millis[] => {
      const all = vintages(t, this.now);
      return publishLo === Number.NEGATIVE_INFINITY && publishHi === Number.POSITIVE_INFINITY
        ? all
        : all.filter((p) => p >= publishLo && p < publishHi);
    };
    const mode = plan.publish;
    switch (mode.kind) {
      case 'all':
        return ranged;
      case 'latest':
        return (t) => {
          const v = ranged(t);
          return v.length === 0 ? [] : v.slice(-1);
        };
      case 'at':
        return (t) => (ranged(t).includes(mode.at) ? [mode.at] : []);
      case 'latest_report': {
        const report = this.newestVintage();
        return (t) => (report !== null && ranged(t).includes(report) ? [report] : []);
      }
    }
  }

  /** The newest vintage of the whole dataset: it covers the last intervals, so look only there. */
  private newestVintage(): Millis | null {
    const vintages = this.def.vintages;
    if (!vintages) return null;
    const kMax = Math.floor((this.def.lastTime(this.now) - this.first) / this.step);
    let newest: Millis | null = null;
    for (let k = kMax; k >= Math.max(0, kMax - 200); k--) {
      const v = vintages(this.timeAt(k), this.now);
      const last = v[v.length - 1];
      if (last !== undefined && (newest === null || last > newest)) newest = last;
    }
    return newest;
  }

  /** Candidate rows in [kLo, kHi]: every location and vintage, before value filters (the scan guard). */
  candidateCount(cap: number): number {
    if (this.empty) return 0;
    if (!this.def.vintages) {
      if (!this.locations) return this.kHi - this.kLo + 1;
      let n = 0;
      for (const l of this.locations) {
        const from = Math.max(this.kLo, this.kAt(l.firstSeen));
        const to = Math.min(this.kHi, l.retiredAt === null ? this.kHi : this.kAt(l.retiredAt) - 1);
        if (to >= from) n += to - from + 1;
      }
      return n;
    }
    // Closed form (contract's counting rules): the guard must not cost more with a longer history.
    if (!this.locations)
      return countRows(this.def, this.timeAt(this.kLo), this.timeAt(this.kHi) + this.step, this.now).rows;
    const vintages = this.def.vintages;
    let n = 0;
    for (let k = this.kLo; k <= this.kHi && n <= cap; k++) {
      this.ticker.tick();
      n += this.segmentAt(k).active.length * vintages(this.timeAt(k), this.now).length;
    }
    return n;
  }

  /** Rows at grid index k (all locations and selected vintages). */
  private countAt(k: number): number {
    return this.segmentAt(k).active.length * this.pubsAt(this.timeAt(k)).length;
  }

  /**
   * Skips `n` rows in walking order without generating them: whole stretches of equal width at
   * once when there are no vintages. Returns the grid index and the row within it to start at.
   */
  skip(dir: Dir, n: number): { k: number; inner: number } {
    let remaining = n;
    let k = dir > 0 ? this.kLo : this.kHi;
    const inRange = (x: number): boolean => x >= this.kLo && x <= this.kHi;
    while (inRange(k) && remaining > 0) {
      this.ticker.tick();
      if (this.def.vintages) {
        const c = this.countAt(k);
        if (c > remaining) break;
        remaining -= c;
        k += dir;
        continue;
      }
      const seg = this.segmentAt(k);
      const c = seg.active.length;
      const span = dir > 0 ? Math.min(seg.to, this.kHi + 1) - k : k - Math.max(seg.from, this.kLo) + 1;
      if (c * span <= remaining) {
        remaining -= c * span;
        k += dir * span;
        continue;
      }
      k += dir * Math.floor(remaining / c);
      remaining %= c;
      break;
    }
    return { k, inner: remaining };
  }

  /** Visits rows in order (dir 1) or reverse order (dir -1) from a position, until `visit` says stop. */
  walk(dir: Dir, start: { k: number; inner: number }, visit: Visit): void {
    for (let k = start.k; k >= this.kLo && k <= this.kHi; k += dir) {
      const t = this.timeAt(k);
      const locs = this.segmentAt(k).active;
      const pubs = this.pubsAt(t);
      const per = pubs.length;
      const n = locs.length * per;
      this.ticker.tick(n + 1);
      for (let i = k === start.k ? start.inner : 0; i < n; i++) {
        const j = dir > 0 ? i : n - 1 - i;
        if (!visit(t, locs[Math.floor(j / per)] ?? null, pubs[j % per] ?? null, k, i)) return;
      }
    }
  }
}

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
class Resampler {
  /** Open buckets in walking order. */
  private readonly open: OpenBucket[] = [];
  private readonly bucketOf: (t: Millis) => Bucket;
  private readonly fineMs: number | null;
  private readonly reach: number;

  constructor(
    private readonly plan: ResamplePlan,
    private readonly grid: Grid,
    private readonly dir: Dir,
    zone: QueryPlan['zone'],
  ) {
    this.bucketOf = bucketer(plan.frequency, zone);
    const fixed = fixedBucketMs(plan.frequency);
    // Finer than the grid: each source value is repeated into every bucket its interval covers.
    this.fineMs = fixed !== null && fixed < grid.step ? fixed : null;
    this.reach = this.fineMs === null ? 1 : grid.step;
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
    const count = Math.ceil((t + this.grid.step - first.start) / fine);
    this.grid.ticker.tick(count);
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
        this.grid.ticker.tick();
        const row: RawCell[] = [o.bucket.start, o.bucket.end, ...g.key];
        for (const a of g.aggregates) row.push(a.result());
        if (!emit(row)) return false;
      }
    }
  }
}

/** A series of the grid (one location, or the dataset itself) with the grid indices it has rows at. */
interface Series {
  loc: LocationDef | null;
  key: RawCell[];
  kFrom: number;
  kTo: number;
  /** The cache block read last: consecutive buckets mostly share one. */
  block: ValueBlock | null;
  /** Grid index of the block's slot 0, and the grid indices [blockFrom, blockTo) it holds values for. */
  blockK0: number;
  blockFrom: number;
  blockTo: number;
}

/**
 * The series of a resampled query when each output group is exactly one series and no row filter
 * applies, sorted by group key; null when the rows must be walked one by one instead.
 */
function seriesOf(grid: Grid, plan: QueryPlan, rs: ResamplePlan): Series[] | null {
  const def = grid.def;
  const fixed = fixedBucketMs(rs.frequency);
  if (plan.rowFilter || def.vintages || (fixed !== null && fixed < grid.step)) return null;
  const sub =
    def.subseriesColumn === null ? -1 : def.columns.findIndex((c) => c.name === def.subseriesColumn);
  const byLocation = rs.groupBy.length === 1 && rs.groupBy[0] === sub && grid.locations !== null;
  const single = rs.groupBy.length === 0 && (grid.locations === null || grid.locations.length <= 1);
  if (!byLocation && !single) return null;
  const series: Series[] = (grid.locations ?? [null]).map((loc) => ({
    loc,
    key: byLocation && loc ? [loc.location] : [],
    kFrom: loc ? Math.max(grid.kLo, grid.kAt(loc.firstSeen)) : grid.kLo,
    kTo: loc?.retiredAt != null ? Math.min(grid.kHi, grid.kAt(loc.retiredAt) - 1) : grid.kHi,
    block: null,
    blockK0: 0,
    blockFrom: 0,
    blockTo: 0,
  }));
  return series.sort((a, b) => compareKeys(a.key, b.key));
}

/** Grows a scratch buffer to at least `n` slots. */
function ensure(buf: Float64Array, n: number): Float64Array {
  return buf.length >= n ? buf : new Float64Array(Math.max(n, buf.length * 2));
}

/**
 * Resamples straight from the value cache: each (bucket, series) is a contiguous run of grid
 * indices, so its values are copied out of the day blocks and aggregated without building rows.
 * Emits in the same order, with the same arithmetic, as the row-by-row Resampler.
 */
function resampleSeries(
  grid: Grid,
  plan: QueryPlan,
  rs: ResamplePlan,
  series: Series[],
  dir: Dir,
  pager: Pager,
): void {
  const def = grid.def;
  const bucketOf = bucketer(rs.frequency, plan.zone);
  const numeric = numericColumns(def);
  const columns = rs.values.map((i) => numeric.indexOf(i));
  const ordered = dir > 0 ? series : [...series].reverse();
  let values: Float64Array = new Float64Array(0);
  let scratch: Float64Array = new Float64Array(0);

  /** The block of `s` holding grid indices [k, dayEnd], dayEnd the last index of k's UTC day. */
  const blockAt = (s: Series, k: number, dayEnd: number): ValueBlock => {
    if (s.block && k >= s.blockFrom && dayEnd < s.blockTo) return s.block;
    const t = grid.timeAt(k);
    const block = valueCache.block(def, s.loc, grid.first, Math.floor(t / DAY_MS), t, grid.timeAt(dayEnd));
    // The block's slots as grid indices: slot j holds index k0 + j.
    const k0 = Math.round((block.t0 - grid.first) / grid.step);
    s.block = block;
    s.blockK0 = k0;
    s.blockFrom = k0 + block.from;
    s.blockTo = k0 + block.to;
    return block;
  };
  // The last grid index of the UTC day of the index last asked about.
  let dayFrom = 1;
  let dayEnd = 0;
  const lastOfDay = (k: number): number => {
    if (k < dayFrom || k > dayEnd) {
      const day = Math.floor(grid.timeAt(k) / DAY_MS);
      dayFrom = grid.kAt(day * DAY_MS);
      dayEnd = grid.kAt((day + 1) * DAY_MS) - 1;
    }
    return dayEnd;
  };

  /** Aggregate of column `col` over grid indices [a, b] of a series: in place when one block holds them. */
  const aggregate = (s: Series, col: number, a: number, b: number): number | null => {
    const end = lastOfDay(a);
    if (b <= end) {
      const block = blockAt(s, a, end);
      const at = col * block.n + a - s.blockK0;
      return aggregateSlots(rs.fn, block.values, at, at + b - a + 1, scratch);
    }
    for (let k = a; k <= b;) {
      const stop = Math.min(b, lastOfDay(k));
      const block = blockAt(s, k, stop);
      const at = col * block.n + k - s.blockK0;
      values.set(block.values.subarray(at, at + stop - k + 1), k - a);
      k = stop + 1;
    }
    return aggregateSlots(rs.fn, values, 0, b - a + 1, scratch);
  };

  const keyLength = ordered[0]?.key.length ?? 0;
  // A cursor resumes at its bucket: the grid index where the walk meets that bucket first.
  const resume = pager.resume;
  let k = dir > 0 ? grid.kLo : grid.kHi;
  if (resume) {
    k = dir > 0 ? Math.max(k, grid.kAt(resume.t)) : Math.min(k, grid.kAt(bucketOf(resume.t).end) - 1);
  }
  while (k >= grid.kLo && k <= grid.kHi) {
    const bucket = bucketOf(grid.timeAt(k));
    const lo = dir > 0 ? k : Math.max(grid.kLo, grid.kAt(bucket.start));
    const hi = dir > 0 ? Math.min(grid.kHi, grid.kAt(bucket.end) - 1) : k;
    // Index of the next row among this bucket's rows.
    let index = 0;
    for (const s of ordered) {
      const a = Math.max(lo, s.kFrom);
      const b = Math.min(hi, s.kTo);
      if (a > b) continue;
      grid.ticker.tick(b - a + 1);
      if (pager.before(bucket.start, index++)) continue;
      values = ensure(values, b - a + 1);
      scratch = ensure(scratch, b - a + 1);
      // Built at its final length: a result can hold hundreds of thousands of these.
      const row = new Array<RawCell>(2 + keyLength + columns.length);
      row[0] = bucket.start;
      row[1] = bucket.end;
      for (let i = 0; i < keyLength; i++) row[2 + i] = s.key[i] ?? null;
      for (let i = 0; i < columns.length; i++) row[2 + keyLength + i] = aggregate(s, columns[i] ?? 0, a, b);
      if (!pager.take(row, bucket.start, index - 1)) return;
    }
    k = dir > 0 ? hi + 1 : lo - 1;
  }
}

function compareCells(a: RawCell, b: RawCell): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  const sa = String(a);
  const sb = String(b);
  return sa < sb ? -1 : sa > sb ? 1 : 0;
}

function compareKeys(a: readonly RawCell[], b: readonly RawCell[]): number {
  for (let i = 0; i < a.length; i++) {
    const c = compareCells(a[i] ?? null, b[i] ?? null);
    if (c !== 0) return c;
  }
  return 0;
}

/**
 * Collects one page (plus one row that tells whether a next page exists) from rows arriving in
 * output order with their walk positions, and remembers the position of that extra row: the
 * next page's cursor resumes there. Rows before the page are passed over by count in offset mode,
 * and by position when a cursor says where the page starts.
 */
class Pager {
  readonly page: RawCell[][] = [];
  /** Position of the first row after the page, once seen. */
  next: CursorPosition | null = null;
  private skipped = 0;

  constructor(
    readonly resume: CursorPosition | null,
    private readonly offset: number,
    private readonly count: number,
    private readonly want: number,
    private readonly dir: Dir,
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

/**
 * Resamples row by row (filters, vintages, upsampling, groupings other than one per series). A
 * cursor resumes at the first grid index whose rows can reach its bucket, so that bucket is
 * complete again; the rows of earlier, partial buckets are passed over by position.
 */
function resampleRows(grid: Grid, plan: QueryPlan, rs: ResamplePlan, dir: Dir, pager: Pager): void {
  const resampler = new Resampler(rs, grid, dir, plan.zone);
  let k0 = dir > 0 ? grid.kLo : grid.kHi;
  const resume = pager.resume;
  if (resume) {
    const bucket = bucketer(rs.frequency, plan.zone)(resume.t);
    // Upsampled, a row reaches every fine bucket its interval [t, t + step) touches.
    const fine = resampler.upsamples;
    if (dir > 0) k0 = Math.max(k0, grid.kAt(fine ? bucket.start - grid.step + 1 : bucket.start));
    else k0 = Math.min(k0, grid.kAt(bucket.end) - 1);
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
  grid.walk(dir, { k: k0, inner: 0 }, (t, loc, pub) => {
    if (t !== lastT) {
      state.going = resampler.flush(t, emit);
      if (!state.going) return false;
      lastT = t;
    }
    const row = grid.def.row(t, loc, pub);
    if (!plan.rowFilter || plan.rowFilter(row)) resampler.add(t, row);
    return true;
  });
  if (state.going) resampler.flush(null, emit);
}

/** `time=latest`: the grid index of the latest row that passes the filter, or null. */
function latestIndex(grid: Grid, plan: QueryPlan): number | null {
  let found: number | null = null;
  let examined = 0;
  grid.walk(-1, { k: grid.kHi, inner: 0 }, (t, loc, pub) => {
    if (plan.rowFilter) {
      if (++examined > SCAN_LIMIT) throw scanTooLarge();
      if (!plan.rowFilter(grid.def.row(t, loc, pub))) return true;
    }
    found = Math.round((t - grid.first) / grid.step);
    return false;
  });
  return found;
}

/**
 * One page of the query's result (contract §6). Throws 422 when the query would scan too much, and
 * QueryCancelled as soon as `cancel` (asked every few thousand rows) says stop.
 */
export function executeQuery(
  plan: QueryPlan,
  now: Millis,
  cancel: CancelCheck = NEVER_CANCELLED,
): QueryResult {
  const grid = new Grid(plan, now, new Ticker(cancel));
  if (plan.latest && !grid.empty) {
    const k = latestIndex(grid, plan);
    if (k === null) grid.kLo = grid.kHi + 1;
    else grid.kLo = grid.kHi = k;
  }
  if (grid.candidateCount(SCAN_LIMIT) > SCAN_LIMIT) throw scanTooLarge();

  const allowed = plan.limit ?? Number.POSITIVE_INFINITY;
  const count = Math.max(0, Math.min(plan.pageSize, allowed - plan.offset));
  // One row beyond the page tells whether a next page exists (within `limit`).
  const want = plan.offset + count < allowed ? count + 1 : count;
  const dir: Dir = plan.order === 'asc' ? 1 : -1;
  const pager = new Pager(plan.resume, plan.offset, count, want, dir);
  const resume = plan.resume;

  if (want > 0 && !grid.empty) {
    const series = plan.resample ? seriesOf(grid, plan, plan.resample) : null;
    if (plan.resample && series) {
      resampleSeries(grid, plan, plan.resample, series, dir, pager);
    } else if (plan.resample) {
      resampleRows(grid, plan, plan.resample, dir, pager);
    } else {
      const filter = plan.rowFilter;
      // A cursor resumes at its row; offset mode skips whole stretches arithmetically, or row by
      // row when a filter decides which rows count.
      const start = resume
        ? { k: grid.kAt(resume.t), inner: resume.i }
        : filter
          ? { k: dir > 0 ? grid.kLo : grid.kHi, inner: 0 }
          : grid.skip(dir, plan.offset);
      const skipping = !resume && filter !== null;
      grid.walk(dir, start, (t, loc, pub, k, i) => {
        const row = grid.def.row(t, loc, pub);
        if (filter && !filter(row)) return true;
        if (skipping && pager.before(t, i)) return true;
        return pager.take(row, grid.timeAt(k), i);
      });
    }
  }
  const page = pager.page;

  const hasNextPage = page.length > count;
  return resultOf(plan, formatRows(page, count, plan), {
    page: plan.page,
    limit: plan.limit,
    page_size: plan.pageSize,
    hasNextPage,
    cursor:
      plan.cursorMode && hasNextPage && pager.next
        ? encodeCursor(plan.fingerprint, plan.offset + count, pager.next)
        : null,
  });
}

/**
 * What a page of the query would be, without its rows: the checks (the scan guard included) and
 * the columns, for `HEAD`, which must cost no more than a GET's first page. Whether a next page
 * exists needs the rows, so `hasNextPage` and `cursor` are null. `time=latest` narrows the range
 * only once its row is found, so its guard is left to the GET.
 */
export function describeQuery(plan: QueryPlan, now: Millis): QueryResult {
  const grid = new Grid(plan, now, new Ticker(NEVER_CANCELLED));
  if (!plan.latest && grid.candidateCount(SCAN_LIMIT) > SCAN_LIMIT) throw scanTooLarge();
  return resultOf(plan, [], {
    page: plan.page,
    limit: plan.limit,
    page_size: plan.pageSize,
    hasNextPage: null,
    cursor: null,
  });
}

function resultOf(plan: QueryPlan, rows: CellValue[][], meta: Meta): QueryResult {
  return {
    columns: plan.columns.map(({ name, type, unit, description }) => ({ name, type, unit, description })),
    rows,
    meta,
    allColumns: plan.columns.map(({ name, type, unit, description }) => ({
      name,
      type,
      is_numeric: type === 'DOUBLE PRECISION',
      is_datetime: type === 'TIMESTAMP',
      description,
      unit,
    })),
    dataTimezone: plan.zone.name,
  };
}

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

function formatRows(page: readonly (readonly RawCell[])[], count: number, plan: QueryPlan): CellValue[][] {
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
