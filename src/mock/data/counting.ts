/**
 * Row counts without generating rows: grid points per member range and vintages per interval in
 * closed form; for a sparse dataset, its predicate asked at every grid cell of the range (exact,
 * and in proportion to the range: metadata estimates instead, see `estimateRows`). Metadata, audit
 * and updates all count through here, so they agree with what a query returns.
 */
import { DAY_MS } from '@/time';
import type { DatasetDef, SeriesMember, Millis } from './types';
import { newestVintageIndex, windowRows } from './vintageWindow';

export interface RowCount {
  rows: number;
  /** Distinct time-index values among the rows. */
  timeValues: number;
  /** Distinct subseries values among the rows; `null` for datasets without a subseries. */
  subseriesValues: number | null;
}

/** Number of grid points `first + i·step` in [lo, hi). */
function pointsIn(first: Millis, step: Millis, lo: Millis, hi: Millis): number {
  if (hi <= lo) return 0;
  return Math.ceil((hi - first) / step) - Math.ceil((lo - first) / step);
}

/** Rows, distinct time values and distinct subseries values with time index in [from, to) as of now. */
export function countRows(def: DatasetDef, from: Millis, to: Millis, now: Millis): RowCount {
  const first = def.firstTime(now);
  const last = def.lastTime(now);
  const step = def.stepMs;
  const lo = Math.max(from, first);
  const hi = Math.min(to, last + step);
  const empty: RowCount = { rows: 0, timeValues: 0, subseriesValues: def.locations ? 0 : null };
  const n = pointsIn(first, step, lo, hi);
  if (n <= 0) return empty;

  if (def.rowExists) return countSparse(def, def.rowExists, first, step, lo, hi);

  if (def.locations) {
    let rows = 0;
    let series = 0;
    let minLo = Infinity;
    let maxHi = -Infinity;
    for (const loc of def.locations) {
      const a = Math.max(lo, loc.firstSeen);
      const b = loc.retiredAt === null ? hi : Math.min(hi, loc.retiredAt);
      const k = pointsIn(first, step, a, b);
      if (k <= 0) continue;
      rows += k;
      series++;
      if (a < minLo) minLo = a;
      if (b > maxHi) maxHi = b;
    }
    // Location ranges are intervals that all overlap the always-present hubs, so their union is
    // one interval.
    return {
      rows,
      timeValues: series === 0 ? 0 : pointsIn(first, step, minLo, maxHi),
      subseriesValues: series,
    };
  }

  if (def.vintages) {
    const iLo = Math.ceil((lo - first) / step);
    const iHi = iLo + n;
    const w = def.vintageWindow;
    if (w && w.stepMs === step) {
      return {
        rows: windowRows(w, iLo, iHi, newestVintageIndex(w, now)),
        timeValues: n,
        subseriesValues: null,
      };
    }
    // Any other vintage rule: ask the definition, interval by interval.
    let rows = 0;
    let times = 0;
    for (let i = iLo; i < iHi; i++) {
      const v = def.vintages(first + i * step, now).length;
      rows += v;
      if (v > 0) times++;
    }
    return { rows, timeValues: times, subseriesValues: null };
  }

  return { rows: n, timeValues: n, subseriesValues: null };
}

/**
 * Exact counts of a sparse dataset over [lo, hi): the predicate at every alive grid cell; with a
 * `stride` above 1, at the cells of every stride-th grid time from the first in range.
 */
function countSparse(
  def: DatasetDef,
  exists: NonNullable<DatasetDef['rowExists']>,
  first: Millis,
  step: Millis,
  lo: Millis,
  hi: Millis,
  stride = 1,
): RowCount {
  const members = def.locations ?? [null];
  const seen = new Set<string>();
  let rows = 0;
  let timeValues = 0;
  for (let t = first + Math.ceil((lo - first) / step) * step; t < hi; t += step * stride) {
    let here = 0;
    for (const m of members) {
      if (m && (t < m.firstSeen || (m.retiredAt !== null && t >= m.retiredAt))) continue;
      if (!exists(t, m)) continue;
      here++;
      if (m) seen.add(m.name);
    }
    rows += here;
    if (here > 0) timeValues++;
  }
  return { rows, timeValues, subseriesValues: def.locations ? seen.size : null };
}

/** Days of a sparse dataset's newest data that `estimateRows` samples and scales from. */
const ESTIMATE_SAMPLE_DAYS = 2;
/**
 * Grid times `estimateRows` asks at most, evenly spaced over those days: every interval of an
 * hourly dataset, every half hour of a 5-minute one (binding constraints bind for hours, so a
 * half-hourly sample sees each spell; asking all 576 intervals cost 28 ms of the first catalog).
 */
export const ESTIMATE_SAMPLE_TIMES = 96;

/** Rows per grid point of a sparse dataset, sampled once per UTC day of `now`. */
const densityCache = new WeakMap<DatasetDef, { day: number; density: number }>();

/**
 * `number_of_rows_approximate`: exact for dense datasets; for a sparse one, the rows per grid time
 * at up to `ESTIMATE_SAMPLE_TIMES` evenly spaced times of its last two days, times the grid
 * points of the whole range (counting years cell by cell on every catalog request would cost what
 * the catalog must not). The sample is taken once per day. The hosted API calls this number
 * approximate too.
 */
export function estimateRows(def: DatasetDef, now: Millis): number {
  const first = def.firstTime(now);
  const end = def.lastTime(now) + def.stepMs;
  if (!def.rowExists) return countRows(def, first, end, now).rows;
  const day = Math.floor(now / DAY_MS);
  let cached = densityCache.get(def);
  if (cached?.day !== day) {
    const from = Math.max(first, end - ESTIMATE_SAMPLE_DAYS * DAY_MS);
    const points = pointsIn(first, def.stepMs, from, end);
    const stride = Math.max(1, Math.ceil(points / ESTIMATE_SAMPLE_TIMES));
    const sample = countSparse(def, def.rowExists, first, def.stepMs, from, end, stride);
    const times = Math.ceil(points / stride);
    const density = times === 0 ? 0 : sample.rows / times;
    cached = { day, density };
    densityCache.set(def, cached);
  }
  return Math.round(cached.density * pointsIn(first, def.stepMs, first, end));
}

interface Edges {
  starts: Float64Array;
  ends: Float64Array;
}
const edgesCache = new WeakMap<readonly SeriesMember[], Edges>();

/** Number of sorted values ≤ x. */
function rank(sorted: Float64Array, x: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((sorted[mid] ?? 0) <= x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** How many of `locations` have rows at grid time `t`, by binary search over their start and end times. */
export function activeLocationCount(locations: readonly SeriesMember[], t: Millis): number {
  let edges = edgesCache.get(locations);
  if (!edges) {
    const starts = Float64Array.from(locations, (l) => l.firstSeen).sort();
    const ends = Float64Array.from(
      locations.filter((l) => l.retiredAt !== null),
      (l) => l.retiredAt ?? 0,
    ).sort();
    edges = { starts, ends };
    edgesCache.set(locations, edges);
  }
  // A location retires only after it starts, so the retired ones are a subset of the started ones.
  return rank(edges.starts, t) - rank(edges.ends, t);
}
