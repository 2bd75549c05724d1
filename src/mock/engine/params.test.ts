import { Rejection } from './rejection';
import { intInRange, oneOf, ParamReader, parseBoolean, parseInteger, parseNumber } from './params';

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

  it('reads base-10 integers with an optional sign only', () => {
    expect(['42', '-7', '+3', '007'].map(parseInteger)).toEqual([42, -7, 3, 7]);
    expect(['1.5', 'abc', '', '0x10', '1e3', '99999999999999999999'].map(parseInteger)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('reads finite decimal numbers', () => {
    expect(['29.76', '-95.37', '.5', '1e2', '3'].map(parseNumber)).toEqual([29.76, -95.37, 0.5, 100, 3]);
    expect(['NaN', 'Infinity', 'abc', '', '1,5'].map(parseNumber)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
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
