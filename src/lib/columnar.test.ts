import fc from 'fast-check';
import type { CellValue } from '@/contract';
import { formatWithOffset, parseIsoOffset } from '@/time';
import { pageRows, toColumnar } from './columnar';

const YEAR_0 = -62_167_219_200_000;
const YEAR_9999_END = 253_402_300_799_000;

/** A time as the API writes it: whole seconds, an explicit offset, never `Z`. */
const apiTime = fc
  .record({
    s: fc.integer({ min: YEAR_0 / 1000 + 86_400, max: YEAR_9999_END / 1000 - 86_400 }),
    offset: fc.integer({ min: -23 * 60 - 59, max: 23 * 60 + 59 }),
  })
  .map(({ s, offset }) => formatWithOffset(s * 1000, offset));

/** A column of one kind (or mixed), as cells of a JSON page can be. */
const cell: fc.Arbitrary<CellValue>[] = [
  fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constant(null)),
  fc.oneof(apiTime, fc.constant(null)),
  fc.oneof(fc.constantFrom('HB_NORTH', 'HB_WEST', 'LZ_AEN'), fc.constant(null)),
  fc.oneof(
    fc.string(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.boolean(),
    apiTime,
    fc.constant(null),
  ),
];

describe('columnar pages', () => {
  it('round-trip any rows: the cells come back exactly as they went in', () => {
    fc.assert(
      fc.property(
        fc
          .array(fc.integer({ min: 0, max: cell.length - 1 }), { minLength: 1, maxLength: 6 })
          .chain((kinds) =>
            fc.tuple(
              fc.constant(kinds),
              fc.array(fc.tuple(...kinds.map((k) => cell[k] ?? fc.constant(null))), { maxLength: 300 }),
            ),
          ),
        ([kinds, rows]) => {
          const names = kinds.map((_, i) => `c${i}`);
          const page = toColumnar(names, rows);
          expect(page.rowCount).toBe(rows.length);
          expect(pageRows(page)).toEqual(rows);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('keeps a timestamp byte-identical to the text the API sent', () => {
    fc.assert(
      fc.property(apiTime, (text) => {
        const t = parseIsoOffset(text);
        expect(t).not.toBeNull();
        if (t) expect(formatWithOffset(t.ms, t.offsetMin)).toBe(text);
      }),
    );
    expect(parseIsoOffset('2024-03-01T00:00:00-06:00')).toEqual({
      ms: Date.UTC(2024, 2, 1, 6),
      offsetMin: -360,
    });
  });

  it('stores a time column as epoch ms and offsets, and leaves other spellings as text', () => {
    const page = toColumnar(
      ['t', 'u'],
      [
        ['2024-03-10T01:00:00-06:00', '2024-03-01T00:00:00Z'],
        ['2024-03-10T03:00:00-05:00', '2024-02-30T00:00:00+00:00'],
        [null, '2024-03-01T00:00:00-00:00'],
      ],
    );
    expect(page.columns.map((c) => c.kind)).toEqual(['time', 'dict']);
    expect(pageRows(page)).toEqual([
      ['2024-03-10T01:00:00-06:00', '2024-03-01T00:00:00Z'],
      ['2024-03-10T03:00:00-05:00', '2024-02-30T00:00:00+00:00'],
      [null, '2024-03-01T00:00:00-00:00'],
    ]);
  });

  it('holds 50,000 LMP rows in a few bytes a cell', () => {
    const rows = Array.from({ length: 50_000 }, (_, i): CellValue[] => [
      formatWithOffset(Date.UTC(2024, 0, 1) + i * 300_000, -360),
      ['HB_NORTH', 'HB_WEST', 'LZ_AEN'][i % 3] ?? null,
      'REAL_TIME_SCED',
      i % 7 === 0 ? null : -12.5 + i / 100,
    ]);
    const page = toColumnar(['time', 'location', 'market', 'lmp'], rows);
    const bytes = page.columns.reduce((sum, c) => {
      if (c.kind === 'number') return sum + c.values.byteLength + c.nulls.byteLength;
      if (c.kind === 'time') return sum + c.ms.byteLength + c.offsetMin.byteLength + c.nulls.byteLength;
      return sum + c.codes.byteLength;
    }, 0);
    // 8 + 2 (time) + 1 + 1 (codes) + 8 (number) bytes a row, plus the null bitmaps.
    expect(bytes / rows.length).toBeLessThan(21);
    expect(pageRows(page, 7, 8)).toEqual([rows[7]]);
  });
});
