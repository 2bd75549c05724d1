/**
 * Column filters (contract §6.2). One registry of operators, keyed by the wire's operator type, drives
 * the engine; the UI has its own labels keyed by the same type, so a new operator fails to compile
 * until both handle it.
 */
import { FILTER_OPERATOR_ALIASES, type FilterOperator, MAX_IN_VALUES } from '@/contract';
import type { ColumnDef, RawCell } from '@/mock/data/types';
import { parsePythonFloat } from './params';
import { invalid } from './rejection';
import { parseTimestamp, type Zone } from '@/time';

interface OperatorDef {
  /** Whether the value is a comma-separated list. */
  list: boolean;
  /** Given the cell compared with each value (negative, zero, positive), does it match? Scalar operators get one. */
  matches: (comparisons: readonly number[]) => boolean;
}

const FILTER_OPERATOR_DEFS = {
  '=': { list: false, matches: (cs) => cs.some((c) => c === 0) },
  '!=': { list: false, matches: (cs) => cs.some((c) => c !== 0) },
  '>': { list: false, matches: (cs) => cs.some((c) => c > 0) },
  '>=': { list: false, matches: (cs) => cs.some((c) => c >= 0) },
  '<': { list: false, matches: (cs) => cs.some((c) => c < 0) },
  '<=': { list: false, matches: (cs) => cs.some((c) => c <= 0) },
  in: { list: true, matches: (cs) => cs.some((c) => c === 0) },
} as const satisfies Record<FilterOperator, OperatorDef>;

const WORD_ALIASES: Readonly<Record<string, FilterOperator>> = FILTER_OPERATOR_ALIASES;

const ACCEPTED = [...Object.keys(FILTER_OPERATOR_DEFS), ...Object.keys(WORD_ALIASES)].join(', ');

/** `filter_operator` as the wire allows it (symbols and word aliases); default `=`; else 400. */
export function resolveOperator(text: string | undefined): FilterOperator {
  if (text === undefined || text === '') return '=';
  const t = text.trim();
  const alias = WORD_ALIASES[t.toLowerCase()];
  if (alias) return alias;
  if (Object.hasOwn(FILTER_OPERATOR_DEFS, t)) return t as FilterOperator;
  throw invalid(`filter_operator '${text}' is not supported; use one of ${ACCEPTED}.`);
}

/** The longest list `in` takes (contract §6.2); more is a type error (422) on `filter_value`. */
export { MAX_IN_VALUES };

/** How many values a `filter_value` list holds, counted without splitting a long text. */
export function listLength(value: string): number {
  let n = 1;
  for (let i = value.indexOf(','); i >= 0; i = value.indexOf(',', i + 1)) n++;
  return n;
}

/** A compiled filter: a predicate on one raw cell (timestamps as epoch millis). */
export type CellPredicate = (cell: RawCell) => boolean;

function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * The predicate for `column <operator> value`. Values are numbers on numeric columns, instants on
 * datetime columns (read in `zone` when written without an offset), exact strings otherwise. Nulls
 * never match.
 */
export function compileFilter(
  column: ColumnDef,
  operator: FilterOperator,
  value: string,
  zone: Zone,
): CellPredicate {
  const def = FILTER_OPERATOR_DEFS[operator];
  const texts = def.list ? value.split(',').map((v) => v.trim()) : [value];
  const numeric = column.type === 'DOUBLE PRECISION' || column.type === 'TIMESTAMP';
  const numbers = numeric ? texts.map((text) => numberOf(column, text, zone)) : [];
  if (operator === 'in') {
    // A set lookup per row: the cost does not grow with the list (contract §6.2). Values are
    // compared as `=` compares them, as numbers or instants, so `1.0` finds 1 and an instant
    // written in two zones is one value.
    if (numeric) {
      const set = new Set(numbers);
      return (cell) => typeof cell === 'number' && set.has(cell);
    }
    const set = new Set(texts);
    return (cell) => cell !== null && set.has(String(cell));
  }
  if (numeric)
    return (cell) => typeof cell === 'number' && def.matches(numbers.map((n) => Math.sign(cell - n)));
  return (cell) => {
    if (cell === null) return false;
    const s = String(cell);
    return def.matches(texts.map((t) => compareStrings(s, t)));
  };
}

/** A filter value on a numeric column as a number, on a datetime column as an instant; else 400. */
function numberOf(column: ColumnDef, text: string, zone: Zone): number {
  if (column.type === 'TIMESTAMP') {
    const ts = parseTimestamp(text);
    if (!ts) {
      throw invalid(
        `filter_value '${text}' is not a valid timestamp for the datetime column ${column.name}; write it as YYYY-MM-DD or YYYY-MM-DDTHH:MM:SS with an optional offset.`,
      );
    }
    return zone.instant(ts);
  }
  // As the hosted API reads it, with Python's `float()`: `0x10` is no number there.
  const n = parsePythonFloat(text);
  if (n === undefined) {
    throw invalid(`filter_value '${text}' is not a number; column ${column.name} is numeric.`);
  }
  return n;
}
