import type { ValidationIssue } from '@/contract/schemas';
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
const NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;
const BOOLEANS: Readonly<Record<string, boolean>> = { true: true, '1': true, false: false, '0': false };

export const INTEGER_ISSUE = { msg: 'Input should be a valid integer', type: 'int_parsing' } as const;
export const NUMBER_ISSUE = { msg: 'Input should be a valid number', type: 'float_parsing' } as const;
export const BOOLEAN_ISSUE = { msg: 'Input should be a valid boolean', type: 'bool_parsing' } as const;

/** `true/false/1/0`, case-insensitive; anything else is `undefined`. */
export function parseBoolean(raw: string): boolean | undefined {
  return BOOLEANS[raw.trim().toLowerCase()];
}

/** Base-10 with an optional sign; `undefined` for anything else or beyond the safe range. */
export function parseInteger(raw: string): number | undefined {
  const text = raw.trim();
  if (!INTEGER.test(text)) return undefined;
  const value = Number(text);
  return Number.isSafeInteger(value) ? value : undefined;
}

/** A finite decimal number (exponent allowed); `undefined` otherwise. */
export function parseNumber(raw: string): number | undefined {
  const text = raw.trim();
  if (!NUMBER.test(text)) return undefined;
  const value = Number(text);
  return Number.isFinite(value) ? value : undefined;
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
    return this.typed(name, parseInteger, INTEGER_ISSUE) ?? fallback;
  }

  number(name: string): number | undefined;
  number(name: string, fallback: number): number;
  number(name: string, fallback?: number): number | undefined {
    return this.typed(name, parseNumber, NUMBER_ISSUE) ?? fallback;
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
