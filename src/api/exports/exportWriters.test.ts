import fc from 'fast-check';
import { plainCsvFacts } from '@/api/exports/exportWriters';

const encode = (text: string) => new TextEncoder().encode(text);

describe('plainCsvFacts (what a Parquet export learns of a page without decoding it)', () => {
  it('counts the records and reads the last row’s time as a full read does, for any page', () => {
    const instant = fc.integer({ min: 0, max: 2_000_000_000 }).map((s) => new Date(s * 1000).toISOString());
    const record = fc.tuple(
      fc.constantFrom('HB_NORTH', '', 'Trading Hub'),
      instant,
      fc.double({ noNaN: true }),
    );
    fc.assert(
      fc.property(
        fc.array(record, { maxLength: 30 }),
        fc.constantFrom('\n', '\r\n'),
        fc.boolean(),
        (rows, eol, endsWithEol) => {
          const lines = ['location,interval_start_utc,lmp', ...rows.map(([l, t, v]) => `${l},${t},${v}`)];
          const text = lines.join(eol) + (endsWithEol ? eol : '');
          const facts = plainCsvFacts(encode(text), 'interval_start_utc');
          expect(facts?.rows).toBe(rows.length);
          const last = rows[rows.length - 1];
          if (last === undefined) expect(facts?.lastRowMs).toBeNaN();
          else expect(facts?.lastRowMs).toBe(Date.parse(last[1]));
        },
      ),
    );
  });

  it('leaves a page with quotes to the full read (a field may hold a line break)', () => {
    expect(plainCsvFacts(encode('a,b\n"x\ny",1\n'), 'a')).toBeNull();
  });

  it('reads a header alone, or nothing, as no rows', () => {
    expect(plainCsvFacts(encode('a,b\n'), 'a')).toEqual({ rows: 0, lastRowMs: Number.NaN });
    expect(plainCsvFacts(encode(''), 'a')).toEqual({ rows: 0, lastRowMs: Number.NaN });
  });
});
