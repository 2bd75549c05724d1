/**
 * Derived series: a tiny arithmetic grammar over series letters (`A - B`, `(A + B) / 2`,
 * `0.5 * A`), parsed by recursive descent (no `eval`, no library: the grammar is five rules).
 * Units follow from the operands: adding or subtracting needs one unit, a ratio of one unit has
 * none, and a constant takes the unit of what it meets.
 *
 *   expr   := term (('+' | '-') term)*
 *   term   := unary (('*' | '/') unary)*
 *   unary  := '-' unary | atom
 *   atom   := number | letter | '(' expr ')'
 */
import { formatInteger } from '@/lib/format';

export type Expr =
  | { kind: 'num'; value: number }
  | { kind: 'ref'; name: string }
  | { kind: 'neg'; arg: Expr }
  | { kind: 'bin'; op: '+' | '-' | '*' | '/'; left: Expr; right: Expr };

export class ExpressionError extends Error {
  constructor(
    message: string,
    /** Character position the problem starts at (0-based). */
    readonly at: number,
  ) {
    super(message);
    this.name = 'ExpressionError';
  }
}

interface Token {
  kind: 'num' | 'ref' | 'op' | 'end';
  text: string;
  at: number;
}

const MAX_LENGTH = 200;

function tokenize(text: string, offset: number): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text.charAt(i);
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    const number = /^(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?/.exec(text.slice(i));
    if (number) {
      tokens.push({ kind: 'num', text: number[0], at: i + offset });
      i += number[0].length;
      continue;
    }
    const name = /^[A-Za-z][A-Za-z0-9_]*/.exec(text.slice(i));
    if (name) {
      tokens.push({ kind: 'ref', text: name[0].toUpperCase(), at: i + offset });
      i += name[0].length;
      continue;
    }
    if ('+-*/()'.includes(c)) {
      tokens.push({ kind: 'op', text: c, at: i + offset });
      i++;
      continue;
    }
    throw new ExpressionError(`Unexpected “${c}” at position ${i + offset + 1}`, i + offset);
  }
  tokens.push({ kind: 'end', text: '', at: text.length + offset });
  return tokens;
}

/**
 * Parses `text`; throws ExpressionError with a reader's message and position (counted from
 * `offset`, where the text sits in a longer one such as a condition).
 */
export function parseExpression(text: string, offset = 0): Expr {
  if (text.trim() === '') throw new ExpressionError('Enter an expression, for example A - B', offset);
  if (text.length > MAX_LENGTH)
    throw new ExpressionError(`At most ${MAX_LENGTH} characters`, offset + MAX_LENGTH);
  const tokens = tokenize(text, offset);
  let pos = 0;
  const peek = (): Token => tokens[pos] ?? { kind: 'end', text: '', at: text.length + offset };
  const next = (): Token => {
    const token = peek();
    pos++;
    return token;
  };
  let depth = 0;
  const expr = (): Expr => {
    let left = term();
    for (let t = peek(); t.kind === 'op' && (t.text === '+' || t.text === '-'); t = peek()) {
      next();
      left = { kind: 'bin', op: t.text, left, right: term() };
    }
    return left;
  };
  const term = (): Expr => {
    let left = unary();
    for (let t = peek(); t.kind === 'op' && (t.text === '*' || t.text === '/'); t = peek()) {
      next();
      left = { kind: 'bin', op: t.text, left, right: unary() };
    }
    return left;
  };
  const unary = (): Expr => {
    const t = peek();
    if (t.kind === 'op' && t.text === '-') {
      next();
      return { kind: 'neg', arg: unary() };
    }
    return atom();
  };
  const atom = (): Expr => {
    const t = next();
    if (t.kind === 'num') return { kind: 'num', value: Number(t.text) };
    if (t.kind === 'ref') return { kind: 'ref', name: t.text };
    if (t.kind === 'op' && t.text === '(') {
      if (++depth > 20) throw new ExpressionError('Too many nested parentheses', t.at);
      const inner = expr();
      const close = next();
      if (close.kind !== 'op' || close.text !== ')')
        throw new ExpressionError(`Missing “)” for the “(” at position ${t.at + 1}`, close.at);
      depth--;
      return inner;
    }
    if (t.kind === 'end') throw new ExpressionError('The expression ends too early', t.at);
    throw new ExpressionError(`Unexpected “${t.text}” at position ${t.at + 1}`, t.at);
  };
  const tree = expr();
  const rest = peek();
  if (rest.kind !== 'end')
    throw new ExpressionError(`Unexpected “${rest.text}” at position ${rest.at + 1}`, rest.at);
  return tree;
}

/** The series letters an expression reads. */
export function references(expr: Expr, into: Set<string> = new Set()): Set<string> {
  if (expr.kind === 'ref') into.add(expr.name);
  else if (expr.kind === 'neg') references(expr.arg, into);
  else if (expr.kind === 'bin') {
    references(expr.left, into);
    references(expr.right, into);
  }
  return into;
}

/** A unit, `null` for none (a ratio), or `undefined` for a bare number that adopts its partner's. */
type UnitOf = string | null | undefined;

/**
 * The unit of `expr` given the units of its series; throws ExpressionError for mixed units
 * (`$/MWh + MW`) or an unknown series letter.
 */
export function unitOf(expr: Expr, units: ReadonlyMap<string, string | null>): string | null {
  const walk = (e: Expr): UnitOf => {
    switch (e.kind) {
      case 'num':
        return undefined;
      case 'ref': {
        if (!units.has(e.name)) throw new ExpressionError(`There is no series ${e.name}`, 0);
        return units.get(e.name) ?? null;
      }
      case 'neg':
        return walk(e.arg);
      case 'bin': {
        const a = walk(e.left);
        const b = walk(e.right);
        if (a === undefined) return b;
        if (b === undefined) return a;
        if (e.op === '+' || e.op === '-') {
          if (a !== b)
            throw new ExpressionError(
              `Cannot ${e.op === '+' ? 'add' : 'subtract'} ${a ?? 'a unitless series'} and ${b ?? 'a unitless series'}`,
              0,
            );
          return a;
        }
        if (e.op === '/') {
          if (a === b) return null;
          if (b === null) return a;
          return `${a ?? '1'}/${b}`;
        }
        if (a === null) return b;
        if (b === null) return a;
        return `${a}·${b}`;
      }
    }
  };
  return walk(expr) ?? null;
}

/** Why an operation left an interval empty although every series it reads has a value there. */
const EMPTY_REASONS = {
  'division by zero': 'division by zero',
  overflow: 'a result too large for a number',
} as const;
type EmptyReason = keyof typeof EMPTY_REASONS;

/** Intervals an expression left empty itself, by reason (only reasons that occurred). */
export type EmptiedCounts = Partial<Record<EmptyReason, number>>;

export interface Evaluation {
  /** NaN (missing) where an operand is missing or an operation has no number to give. */
  values: Float64Array;
  /** Intervals where every series the expression reads has a value and the result is still missing. */
  emptied: EmptiedCounts;
}

const NONE = 0;
const REASON_CODES: readonly EmptyReason[] = ['division by zero', 'overflow'];

/**
 * `expr` evaluated point by point over series of equal length, with an account of the intervals
 * it left empty itself: a division by zero, or a result too large to hold (which would be ±∞, or
 * NaN one step later, and mean nothing on a chart), is missing, and counted by its reason where
 * every series the expression reads has a value; a gap in the data is not the expression's doing.
 */
export function evaluateCounted(
  expr: Expr,
  series: ReadonlyMap<string, Float64Array>,
  length: number,
): Evaluation {
  // The first operation that emptied each interval: 1 + its index in REASON_CODES.
  const reason = new Uint8Array(length);
  const mark = (i: number, code: number) => {
    if (reason[i] === NONE) reason[i] = code;
  };
  const walk = (e: Expr): Float64Array => {
    switch (e.kind) {
      case 'num':
        return new Float64Array(length).fill(e.value);
      case 'ref': {
        const values = series.get(e.name);
        if (!values) throw new ExpressionError(`There is no series ${e.name}`, 0);
        return values;
      }
      case 'neg': {
        const a = walk(e.arg);
        const out = new Float64Array(length);
        for (let i = 0; i < length; i++) out[i] = -(a[i] ?? Number.NaN);
        return out;
      }
      case 'bin': {
        const a = walk(e.left);
        const b = walk(e.right);
        const out = new Float64Array(length);
        for (let i = 0; i < length; i++) {
          const x = a[i] ?? Number.NaN;
          const y = b[i] ?? Number.NaN;
          if (Number.isNaN(x) || Number.isNaN(y)) {
            out[i] = Number.NaN;
            continue;
          }
          if (e.op === '/' && y === 0) {
            out[i] = Number.NaN;
            mark(i, 1);
            continue;
          }
          const v = e.op === '+' ? x + y : e.op === '-' ? x - y : e.op === '*' ? x * y : x / y;
          if (Number.isFinite(v)) out[i] = v;
          else {
            out[i] = Number.NaN;
            mark(i, 2);
          }
        }
        return out;
      }
    }
  };
  const values = walk(expr);
  const inputs = [...references(expr)].map((name) => series.get(name));
  const emptied: EmptiedCounts = {};
  for (let i = 0; i < length; i++) {
    const code = reason[i] ?? NONE;
    if (code === NONE) continue;
    // A later operation on a missing operand keeps the mark; a gap in a series wins over it.
    if (inputs.some((v) => Number.isNaN(v?.[i] ?? Number.NaN))) continue;
    const why = REASON_CODES[code - 1];
    if (why !== undefined) emptied[why] = (emptied[why] ?? 0) + 1;
  }
  return { values, emptied };
}

/** `expr` evaluated point by point: see evaluateCounted. */
export function evaluate(
  expr: Expr,
  series: ReadonlyMap<string, Float64Array>,
  length: number,
): Float64Array {
  return evaluateCounted(expr, series, length).values;
}

/** How many intervals an expression left empty and why, for a reader; null when none. */
export function describeEmptied(text: string, emptied: EmptiedCounts): string | null {
  const parts = REASON_CODES.filter((r) => (emptied[r] ?? 0) > 0);
  if (parts.length === 0) return null;
  const total = parts.reduce((n, r) => n + (emptied[r] ?? 0), 0);
  const why =
    parts.length === 1
      ? EMPTY_REASONS[parts[0] as EmptyReason]
      : parts.map((r) => `${EMPTY_REASONS[r]} (${formatInteger(emptied[r] ?? 0)})`).join(', ');
  return `${text}: ${formatInteger(total)} interval${total === 1 ? '' : 's'} left empty: ${why}`;
}

const PRECEDENCE = { '+': 1, '-': 1, '*': 2, '/': 2 } as const;

/** `expr` written back in one canonical form (`a-b` → `A - B`), with the parentheses it needs. */
export function formatExpression(expr: Expr): string {
  const walk = (e: Expr, outer: number, right: boolean): string => {
    switch (e.kind) {
      case 'num':
        return String(e.value);
      case 'ref':
        return e.name;
      case 'neg':
        return `-${walk(e.arg, 3, false)}`;
      case 'bin': {
        const own = PRECEDENCE[e.op];
        const text = `${walk(e.left, own, false)} ${e.op} ${walk(e.right, own, true)}`;
        // The right side of - and / needs them at its own level: A - (B - C).
        return own < outer || (right && own === outer) ? `(${text})` : text;
      }
    }
  };
  return walk(expr, 0, false);
}
