/**
 * A regular vintage rule: a report published every `stepMs` from `firstPublish`, each covering a
 * fixed window of intervals around its own. Interval index i (on the dataset's grid, same step)
 * has the vintages j ∈ [max(0, i − before), min(i + after, J)], where
 * vintage j is published at `firstPublish + j·stepMs` and J is the newest as of `now`.
 *
 * The load forecast (each vintage covers the next 168 hours: before 167, after 0) and the hourly
 * solar and wind reports (48 hours back, 168 ahead: after 48) are both of this shape, so the
 * vintages of an interval and the closed-form row counts come from one place.
 */
import type { Millis } from './types';

export interface VintageWindow {
  firstPublish: Millis;
  stepMs: Millis;
  /** Vintages published up to this many steps before an interval's own vintage cover it. */
  before: number;
  /** Vintages published up to this many steps after it still repeat it (with its actuals). */
  after: number;
}

/** Index of the newest vintage published at or before `now` (−1 before the first). */
export function newestVintageIndex(w: VintageWindow, now: Millis): number {
  return Math.floor((now - w.firstPublish) / w.stepMs);
}

/** Publish time of vintage `j`. */
export function vintageTime(w: VintageWindow, j: number): Millis {
  return w.firstPublish + j * w.stepMs;
}

/** Vintages of interval index `i` as of `now`, ascending. */
export function windowVintages(w: VintageWindow, i: number, now: Millis): Millis[] {
  const lo = Math.max(0, i - w.before);
  const hi = Math.min(i + w.after, newestVintageIndex(w, now));
  const out: Millis[] = [];
  for (let j = lo; j <= hi; j++) out.push(vintageTime(w, j));
  return out;
}

/** Σ i for i in [a, b). */
function sumRange(a: number, b: number): number {
  return b > a ? ((a + b - 1) * (b - a)) / 2 : 0;
}

/**
 * Rows of interval indices [a, b) as of newest vintage J, in closed form:
 * Σ (min(i + after, J) − max(0, i − before) + 1). Every interval of the data has at least one
 * vintage (the dataset ends `before` steps past the newest), so no term is negative.
 */
export function windowRows(w: VintageWindow, a: number, b: number, newest: number): number {
  if (b <= a) return 0;
  // Σ min(i', J) over the shifted range: i' itself up to J, then J.
  const lo = a + w.after;
  const hi = b + w.after;
  const split = Math.min(Math.max(lo, newest + 1), hi);
  const sumMin = sumRange(lo, split) + newest * (hi - split);
  // Σ max(0, i − before): zero below `before`.
  const from = Math.max(a, w.before);
  const sumMax = b > from ? sumRange(from, b) - w.before * (b - from) : 0;
  return sumMin - sumMax + (b - a);
}
