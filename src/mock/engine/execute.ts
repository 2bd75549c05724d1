/**
 * Runs a query plan against a dataset's grid (time index × locations × vintages) and returns one
 * page, formatted for the wire. Nothing is materialised: the engine computes the index range of the
 * time bounds and the location subset, skips whole stretches of the grid arithmetically where no
 * value filter applies, and generates only the rows it has to look at. `order=desc` walks the grid
 * backwards.
 */
import type { CellValue, ColumnType, DatasetColumn, Meta } from '@/api/types';
import type { DatasetDef, LocationDef, Millis, RawCell } from '@/mock/data/types';
import { encodeCursor } from './paging';
import type { QueryPlan, ResamplePlan } from './plan';
import { ApiProblem } from './problem';
import { bucketer, fixedBucketMs, RESAMPLE_FUNCTION_DEFS, type Bucket } from './resample';
import { formatUtcIso } from './time';

/** More candidate rows than this (time range × locations × vintages) and a query is refused. */
export const SCAN_LIMIT = 10_000_000;
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
type Visit = (t: Millis, loc: LocationDef | null, pub: Millis | null) => boolean;

const tooLarge = (): ApiProblem => new ApiProblem(422, SCAN_TOO_LARGE);

/** The part of the grid a plan selects, with its walkers. */
class Grid {
  readonly def: DatasetDef;
  readonly first: Millis;
  readonly step: Millis;
  kLo: number;
  kHi: number;
  private readonly now: Millis;
  private readonly locations: readonly LocationDef[] | null;
  /** Grid indices at which the set of active locations changes, ascending. */
  private readonly changes: number[];
  private segment: { from: number; to: number; active: readonly (LocationDef | null)[] } | null = null;
  private readonly pubsOf: (t: Millis) => readonly (Millis | null)[];

  constructor(plan: QueryPlan, now: Millis) {
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
  private kAt(t: Millis): number {
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
    const vintages = this.def.vintages;
    let n = 0;
    for (let k = this.kLo; k <= this.kHi && n <= cap; k++) {
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
      for (let i = k === start.k ? start.inner : 0; i < n; i++) {
        const j = dir > 0 ? i : n - 1 - i;
        if (!visit(t, locs[Math.floor(j / per)] ?? null, pubs[j % per] ?? null)) return;
      }
    }
  }
}

/** Collects source rows into buckets and emits finished buckets' rows in output order. */
class Resampler {
  private readonly open = new Map<
    Millis,
    { bucket: Bucket; groups: Map<string, { key: RawCell[]; values: number[][] }> }
  >();
  private readonly bucketOf: (t: Millis) => Bucket;
  private readonly fineMs: number | null;

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
  }

  private bucketsOf(t: Millis): Bucket[] {
    const first = this.bucketOf(t);
    if (this.fineMs === null) return [first];
    const out: Bucket[] = [];
    for (let s = first.start; s < t + this.grid.step; s += this.fineMs)
      out.push({ start: s, end: s + this.fineMs });
    return out;
  }

  add(t: Millis, row: readonly RawCell[]): void {
    const key = this.plan.groupBy.map((i) => row[i] ?? null);
    const keyText = key.map((v) => (v === null ? '\u0001' : `${typeof v}:${String(v)}`)).join('\u0000');
    for (const bucket of this.bucketsOf(t)) {
      let entry = this.open.get(bucket.start);
      if (!entry) {
        entry = { bucket, groups: new Map() };
        this.open.set(bucket.start, entry);
      }
      let group = entry.groups.get(keyText);
      if (!group) {
        group = { key, values: this.plan.values.map(() => []) };
        entry.groups.set(keyText, group);
      }
      for (let c = 0; c < this.plan.values.length; c++) {
        const v = row[this.plan.values[c] ?? -1];
        if (typeof v === 'number') group.values[c]?.push(v);
      }
    }
  }

  /**
   * Emits buckets no later source row can reach (all of them when `t` is null), in walking order;
   * stops when `emit` says so and returns false then.
   */
  flush(t: Millis | null, emit: (row: RawCell[]) => boolean): boolean {
    const reach = this.fineMs === null ? 1 : this.grid.step;
    const done = [...this.open.values()].filter(
      ({ bucket }) => t === null || (this.dir > 0 ? bucket.end <= t : bucket.start >= t + reach),
    );
    done.sort((a, b) => (a.bucket.start - b.bucket.start) * this.dir);
    const fn = RESAMPLE_FUNCTION_DEFS[this.plan.fn];
    for (const { bucket, groups } of done) {
      this.open.delete(bucket.start);
      const ordered = [...groups.values()].sort((a, b) => compareKeys(a.key, b.key) * this.dir);
      for (const g of ordered) {
        // Values arrive in walking order; `first`/`last` mean time order whatever `order` says.
        const aggregates = g.values.map((vs) => fn.apply(this.dir > 0 ? vs : vs.reverse()));
        if (!emit([bucket.start, bucket.end, ...g.key, ...aggregates])) return false;
      }
    }
    return true;
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

/** `time=latest`: the grid index of the latest row that passes the filter, or null. */
function latestIndex(grid: Grid, plan: QueryPlan): number | null {
  let found: number | null = null;
  let examined = 0;
  grid.walk(-1, { k: grid.kHi, inner: 0 }, (t, loc, pub) => {
    if (plan.rowFilter) {
      if (++examined > SCAN_LIMIT) throw tooLarge();
      if (!plan.rowFilter(grid.def.row(t, loc, pub))) return true;
    }
    found = Math.round((t - grid.first) / grid.step);
    return false;
  });
  return found;
}

/** One page of the query's result (contract §6). Throws 422 when the query would scan too much. */
export function executeQuery(plan: QueryPlan, now: Millis): QueryResult {
  const grid = new Grid(plan, now);
  if (plan.latest && !grid.empty) {
    const k = latestIndex(grid, plan);
    if (k === null) grid.kLo = grid.kHi + 1;
    else grid.kLo = grid.kHi = k;
  }
  if (grid.candidateCount(SCAN_LIMIT) > SCAN_LIMIT) throw tooLarge();

  const allowed = plan.limit ?? Number.POSITIVE_INFINITY;
  const count = Math.max(0, Math.min(plan.pageSize, allowed - plan.offset));
  // One row beyond the page tells whether a next page exists (within `limit`).
  const want = plan.offset + count < allowed ? count + 1 : count;
  const dir: Dir = plan.order === 'asc' ? 1 : -1;
  const page: RawCell[][] = [];

  if (want > 0 && !grid.empty) {
    if (plan.resample) {
      const resampler = new Resampler(plan.resample, grid, dir, plan.zone);
      let skipped = 0;
      const emit = (row: RawCell[]): boolean => {
        if (skipped < plan.offset) skipped++;
        else page.push(row);
        return page.length < want;
      };
      let lastT: Millis | null = null;
      const state = { going: true };
      grid.walk(dir, { k: dir > 0 ? grid.kLo : grid.kHi, inner: 0 }, (t, loc, pub) => {
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
    } else if (plan.rowFilter) {
      const filter = plan.rowFilter;
      let skipped = 0;
      grid.walk(dir, { k: dir > 0 ? grid.kLo : grid.kHi, inner: 0 }, (t, loc, pub) => {
        const row = grid.def.row(t, loc, pub);
        if (!filter(row)) return true;
        if (skipped < plan.offset) skipped++;
        else page.push(row);
        return page.length < want;
      });
    } else {
      grid.walk(dir, grid.skip(dir, plan.offset), (t, loc, pub) => {
        page.push(grid.def.row(t, loc, pub));
        return page.length < want;
      });
    }
  }

  const hasNextPage = page.length > count;
  const rows = page.slice(0, count).map((row) => formatRow(row, plan));
  return {
    columns: plan.columns.map(({ name, type, unit, description }) => ({ name, type, unit, description })),
    rows,
    meta: {
      page: plan.page,
      limit: plan.limit,
      page_size: plan.pageSize,
      hasNextPage,
      cursor: plan.cursorMode && hasNextPage ? encodeCursor(plan.fingerprint, plan.offset + count) : null,
    },
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

function formatRow(row: readonly RawCell[], plan: QueryPlan): CellValue[] {
  return plan.columns.map((c) => {
    const v = row[c.source] ?? null;
    if (c.type !== 'TIMESTAMP' || typeof v !== 'number') return v;
    return c.local ? plan.zone.formatLocal(v) : formatUtcIso(v);
  });
}
