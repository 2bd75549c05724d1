import fc from 'fast-check';
import {
  describeEmptied,
  evaluate,
  evaluateCounted,
  ExpressionError,
  formatExpression,
  parseExpression,
  unitOf,
} from './expression';

const units = new Map<string, string | null>([
  ['A', '$/MWh'],
  ['B', '$/MWh'],
  ['C', 'MW'],
  ['D', 'MW'],
]);
const value = fc.option(fc.double({ min: -1e6, max: 1e6, noNaN: true }), { nil: Number.NaN });
const column = (n: number) =>
  fc.array(value, { minLength: n, maxLength: n }).map((a) => Float64Array.from(a));

function unitText(text: string): string | null {
  return unitOf(parseExpression(text), units);
}
function errorOf(run: () => unknown): string {
  try {
    run();
  } catch (e) {
    if (e instanceof ExpressionError) return e.message;
    throw e;
  }
  return '';
}

describe('derived series expressions', () => {
  it('reads the usual arithmetic with precedence, parentheses and unary minus', () => {
    const one = (text: string, a: number, b: number) =>
      evaluate(
        parseExpression(text),
        new Map([
          ['A', Float64Array.of(a)],
          ['B', Float64Array.of(b)],
        ]),
        1,
      )[0];
    expect(one('A - B', 10, 4)).toBe(6);
    expect(one('A + B * 2', 1, 3)).toBe(7);
    expect(one('(A + B) * 2', 1, 3)).toBe(8);
    expect(one('-A - -B', 5, 2)).toBe(-3);
    expect(one('0.5 * A / B', 8, 2)).toBe(2);
    expect(one('a - b', 3, 1)).toBe(2);
    expect(one('1e3 * A', 2, 0)).toBe(2000);
  });

  it('gives units by the operands: same unit for + and −, none for a ratio of one unit', () => {
    expect(unitText('A - B')).toBe('$/MWh');
    expect(unitText('2 * A + 5')).toBe('$/MWh');
    expect(unitText('C - D')).toBe('MW');
    expect(unitText('C / D')).toBeNull();
    expect(unitText('A * C')).toBe('$/MWh·MW');
    expect(errorOf(() => unitText('A + C'))).toBe('Cannot add $/MWh and MW');
    expect(errorOf(() => unitText('A - Z'))).toBe('There is no series Z');
  });

  it('says where an expression goes wrong', () => {
    expect(errorOf(() => parseExpression(''))).toMatch(/Enter an expression/);
    expect(errorOf(() => parseExpression('A -'))).toBe('The expression ends too early');
    expect(errorOf(() => parseExpression('(A - B'))).toBe('Missing “)” for the “(” at position 1');
    expect(errorOf(() => parseExpression('A $ B'))).toBe('Unexpected “$” at position 3');
    expect(errorOf(() => parseExpression('A B'))).toBe('Unexpected “B” at position 3');
    expect(errorOf(() => parseExpression('alert(1)'))).toBe('Unexpected “(” at position 6');
    expect(errorOf(() => parseExpression('('.repeat(30) + 'A' + ')'.repeat(30)))).toBe(
      'Too many nested parentheses',
    );
  });

  it('A − B is the pointwise difference on the grid, missing where either side is', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 40 }).chain((n) => fc.tuple(column(n), column(n))),
        ([a, b]) => {
          const out = evaluate(
            parseExpression('A - B'),
            new Map([
              ['A', a],
              ['B', b],
            ]),
            a.length,
          );
          for (let i = 0; i < a.length; i++) {
            const x = a[i] ?? Number.NaN;
            const y = b[i] ?? Number.NaN;
            if (Number.isNaN(x) || Number.isNaN(y)) expect(out[i]).toBeNaN();
            else expect(out[i]).toBe(x - y);
          }
        },
      ),
    );
  });

  it('a division by zero is missing, not infinite', () => {
    const out = evaluate(
      parseExpression('A / B'),
      new Map([
        ['A', Float64Array.of(1, 2)],
        ['B', Float64Array.of(0, 4)],
      ]),
      2,
    );
    expect(Array.from(out)).toEqual([Number.NaN, 0.5]);
  });

  it('counts the intervals a division by zero left empty, and not those the data left empty', () => {
    const series = new Map([
      ['A', Float64Array.of(10, 20, Number.NaN, 40, 50)],
      ['B', Float64Array.of(0, 4, 0, Number.NaN, 0)],
    ]);
    // Interval 2 is missing in A and interval 3 in B: gaps in the data, not the division's doing.
    const out = evaluateCounted(parseExpression('A / B'), series, 5);
    expect(Array.from(out.values)).toEqual([Number.NaN, 5, Number.NaN, Number.NaN, Number.NaN]);
    expect(out.emptied).toEqual({ 'division by zero': 2 });
    // A / 0 empties every interval A has a value in.
    expect(evaluateCounted(parseExpression('A / 0'), series, 5).emptied).toEqual({ 'division by zero': 4 });
    // A gap met after the division still counts against the division only where the data is whole.
    expect(evaluateCounted(parseExpression('A / 0 + B'), series, 5).emptied).toEqual({
      'division by zero': 3,
    });
    expect(evaluateCounted(parseExpression('A - B'), series, 5).emptied).toEqual({});
  });

  it('a result too large for a number is missing and counted, not infinite', () => {
    const out = evaluateCounted(parseExpression('A * A * A'), new Map([['A', Float64Array.of(1e200, 2)]]), 2);
    expect(Array.from(out.values)).toEqual([Number.NaN, 8]);
    expect(out.emptied).toEqual({ overflow: 1 });
  });

  it('every missing value of a result is either missing in an operand or counted with its reason', () => {
    const exprs = ['A / B', '(A - B) / (B - A)', 'A / (B - 1) + B', '-A / B * 2'].map((t) =>
      parseExpression(t),
    );
    const small = fc.option(fc.integer({ min: -2, max: 2 }), { nil: Number.NaN });
    fc.assert(
      fc.property(
        fc
          .integer({ min: 0, max: 30 })
          .chain((n) =>
            fc.tuple(
              fc.array(small, { minLength: n, maxLength: n }),
              fc.array(small, { minLength: n, maxLength: n }),
            ),
          ),
        fc.constantFrom(...exprs),
        ([a, b], expr) => {
          const series = new Map([
            ['A', Float64Array.from(a)],
            ['B', Float64Array.from(b)],
          ]);
          const { values, emptied } = evaluateCounted(expr, series, a.length);
          let fromData = 0;
          let empty = 0;
          for (let i = 0; i < a.length; i++) {
            if (!Number.isNaN(values[i] ?? Number.NaN)) continue;
            empty++;
            if (Number.isNaN(a[i] ?? Number.NaN) || Number.isNaN(b[i] ?? Number.NaN)) fromData++;
          }
          expect(empty - fromData).toBe(emptied['division by zero'] ?? 0);
        },
      ),
    );
  });

  it('says how many intervals were left empty and why, in words', () => {
    expect(describeEmptied('A / 0', { 'division by zero': 168 })).toBe(
      'A / 0: 168 intervals left empty: division by zero',
    );
    expect(describeEmptied('A / B', { 'division by zero': 1 })).toBe(
      'A / B: 1 interval left empty: division by zero',
    );
    expect(describeEmptied('A * B / C', { 'division by zero': 2, overflow: 1 })).toBe(
      'A * B / C: 3 intervals left empty: division by zero (2), a result too large for a number (1)',
    );
    expect(describeEmptied('A - B', {})).toBeNull();
  });

  it('writes an expression back in one form that parses to the same thing', () => {
    expect(formatExpression(parseExpression('a-b'))).toBe('A - B');
    expect(formatExpression(parseExpression('(A - B) / 2'))).toBe('(A - B) / 2');
    expect(formatExpression(parseExpression('A - (B - C)'))).toBe('A - (B - C)');
    expect(formatExpression(parseExpression('-(A + B)'))).toBe('-(A + B)');
    for (const text of ['A - B * C', '(A + B) * (C - D)', 'A / B / C', 'A / (B / C)', '--A', '0.5 * A'])
      expect(parseExpression(formatExpression(parseExpression(text)))).toEqual(parseExpression(text));
  });
});
