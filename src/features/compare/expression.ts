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

/**
 * `expr` evaluated point by point over series of equal length: NaN (missing) wherever an operand
 * is missing, and where a division is by zero.
 */
export function evaluate(
  expr: Expr,
  series: ReadonlyMap<string, Float64Array>,
  length: number,
): Float64Array {
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
          out[i] =
            e.op === '+' ? x + y : e.op === '-' ? x - y : e.op === '*' ? x * y : y === 0 ? Number.NaN : x / y;
        }
        return out;
      }
    }
  };
  return walk(expr);
}
