import type { ValidationIssue } from '@/contract';
import { invalid, wrongTypes } from './rejection';

/**
 * Readers for query parameters, free of msw so the handlers and the query engine share them.
 *
 * The contract checks parameter types (422) before the named resource (404) and before the
 * remaining rules (400). So type readers never throw on their own: `ParamReader` collects every
 * type issue and `assertValid()` throws them together, one entry per bad parameter, as FastAPI
 * does. Rule checks (`oneOf`, `intInRange`) throw 400 at once and are called after the resource
 * lookup.
 */

const INTEGER = /^[+-]?\d+$/;
// One way to match each text, so a long near-miss costs one pass, not one per split point.
const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;
const BOOLEANS: Readonly<Record<string, boolean>> = { true: true, '1': true, false: false, '0': false };

const INTEGER_ISSUE = { msg: 'Input should be a valid integer', type: 'int_parsing' } as const;
const NUMBER_ISSUE = { msg: 'Input should be a valid number', type: 'float_parsing' } as const;
const BOOLEAN_ISSUE = { msg: 'Input should be a valid boolean', type: 'bool_parsing' } as const;

/**
 * What Python's `float()` and `int()` strip from both ends: ASCII space and tab to carriage
 * return, and the Unicode spaces. Not U+FEFF (JavaScript's `trim` strips it) nor U+001C–U+001F
 * (`str.strip` does, `float()` does not).
 */
const PYTHON_SPACES: ReadonlySet<number> = new Set([
  0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x20, 0x85, 0xa0, 0x1680, 0x2000, 0x2001, 0x2002, 0x2003, 0x2004, 0x2005,
  0x2006, 0x2007, 0x2008, 0x2009, 0x200a, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000,
]);

const isDigit = (code: number | undefined): boolean => code !== undefined && code >= 0x30 && code <= 0x39;

/**
 * The text Python reads a number from: surrounding spaces stripped, and underscores dropped when
 * each stands between two digits (`1_000`); `undefined` when one does not (`1__0`, `_1`, `1_.5`).
 * Digits of other scripts, which `float()` would also read, stay unread: FastAPI's typed
 * parameters (pydantic) refuse them, and the mock keeps one rule for every number it reads.
 */
function pythonNumberText(raw: string): string | undefined {
  let start = 0;
  let end = raw.length;
  while (start < end && PYTHON_SPACES.has(raw.charCodeAt(start))) start++;
  while (end > start && PYTHON_SPACES.has(raw.charCodeAt(end - 1))) end--;
  const text = raw.slice(start, end);
  if (!text.includes('_')) return text;
  for (let i = text.indexOf('_'); i >= 0; i = text.indexOf('_', i + 1)) {
    if (!isDigit(text.charCodeAt(i - 1)) || !isDigit(text.charCodeAt(i + 1))) return undefined;
  }
  return text.replaceAll('_', '');
}

/**
 * A number as the hosted API reads one with Python's `float()`: a decimal literal (`1e3`, `.5`,
 * `1.`, `+1`, `1_000`, spaces around it); never hex, binary or octal (`0x10`, which JavaScript's
 * `Number` reads as 16). `inf`, `nan` and values beyond the doubles are refused too: no filter or
 * coordinate means anything with them. `undefined` for anything refused.
 */
export function parsePythonFloat(raw: string): number | undefined {
  const text = pythonNumberText(raw);
  if (text === undefined || !DECIMAL.test(text)) return undefined;
  const value = Number(text);
  return Number.isFinite(value) ? value : undefined;
}

/**
 * An integer as Python's `int()` reads one in base 10: an optional sign, digits, underscores
 * between digits, spaces around it (`int('1.5')` and `int('0x10')` fail); `undefined` for anything
 * else or beyond the safe range.
 */
export function parsePythonInt(raw: string): number | undefined {
  const text = pythonNumberText(raw);
  if (text === undefined || !INTEGER.test(text)) return undefined;
  const value = Number(text);
  return Number.isSafeInteger(value) ? value : undefined;
}

/** `true/false/1/0`, case-insensitive; anything else is `undefined`. */
export function parseBoolean(raw: string): boolean | undefined {
  return BOOLEANS[raw.trim().toLowerCase()];
}

/**
 * `cursor=` asks for the first page in cursor mode, and `filter_value=` filters on the empty string:
 * for these two an empty value is a value (contract §1).
 */
export const EMPTY_IS_A_VALUE: ReadonlySet<string> = new Set(['cursor', 'filter_value']);

export class ParamReader {
  readonly issues: ValidationIssue[] = [];

  constructor(readonly params: URLSearchParams) {}

  /**
   * The raw value, or `undefined` when the parameter is absent. An empty value (`?x=`) is the same
   * as absent (contract §1), except for the parameters where the empty string means something.
   */
  string(name: string): string | undefined {
    const value = this.params.get(name);
    if (value === null || (value === '' && !EMPTY_IS_A_VALUE.has(name))) return undefined;
    return value;
  }

  /** Whether the parameter is given, by the same rule as `string`. */
  has(name: string): boolean {
    return this.string(name) !== undefined;
  }

  /** Comma-separated values, trimmed, empties dropped; `undefined` when absent. */
  list(name: string): string[] | undefined {
    const raw = this.string(name);
    if (raw === undefined) return undefined;
    return raw
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s !== '');
  }

  boolean(name: string): boolean | undefined;
  boolean(name: string, fallback: boolean): boolean;
  boolean(name: string, fallback?: boolean): boolean | undefined {
    return this.typed(name, parseBoolean, BOOLEAN_ISSUE) ?? fallback;
  }

  integer(name: string): number | undefined;
  integer(name: string, fallback: number): number;
  integer(name: string, fallback?: number): number | undefined {
    return this.typed(name, parsePythonInt, INTEGER_ISSUE) ?? fallback;
  }

  number(name: string): number | undefined;
  number(name: string, fallback: number): number;
  number(name: string, fallback?: number): number | undefined {
    return this.typed(name, parsePythonFloat, NUMBER_ISSUE) ?? fallback;
  }

  /**
   * Any other typed parameter (dates, timestamps): `parse` returns `undefined` for a bad value,
   * which records an issue with the given message and type.
   */
  typed<T>(
    name: string,
    parse: (raw: string) => T | undefined,
    issue: { msg: string; type: string },
  ): T | undefined {
    const raw = this.string(name);
    if (raw === undefined) return undefined;
    const value = parse(raw);
    if (value === undefined) this.addIssue(name, issue.msg, issue.type, raw);
    return value;
  }

  addIssue(name: string, msg: string, type: string, input: unknown): void {
    this.issues.push({ loc: ['query', name], msg, type, input });
  }

  /** Throws 422 with every issue collected so far. */
  assertValid(): void {
    if (this.issues.length > 0) throw wrongTypes([...this.issues]);
  }
}

function quoteList(values: readonly string[]): string {
  return values.join(', ');
}

/**
 * A value that must be one of `allowed` (exact match after lower-casing when `caseInsensitive`).
 * Absent → `fallback`. Anything else → 400 naming the parameter and the allowed values.
 */
export function oneOf<const T extends string>(
  name: string,
  raw: string | undefined,
  allowed: readonly T[],
  fallback: T,
  options: { caseInsensitive?: boolean; aliases?: Readonly<Record<string, T>> } = {},
): T {
  if (raw === undefined) return fallback;
  const key = options.caseInsensitive === true ? raw.toLowerCase() : raw;
  const found = allowed.find((a) => (options.caseInsensitive === true ? a.toLowerCase() : a) === key);
  if (found !== undefined) return found;
  const alias = options.aliases?.[key];
  if (alias !== undefined) return alias;
  throw invalid(`Invalid value '${raw}' for ${name}. Allowed values: ${quoteList(allowed)}.`);
}

/** An integer that must lie in [min, max] (`max` null = no upper bound); 400 otherwise. */
export function intInRange(name: string, value: number, min: number, max: number | null): number {
  if (value < min || (max !== null && value > max)) {
    const range = max === null ? `at least ${min}` : `between ${min} and ${max}`;
    throw invalid(`Invalid value ${value} for ${name}: it must be an integer ${range}.`);
  }
  return value;
}
