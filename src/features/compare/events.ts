/**
 * The event finder: a condition on series (`A > 1000`, `D < -50`, `A > B`) and the maximal runs
 * of consecutive grid intervals where it holds, each with its start, end, duration, peak and mean
 * of the left-hand side. A missing value breaks a run: the condition is unknown there.
 */
import {
  describeEmptied,
  evaluateCounted,
  ExpressionError,
  formatExpression,
  parseExpression,
  references,
  type Expr,
} from './expression';
import type { Grid } from './grid';

export type Comparator = '>=' | '<=' | '>' | '<';

export interface Condition {
  left: Expr;
  op: Comparator;
  right: Expr;
}

/** What an event's peak and mean are of: the condition's left-hand side, as a reader writes it (`B`, `A - B`). */
export const measuredSide = (c: Condition): string => formatExpression(c.left);

export function parseCondition(text: string): Condition {
  const match = /(>=|<=|>|<)/.exec(text);
  if (!match) throw new ExpressionError('A condition compares two sides, for example A > 1000', 0);
  const op = match[1] as Comparator;
  const at = match.index;
  const rest = text.slice(at + op.length);
  if (/[<>]/.test(rest)) throw new ExpressionError('Use one comparison, for example A > B', at + op.length);
  const side = (part: string, offset: number): Expr => {
    if (part.trim() === '')
      throw new ExpressionError(`Write a series or a number on each side of ${op}`, offset);
    return parseExpression(part, offset);
  };
  return { left: side(text.slice(0, at), 0), op, right: side(rest, at + op.length) };
}

export const conditionReferences = (c: Condition): Set<string> => references(c.right, references(c.left));

export interface SeriesEvent {
  /** Grid indexes of the run's first and last interval. */
  from: number;
  to: number;
  start: number;
  /** End of the last interval, exclusive. */
  end: number;
  durationMs: number;
  intervals: number;
  /** Most extreme left-hand value in the condition's direction (highest for > and >=). */
  peak: number;
  /** Start of the interval the peak is in (the first such, when it repeats). */
  peakAt: number;
  mean: number;
}

function holds(op: Comparator, a: number, b: number): boolean {
  if (Number.isNaN(a) || Number.isNaN(b)) return false;
  switch (op) {
    case '>':
      return a > b;
    case '>=':
      return a >= b;
    case '<':
      return a < b;
    case '<=':
      return a <= b;
  }
}

export interface EventSearch {
  /** Every maximal run of intervals where the condition holds, in time order. */
  events: SeriesEvent[];
  /**
   * Intervals a side of the condition left empty itself (`A / B` where B is 0), where the condition
   * is unknown although the series have values: one sentence per side that did, for a reader.
   */
  emptied: string[];
  /** Intervals where either side has no value (a series without data there, or emptied): the condition is unknown. */
  unknown: number;
  /** The grid's intervals: those checked are `intervals − unknown`. */
  intervals: number;
}

/** The events of `condition` over the series on the grid, and what its sides left empty. */
export function searchEvents(
  condition: Condition,
  series: ReadonlyMap<string, Float64Array>,
  grid: Grid,
): EventSearch {
  const n = grid.times.length;
  const leftSide = evaluateCounted(condition.left, series, n);
  const rightSide = evaluateCounted(condition.right, series, n);
  const left = leftSide.values;
  const right = rightSide.values;
  const emptied = [
    describeEmptied(formatExpression(condition.left), leftSide.emptied),
    describeEmptied(formatExpression(condition.right), rightSide.emptied),
  ].filter((text): text is string => text !== null);
  const high = condition.op === '>' || condition.op === '>=';
  let unknown = 0;
  for (let k = 0; k < n; k++)
    if (Number.isNaN(left[k] ?? Number.NaN) || Number.isNaN(right[k] ?? Number.NaN)) unknown++;
  const events: SeriesEvent[] = [];
  let i = 0;
  while (i < n) {
    if (!holds(condition.op, left[i] ?? Number.NaN, right[i] ?? Number.NaN)) {
      i++;
      continue;
    }
    let j = i;
    let sum = 0;
    let peak = left[i] ?? Number.NaN;
    let peakIndex = i;
    while (j < n && holds(condition.op, left[j] ?? Number.NaN, right[j] ?? Number.NaN)) {
      const v = left[j] ?? Number.NaN;
      sum += v;
      if (high ? v > peak : v < peak) {
        peak = v;
        peakIndex = j;
      }
      j++;
    }
    const start = grid.times[i] ?? 0;
    const end = grid.times[j] ?? grid.end;
    events.push({
      from: i,
      to: j - 1,
      start,
      end,
      durationMs: end - start,
      intervals: j - i,
      peak,
      peakAt: grid.times[peakIndex] ?? start,
      mean: sum / (j - i),
    });
    i = j;
  }
  return { events, emptied, unknown, intervals: n };
}

/** Every maximal run of intervals where `condition` holds, in time order. */
export function findEvents(
  condition: Condition,
  series: ReadonlyMap<string, Float64Array>,
  grid: Grid,
): SeriesEvent[] {
  return searchEvents(condition, series, grid).events;
}
