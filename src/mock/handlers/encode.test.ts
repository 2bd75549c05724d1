import { Rejection } from '../engine/rejection';
import { csvField, normaliseJsonSchema, toArrayOfArrays, toCsv } from './encode';

describe('toCsv', () => {
  it('writes a header line then one line per row, each ending in \\n', () => {
    expect(
      toCsv(
        ['a', 'b'],
        [
          [1, 'x'],
          [2.5, 'y'],
        ],
      ),
    ).toBe('a,b\n1,x\n2.5,y\n');
    expect(toCsv(['a', 'b'], [])).toBe('a,b\n');
  });

  it('quotes fields with commas, quotes, CR or LF and doubles inner quotes (RFC 4180)', () => {
    const csv = toCsv(['v'], [['a,b'], ['say "hi"'], ['line1\nline2'], ['cr\r'], ['plain'], ['']]);
    expect(csv).toBe('v\n"a,b"\n"say ""hi"""\n"line1\nline2"\n"cr\r"\nplain\n\n');
  });

  it('writes null as empty, booleans as true/false, objects and arrays as JSON text', () => {
    expect(toCsv(['n', 't', 'f', 'arr', 'obj'], [[null, true, false, ['x', 'y'], { k: 1 }]])).toBe(
      'n,t,f,arr,obj\n,true,false,"[""x"",""y""]","{""k"":1}"\n',
    );
    expect(csvField(undefined)).toBe('');
    expect(csvField(-0.25)).toBe('-0.25');
    expect(csvField('2024-03-01T00:00:00-06:00')).toBe('2024-03-01T00:00:00-06:00');
  });

  it('keeps formula-looking values as they are (neutralising them is the explorer’s job)', () => {
    expect(csvField('=SUM(A1)')).toBe('=SUM(A1)');
  });

  it('encodes a 50,000-row page, one line per row', () => {
    const columns = ['interval_start_utc', 'interval_end_utc', 'location', 'spp'];
    const rows = Array.from({ length: 50_000 }, (_, i) => [
      '2024-03-01T06:00:00+00:00',
      '2024-03-01T06:15:00+00:00',
      i % 7 === 0 ? 'HB,ODD' : 'HB_NORTH',
      i / 7,
    ]);
    const csv = toCsv(columns, rows);
    expect(csv.split('\n')).toHaveLength(50_002);
  });
});

describe('toArrayOfArrays', () => {
  it('puts the column names first and lays object rows out in that order', () => {
    expect(toArrayOfArrays(['b', 'a'], [{ a: 1, b: 2 }, { a: 3 }])).toEqual([
      ['b', 'a'],
      [2, 1],
      [null, 3],
    ]);
  });

  it('passes rows that are arrays already', () => {
    expect(toArrayOfArrays(['a'], [[1], [2]])).toEqual([['a'], [1], [2]]);
  });

  it('gives [[...names]] for an empty result', () => {
    expect(toArrayOfArrays(['a', 'b'], [])).toEqual([['a', 'b']]);
  });
});

describe('normaliseJsonSchema', () => {
  it('accepts the canonical names and hyphenated aliases, defaulting to array_of_objects', () => {
    expect(normaliseJsonSchema(undefined)).toBe('array_of_objects');
    expect(normaliseJsonSchema('array_of_arrays')).toBe('array_of_arrays');
    expect(normaliseJsonSchema('array-of-arrays')).toBe('array_of_arrays');
    expect(normaliseJsonSchema('array-of-objects')).toBe('array_of_objects');
  });

  it('rejects anything else with 400 naming json_schema', () => {
    try {
      normaliseJsonSchema('table');
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(Rejection);
      expect((error as Rejection).kind).toBe('invalid');
      expect((error as Rejection).detail).toBe(
        "Invalid value 'table' for json_schema. Allowed values: array_of_objects, array_of_arrays.",
      );
    }
  });
});
