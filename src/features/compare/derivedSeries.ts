/**
 * The derived series: each expression evaluated over the series it names, in dependency order
 * (derived series may read each other). A series that cannot be computed (a syntax error, an
 * unknown letter, mixed units, a circle, an input with an error) carries a message instead.
 */
import { formatSeries, type SeriesKey, type SeriesSpec } from '@/compare/compareWorkspace';
import { memoByKey } from '@/lib/memoLast';
import {
  evaluateCounted,
  ExpressionError,
  parseExpression,
  references,
  unitOf,
  type EmptiedCounts,
  type Expr,
} from './expression';
import type { Grid } from './grid';
import type { SeriesResult } from './seriesResult';

/** A data series as the expressions read it: its values on the grid (null until aligned) and unit. */
export interface SeriesInput {
  values: Float64Array | null;
  unit: string | null;
  failed: boolean;
}

interface Derived {
  values: Float64Array | null;
  unit: string | null;
  error: string | null;
  emptied?: EmptiedCounts;
}

/** Derived series in dependency order (they may read each other); a cycle is an error. */
export function deriveAll(
  specs: readonly SeriesSpec[],
  base: ReadonlyMap<string, SeriesInput>,
  length: number,
): Map<SeriesKey, Derived> {
  const out = new Map<SeriesKey, Derived>();
  const parsed = new Map<SeriesKey, Expr>();
  for (const spec of specs) {
    if (spec.kind !== 'expr') continue;
    try {
      parsed.set(spec.key, parseExpression(spec.expr));
    } catch (e) {
      out.set(spec.key, { values: null, unit: null, error: e instanceof Error ? e.message : String(e) });
    }
  }
  const values = new Map<string, Float64Array>();
  const units = new Map<string, string | null>();
  for (const [k, v] of base) {
    units.set(k, v.unit);
    if (v.values) values.set(k, v.values);
  }
  let progress = true;
  while (progress) {
    progress = false;
    for (const [key, expr] of parsed) {
      if (out.has(key)) continue;
      const refs = [...references(expr)];
      const unknown = refs.find((r) => !units.has(r) && !parsed.has(r as SeriesKey));
      if (unknown !== undefined || refs.includes(key)) {
        out.set(key, {
          values: null,
          unit: null,
          error: unknown !== undefined ? `There is no series ${unknown}.` : `${key} cannot refer to itself.`,
        });
        progress = true;
        continue;
      }
      if (!refs.every((r) => units.has(r))) continue;
      const failed = refs.find((r) => out.get(r as SeriesKey)?.error ?? base.get(r)?.failed);
      if (failed !== undefined) {
        out.set(key, { values: null, unit: null, error: `Series ${failed} has an error.` });
        progress = true;
        continue;
      }
      try {
        const unit = unitOf(expr, units);
        const ready = refs.every((r) => values.has(r));
        const computed = ready ? evaluateCounted(expr, values, length) : null;
        out.set(key, { values: computed?.values ?? null, unit, error: null, emptied: computed?.emptied });
        units.set(key, unit);
        if (computed) values.set(key, computed.values);
      } catch (e) {
        out.set(key, {
          values: null,
          unit: null,
          error: e instanceof ExpressionError ? e.message : String(e),
        });
      }
      progress = true;
    }
  }
  for (const key of parsed.keys())
    if (!out.has(key))
      out.set(key, { values: null, unit: null, error: 'These expressions refer to each other in a circle.' });
  return out;
}

/**
 * Why `text` cannot be the expression of `key` among the workspace's `series` (a syntax error, an
 * unknown letter, mixed units, a circle), or null when it can: checked as it is typed, before it
 * replaces the expression that is drawn.
 */
export function derivedProblem(
  series: readonly Pick<SeriesResult, 'spec' | 'unit'>[],
  key: SeriesKey,
  text: string,
): string | null {
  const specs = series.map((s) => (s.spec.key === key ? { kind: 'expr' as const, key, expr: text } : s.spec));
  const base = new Map(
    series
      .filter((s) => s.spec.kind === 'data')
      .map((s) => [s.spec.key as string, { values: null, unit: s.unit, failed: false }]),
  );
  return deriveAll(specs, base, 0).get(key)?.error ?? null;
}

/*
 * The last derived set, kept outside React: evaluated again only when a definition changes or an
 * input is a new array (inputs are replaced, never changed in place), not on every render.
 */
const deriveByKey = memoByKey<Map<SeriesKey, Derived>>();
const identities = new WeakMap<object, number>();
let nextIdentity = 1;
function identity(value: object | null): number {
  if (value === null) return 0;
  let id = identities.get(value);
  if (id === undefined) {
    id = nextIdentity++;
    identities.set(value, id);
  }
  return id;
}

/** `deriveAll` over `grid`, the last result again while the definitions and inputs are the same. */
export function deriveOnGrid(
  specs: readonly SeriesSpec[],
  inputs: ReadonlyMap<string, SeriesInput>,
  grid: Grid | null,
): Map<SeriesKey, Derived> {
  const key = `${specs.map(formatSeries).join('&')}|${[...inputs.values()]
    .map((a) => `${a.unit}:${a.failed}:${identity(a.values)}`)
    .join(',')}|${identity(grid)}`;
  return deriveByKey(key, () => deriveAll(specs, inputs, grid?.times.length ?? 0));
}
