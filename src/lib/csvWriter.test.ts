import fc from 'fast-check';
import { parseCsv } from '@/lib/csv';
import { computedFormat, csvLine, csvNumber, dataDecimals, decimalsOf, writeCsv } from '@/lib/csvWriter';

/**
 * `x` rounded to `p` decimals (ties away from zero), worked out exactly on the double's binary value
 * with BigInt, so the check does not lean on toFixed, which the writer uses.
 */
function exactRounded(x: number, p: number): number {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, Math.abs(x));
  const bits = view.getBigUint64(0);
  const exponentBits = Number((bits >> 52n) & 0x7ffn);
  const fraction = bits & ((1n << 52n) - 1n);
  const mantissa = exponentBits === 0 ? fraction : fraction | (1n << 52n);
  const exponent = (exponentBits === 0 ? 1 : exponentBits) - 1075;
  let num = mantissa * 10n ** BigInt(p);
  let den = 1n;
  if (exponent >= 0) num <<= BigInt(exponent);
  else den <<= BigInt(-exponent);
  const n = (2n * num + den) / (2n * den);
  const r = Number(`${n}e-${p}`);
  return x < 0 ? -r : r;
}

/** Significant digits of a decimal text (`0.0940` → 3, `1.5e-7` → 2). */
const significant = (text: string): number =>
  text.replace(/^-/, '').replace(/e.*$/i, '').replace('.', '').replace(/^0+/, '').replace(/0+$/, '').length;

describe('csvNumber', () => {
  it('writes the value rounded to the precision as the shortest text that reads back as it', () => {
    fc.assert(
      fc.property(
        // Any double, and often one of the size market data has, whose digits the rounding keeps.
        fc.oneof(
          fc.double({ noNaN: true, noDefaultInfinity: true }),
          fc.double({ min: -1e5, max: 1e5, noNaN: true }),
        ),
        fc.integer({ min: 0, max: 20 }),
        (x, p) => {
          const text = csvNumber(x, { decimals: p });
          const target = exactRounded(x, p);
          expect(Number(text)).toBe(target === 0 ? 0 : target);
          // Shortest: no decimal of one digit fewer reads back as the same double.
          const k = significant(text);
          if (k > 1) expect(Number(Math.abs(target).toPrecision(k - 1))).not.toBe(Math.abs(target));
          // A number as every reader reads one: no trailing zeros after the point, no `+`, no `-0`.
          expect(text).toMatch(/^-?(?:0|[1-9]\d*)(?:\.\d*[1-9])?$|^-?\d(?:\.\d*[1-9])?e[+-]\d+$/);
          expect(text).not.toBe('-0');
        },
      ),
      { numRuns: 5000 },
    );
  });

  it('writes what arithmetic leaves as the decimal it means', () => {
    // 1000.94 - 1000 in doubles, a spread of two prices.
    expect(1000.94 - 1000).not.toBe(0.94);
    expect(csvNumber(1000.94 - 1000, computedFormat(2))).toBe('0.94');
    expect(csvNumber(0.9400000000000013, { decimals: 2 })).toBe('0.94');
    // A mean of 2-decimal prices gains two digits, no more.
    expect(csvNumber(27.923333333333332, computedFormat(2))).toBe('27.9233');
    expect(csvNumber(-12.5, computedFormat(2))).toBe('-12.5');
    expect(csvNumber(0.1 + 0.2, { significant: 12 })).toBe('0.3');
    expect(csvNumber(-0.0001, { decimals: 2 })).toBe('0');
  });

  it('writes a number as it is without a precision, and a missing one as an empty field', () => {
    expect(csvNumber(28.577499999999997)).toBe('28.577499999999997');
    expect(csvNumber(3000)).toBe('3000');
    expect(csvNumber(Number.NaN)).toBe('');
    expect(csvNumber(Number.POSITIVE_INFINITY)).toBe('');
    expect(csvNumber(-0)).toBe('0');
  });
});

describe('dataDecimals', () => {
  it('reads the decimals the data has, and ignores means and noise', () => {
    expect(dataDecimals(Float64Array.from([27.12, 31.5, 1200, Number.NaN, 27.923333333333332]))).toBe(2);
    expect(dataDecimals(Float64Array.from([1000.94 - 1000, 0.1 + 0.2]))).toBeNull();
    expect(dataDecimals([])).toBeNull();
    expect(dataDecimals([0, 0])).toBe(0);
    expect(decimalsOf(1e-7)).toBe(7);
    expect(decimalsOf(-1.25)).toBe(2);
  });
});

describe('writeCsv', () => {
  it('writes the header row first, quotes what needs it, and reads back as it was written', () => {
    const text = writeCsv(
      ['time', 'location, name', 'spp'],
      [
        ['2025-07-01T05:00:00+00:00', 'HB "NORTH"', -12.5],
        ['2025-07-01T06:00:00+00:00', 'a\nb', null],
      ],
    );
    expect(text.split('\n')[0]).toBe('time,"location, name",spp');
    expect(parseCsv(text)).toEqual([
      ['time', 'location, name', 'spp'],
      ['2025-07-01T05:00:00+00:00', 'HB "NORTH"', '-12.5'],
      ['2025-07-01T06:00:00+00:00', 'a\nb', ''],
    ]);
  });

  it('neutralises text cells a spreadsheet would run, never numbers', () => {
    const cells = ['=SUM(A1)', '+1', '-x', '@cmd', '\tx', '\rx', 'plain', '-5.25', -12.5, -0.5, 1e-7];
    expect(parseCsv(csvLine(cells))[0]).toEqual([
      "'=SUM(A1)",
      "'+1",
      "'-x",
      "'@cmd",
      "'\tx",
      "'\rx",
      'plain',
      // Text that is a whole number is read as that number: nothing for a spreadsheet to run.
      '-5.25',
      '-12.5',
      '-0.5',
      '1e-7',
    ]);
    expect(csvLine(['=1+2', -3], { neutralise: false })).toBe('=1+2,-3');
  });
});
