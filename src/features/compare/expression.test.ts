import fc from 'fast-check';
import { evaluate, ExpressionError, parseExpression, unitOf } from './expression';

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
});
