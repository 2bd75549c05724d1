import { Rejection } from './rejection';
import fc from 'fast-check';
import { intInRange, oneOf, ParamReader, parseBoolean, parsePythonFloat, parsePythonInt } from './params';

function problemOf(fn: () => unknown): Rejection {
  try {
    fn();
  } catch (error) {
    if (error instanceof Rejection) return error;
    throw error;
  }
  throw new Error('expected a Rejection');
}

describe('parsers', () => {
  it('reads booleans as true/false/1/0 in any case', () => {
    expect(['true', 'TRUE', 'True', '1'].map(parseBoolean)).toEqual([true, true, true, true]);
    expect(['false', 'FaLsE', '0'].map(parseBoolean)).toEqual([false, false, false]);
    expect(['yes', '', '2', 'on'].map(parseBoolean)).toEqual([undefined, undefined, undefined, undefined]);
  });

  it("reads integers as Python's int() reads them in base 10", () => {
    expect(['42', '-7', '+3', '007', ' 7 ', '1_000', '\t-1_2\u3000'].map(parsePythonInt)).toEqual([
      42, -7, 3, 7, 7, 1000, -12,
    ]);
    const refused = ['1.5', '1.0', 'abc', '', ' ', '0x10', '0b11', '0o7', '1e3', '1__0', '_1', '1_', '+_1'];
    expect(refused.map(parsePythonInt)).toEqual(refused.map(() => undefined));
    // Beyond what a double holds exactly: no page or limit means anything there.
    expect(parsePythonInt('99999999999999999999')).toBeUndefined();
  });

  it("reads numbers as Python's float() reads a decimal literal", () => {
    const accepted: [string, number][] = [
      ['29.76', 29.76],
      ['1e3', 1000],
      ['.5', 0.5],
      ['+1', 1],
      ['-0.5', -0.5],
      ['1_000', 1000],
      ['1.', 1],
      [' 1 ', 1],
      ['1E-3', 0.001],
      ['1_0.2_5e1_0', 10.25e10],
      ['\n\u00a02\u2029', 2],
    ];
    expect(accepted.map(([text]) => parsePythonFloat(text))).toEqual(accepted.map(([, n]) => n));
  });

  it.each([
    ['hex, binary and octal, which JavaScript reads', ['0x10', '0X1A', '0b11', '0o7', '-0x1']],
    ['underscores not between two digits', ['1__0', '_1', '1_', '1_.5', '1._5', '1_e5', '1e_5', '+_1']],
    ['empty, blank and not numbers', ['', ' ', 'abc', '1,5', '.', 'e3', '1e', '--1', '١٢']],
    // U+FEFF is no space to Python (JavaScript's trim strips it); U+001C is one only to str.strip.
    ['characters Python does not strip', ['\ufeff1', '1\u001c']],
    ['non-finite values', ['inf', 'nan', 'Infinity', '-Infinity', 'NaN', '1e999', '-1e999']],
  ])('refuses %s', (_what, texts) => {
    expect(texts.map(parsePythonFloat)).toEqual(texts.map(() => undefined));
  });

  // `String(-0)` is `0`: equal as numbers, which is all a filter compares.
  it('reads back every finite double as JavaScript writes it', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (x) => {
        expect(parsePythonFloat(String(x)) === x).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('reads a double written with underscores between digits and spaces around', () => {
    const spaced = fc.constantFrom('', ' ', '\t', '\n ', '\u3000', '\u00a0');
    fc.assert(
      fc.property(
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        spaced,
        spaced,
        fc.nat(),
        (x, a, b, seed) => {
          // An underscore after some digits that have a digit after them.
          const text = String(x).replace(/(?<=\d)(?=\d)/g, (_m, at: number) =>
            (at + seed) % 3 === 0 ? '_' : '',
          );
          expect(parsePythonFloat(`${a}${text}${b}`) === x).toBe(true);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('refuses every hex, binary and octal spelling', () => {
    const prefixed = fc
      .tuple(
        fc.constantFrom('', '+', '-', ' '),
        fc.constantFrom('0x', '0X', '0b', '0B', '0o', '0O'),
        fc.stringMatching(/^[0-9a-fA-F_]{1,12}$/),
      )
      .map(([sign, prefix, digits]) => `${sign}${prefix}${digits}`);
    fc.assert(
      fc.property(prefixed, (text) => {
        expect(parsePythonFloat(text)).toBeUndefined();
        expect(parsePythonInt(text)).toBeUndefined();
      }),
      { numRuns: 1000 },
    );
  });
});

describe('ParamReader', () => {
  it('gives values and defaults, and collects every type error before throwing one 422', () => {
    const q = new ParamReader(new URLSearchParams('page=abc&limit=5&download=maybe&lat=x&flag=0'));
    expect(q.integer('limit')).toBe(5);
    expect(q.integer('page_size', 500)).toBe(500);
    expect(q.integer('page', 1)).toBe(1);
    expect(q.boolean('download', false)).toBe(false);
    expect(q.boolean('flag')).toBe(false);
    expect(q.number('lat')).toBeUndefined();
    const problem = problemOf(() => q.assertValid());
    expect(problem.kind).toBe('wrong_type');
    expect(problem.detail).toEqual([
      { loc: ['query', 'page'], msg: 'Input should be a valid integer', type: 'int_parsing', input: 'abc' },
      {
        loc: ['query', 'download'],
        msg: 'Input should be a valid boolean',
        type: 'bool_parsing',
        input: 'maybe',
      },
      { loc: ['query', 'lat'], msg: 'Input should be a valid number', type: 'float_parsing', input: 'x' },
    ]);
  });

  it('passes when every parameter has the right type, and reads lists', () => {
    const q = new ParamReader(new URLSearchParams('zones=LZ_WEST, LZ_NORTH,,&search=&cursor=&filter_value='));
    expect(q.list('zones')).toEqual(['LZ_WEST', 'LZ_NORTH']);
    expect(q.list('missing')).toBeUndefined();
    // `?search=` is `search` absent (contract §1); `cursor=` and `filter_value=` keep their empty value.
    expect(q.string('search')).toBeUndefined();
    expect(q.string('cursor')).toBe('');
    expect(q.string('filter_value')).toBe('');
    expect(() => q.assertValid()).not.toThrow();
  });

  it('takes custom typed readers for dates and the like', () => {
    const q = new ParamReader(new URLSearchParams('date=2024-13-01'));
    const date = q.typed('date', (raw) => (/^\d{4}-(0[1-9]|1[0-2])-\d{2}$/.test(raw) ? raw : undefined), {
      msg: 'Input should be a valid date',
      type: 'date_from_datetime_parsing',
    });
    expect(date).toBeUndefined();
    expect(problemOf(() => q.assertValid()).detail).toEqual([
      {
        loc: ['query', 'date'],
        msg: 'Input should be a valid date',
        type: 'date_from_datetime_parsing',
        input: '2024-13-01',
      },
    ]);
  });
});

describe('rule checks', () => {
  it('oneOf falls back when absent and names the parameter and allowed values otherwise', () => {
    expect(oneOf('order', undefined, ['asc', 'desc'], 'asc')).toBe('asc');
    expect(oneOf('order', 'desc', ['asc', 'desc'], 'asc')).toBe('desc');
    expect(oneOf('op', 'eq', ['=', '!='], '=', { aliases: { eq: '=' } })).toBe('=');
    expect(oneOf('fn', 'MEAN', ['mean', 'sum'], 'sum', { caseInsensitive: true })).toBe('mean');
    const problem = problemOf(() => oneOf('order', 'up', ['asc', 'desc'], 'asc'));
    expect(problem.kind).toBe('invalid');
    expect(problem.detail).toBe("Invalid value 'up' for order. Allowed values: asc, desc.");
  });

  it('intInRange accepts the bounds and rejects values outside with 400', () => {
    expect(intInRange('limit', 1, 1, 1000)).toBe(1);
    expect(intInRange('limit', 1000, 1, 1000)).toBe(1000);
    expect(problemOf(() => intInRange('limit', 0, 1, 1000)).detail).toBe(
      'Invalid value 0 for limit: it must be an integer between 1 and 1000.',
    );
    expect(problemOf(() => intInRange('page', -1, 1, null)).detail).toBe(
      'Invalid value -1 for page: it must be an integer at least 1.',
    );
  });
});
