import { csvField, csvHeader, csvLine, csvRows, neutraliseCsv, parseCsv } from '@/lib/csv';

describe('csv', () => {
  it('quotes fields with commas, quotes and line breaks (RFC 4180)', () => {
    expect(csvLine(['a,b', 'say "hi"', 'two\nlines', 'plain'])).toBe(
      '"a,b","say ""hi""","two\nlines",plain\n',
    );
  });

  it('neutralises text a spreadsheet would run as a formula', () => {
    expect(csvField('=SUM(A1:A9)')).toBe("'=SUM(A1:A9)");
    expect(csvField('+1')).toBe("'+1");
    expect(csvField('-x')).toBe("'-x");
    expect(csvField('@cmd')).toBe("'@cmd");
    expect(csvField('\tx')).toBe("'\tx");
    expect(csvField('\rx')).toBe('"\'\rx"');
    expect(csvField('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
  });

  it('leaves numbers, including negative prices, untouched', () => {
    expect(csvLine([-12.5, 0, 3000, null, true])).toBe('-12.5,0,3000,,true\n');
  });

  it('writes a header and array rows', () => {
    expect(csvHeader(['time', 'spp']) + csvRows([['2025-07-15T00:00:00+00:00', -3.2]])).toBe(
      'time,spp\n2025-07-15T00:00:00+00:00,-3.2\n',
    );
  });

  it('re-writes API CSV: numbers stay, formulas are neutralised, quoting survives', () => {
    const text = 'location,spp,note\nHB_NORTH,-5.25,"=1+2"\nLZ_WEST,12,"a,b"\n';
    expect(neutraliseCsv(text)).toBe('location,spp,note\nHB_NORTH,-5.25,\'=1+2\nLZ_WEST,12,"a,b"\n');
    expect(parseCsv('a,"b ""q""",\n')).toEqual([['a', 'b "q"', '']]);
  });
});
