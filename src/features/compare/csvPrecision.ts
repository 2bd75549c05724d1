/**
 * How many decimals each Compare series has, for its CSV columns (the rule of the numbers is in
 * lib/csvWriter.ts). A data series has the decimals its values show as data. A derived series takes
 * them from its operands as decimal arithmetic would: a sum or a difference has the larger of its
 * operands' decimals, a product their sum, and a quotient none that can be told (null). Written at
 * these plus two, every value the arithmetic gives exactly comes out exactly, with no binary noise.
 */
import type { SeriesSpec } from '@/compare/compareWorkspace';
import { computedFormat, dataDecimals, decimalsOf, type CsvNumberFormat } from '@/lib/csvWriter';
import { parseExpression, type Expr } from './expression';

/** Past this a product's decimals are more than a double holds exactly; its significant digits rule instead. */
const MAX_PRODUCT_DECIMALS = 12;

/** What a series' precision is read from: its definition, and its values on the grid. */
export interface PrecisionSource {
  spec: SeriesSpec;
  values: Float64Array | null;
}

/** The decimals of `expr` given those of the series it names; null when they cannot be told. */
export function expressionDecimals(expr: Expr, named: (key: string) => number | null): number | null {
  switch (expr.kind) {
    case 'num':
      return decimalsOf(expr.value);
    case 'ref':
      return named(expr.name);
    case 'neg':
      return expressionDecimals(expr.arg, named);
    case 'bin': {
      if (expr.op === '/') return null;
      const a = expressionDecimals(expr.left, named);
      const b = expressionDecimals(expr.right, named);
      if (a === null || b === null) return null;
      if (expr.op === '*') return a + b > MAX_PRODUCT_DECIMALS ? null : a + b;
      return Math.max(a, b);
    }
    default:
      // An operation this does not know yet: no precision to claim, so significant digits rule.
      return null;
  }
}

const dataOf = (values: Float64Array | null): number | null => (values ? dataDecimals(values) : null);

function derivedOf(expr: string, named: (key: string) => number | null): number | null {
  try {
    return expressionDecimals(parseExpression(expr), named);
  } catch {
    // An expression that does not parse has its error in the series panel, and no values.
    return null;
  }
}

/** Each series' decimals by its key (null: not known), derived series through what they name. */
export function seriesDecimals(series: readonly PrecisionSource[]): Map<string, number | null> {
  const byKey = new Map<string, PrecisionSource>(series.map((s) => [s.spec.key, s]));
  const known = new Map<string, number | null>();
  const visiting = new Set<string>();
  const of = (key: string): number | null => {
    const done = known.get(key);
    if (done !== undefined) return done;
    const source = byKey.get(key);
    // A cycle is the series panel's error to report; here it only has no precision.
    if (!source || visiting.has(key)) return null;
    visiting.add(key);
    const decimals = source.spec.kind === 'data' ? dataOf(source.values) : derivedOf(source.spec.expr, of);
    visiting.delete(key);
    known.set(key, decimals);
    return decimals;
  };
  for (const s of series) of(s.spec.key);
  return known;
}

/** How each series' values are written in a CSV, by its key. */
export function seriesCsvFormats(series: readonly PrecisionSource[]): Map<string, CsvNumberFormat> {
  return new Map([...seriesDecimals(series)].map(([key, decimals]) => [key, computedFormat(decimals)]));
}
