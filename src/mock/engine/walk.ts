/**
 * The walk of a dataset's grid (time index × subseries members × vintages): the part a plan
 * selects, as grid indices [kLo, kHi], and the walkers over it. Nothing is materialised: the walk
 * computes the index range of the time bounds and the member subset, skips whole stretches
 * arithmetically where no value filter applies, and hands the rows it has to look at to a visitor,
 * forwards or backwards (`order=desc`). A sparse dataset (`rowExists`) has rows at only some grid
 * cells: the walk asks the predicate cell by cell, so skipping counts rows index by index.
 */
import { countRows } from '@/mock/data/counting';
import type { DatasetDef, SeriesMember, Millis } from '@/mock/data/types';
import type { CancelTicker } from './cancel';
import { aliveAt, lifetimesOf } from './lifetimes';
import type { QueryPlan } from './plan/queryPlan';

/** 1 walks the grid forwards (`order=asc`), -1 backwards. */
export type Direction = 1 | -1;
/** A row of the walk: its cells' keys, and its grid index `k` and index `i` among k's rows in walking order. */
type Visit = (t: Millis, loc: SeriesMember | null, pub: Millis | null, k: number, i: number) => boolean;

/** The part of the grid a plan selects, with its walkers. */
/** A walk asked more cells of a sparse dataset than its budget allows (see `cellBudget`). */
export class CellBudgetExceeded extends Error {}

export class Walk {
  readonly def: DatasetDef;
  readonly first: Millis;
  readonly step: Millis;
  kLo: number;
  kHi: number;
  private readonly now: Millis;
  readonly locations: readonly SeriesMember[] | null;
  /** Walk indices at which the set of active locations changes, ascending. */
  private readonly changes: number[];
  private segment: { from: number; to: number; active: readonly (SeriesMember | null)[] } | null = null;
  private readonly pubsOf: (t: Millis) => readonly (Millis | null)[];
  /** The members with a row at the grid index asked about last (sparse datasets only). */
  private sparseK = Number.NaN;
  private sparseMembers: readonly (SeriesMember | null)[] = [];
  /**
   * Grid cells of a sparse dataset this walk may ask `rowExists` about. Cells without a row never
   * reach a visitor, so a search that walks back through them (`time=latest`) counts them here.
   */
  cellBudget = Number.POSITIVE_INFINITY;
  private cellsAsked = 0;

  constructor(
    plan: QueryPlan,
    now: Millis,
    readonly ticker: CancelTicker,
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
    // Instants ascending give grid indices ascending; two instants may share one index.
    const bounds = this.locations ? lifetimesOf(this.locations).bounds : [];
    this.changes = bounds.map((t) => this.kAt(t)).filter((k, i, ks) => i === 0 || k !== ks[i - 1]);
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

  /**
   * Members alive at grid index `k` ([null] without a subseries), and the stretch of k sharing
   * them. For a sparse dataset, a superset of the members with a row at k (see `membersAt`).
   */
  segmentAt(k: number): { from: number; to: number; active: readonly (SeriesMember | null)[] } {
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
    this.segment = { from, to, active: aliveAt(this.locations, this.timeAt(k)) };
    return this.segment;
  }

  /** Members with a row at grid index `k`, in walking order of names: `rowExists` decides for a sparse dataset. */
  membersAt(k: number): readonly (SeriesMember | null)[] {
    const alive = this.segmentAt(k).active;
    const exists = this.def.rowExists;
    if (!exists) return alive;
    if (k === this.sparseK) return this.sparseMembers;
    const t = this.timeAt(k);
    this.ticker.tick(alive.length);
    this.cellsAsked += alive.length;
    if (this.cellsAsked > this.cellBudget) throw new CellBudgetExceeded();
    this.sparseK = k;
    this.sparseMembers = alive.filter((m) => exists(t, m));
    return this.sparseMembers;
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

  /**
   * Candidate rows in [kLo, kHi]: every member and vintage, before value filters (the scan guard).
   * For a sparse dataset every grid cell is a candidate, since the walk asks `rowExists` at each.
   */
  candidateCount(cap: number): number {
    if (this.empty) return 0;
    if (!this.def.vintages) {
      if (!this.locations) return this.kHi - this.kLo + 1;
      let n = 0;
      for (const g of lifetimesOf(this.locations).groups) {
        const from = Math.max(this.kLo, this.kAt(g.firstSeen));
        const to = Math.min(this.kHi, g.retiredAt === null ? this.kHi : this.kAt(g.retiredAt) - 1);
        if (to >= from) n += g.members * (to - from + 1);
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

  /** Rows at grid index k (all members with a row and selected vintages). */
  private countAt(k: number): number {
    return this.membersAt(k).length * this.pubsAt(this.timeAt(k)).length;
  }

  /**
   * Skips `n` rows in walking order without generating them: whole stretches of equal width at
   * once when there are no vintages. Returns the grid index and the row within it to start at.
   */
  skip(dir: Direction, n: number): { k: number; inner: number } {
    let remaining = n;
    let k = dir > 0 ? this.kLo : this.kHi;
    const inRange = (x: number): boolean => x >= this.kLo && x <= this.kHi;
    while (inRange(k) && remaining > 0) {
      this.ticker.tick();
      if (this.def.vintages || this.def.rowExists) {
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
  rows(dir: Direction, start: { k: number; inner: number }, visit: Visit): void {
    for (let k = start.k; k >= this.kLo && k <= this.kHi; k += dir) {
      const t = this.timeAt(k);
      const locs = this.membersAt(k);
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
