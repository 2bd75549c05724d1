import { csvField, csvHeader, csvLine, csvRows, neutraliseCsv, neutraliseCsvText, parseCsv } from '@/lib/csv';

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
    expect(neutraliseCsv(text)).toBe('location,spp,note\nHB_NORTH,-5.25,"\'=1+2"\nLZ_WEST,12,"a,b"\n');
    expect(parseCsv('a,"b ""q""",\n')).toEqual([['a', 'b "q"', '']]);
  });
});

describe('neutraliseCsvText', () => {
  it('prefixes formula-like text, keeps numbers and quoting, splits the header and counts records', () => {
    const text =
      'location,spp,note\n' +
      '=HYPERLINK("x"),-5.25,+1 call\n' +
      '"-a,b",1e-3,"@home ""q"""\n' +
      'HB_NORTH,-0.5,\n' +
      '"\tTAB",12,"multi\nline"\n';
    const result = neutraliseCsvText(text);
    expect(result.header).toBe('location,spp,note\n');
    expect(result.rows).toBe(4);
    expect(result.body).toBe(
      '\'=HYPERLINK("x"),-5.25,\'+1 call\n' +
        '"\'-a,b",1e-3,"\'@home ""q"""\n' +
        'HB_NORTH,-0.5,\n' +
        '"\'\tTAB",12,"multi\nline"\n',
    );
    // Parsed back, every text field that started like a formula now starts with '.
    const fields = parseCsv(result.header + result.body).flat();
    for (const f of fields) if (/^[=+@\t]/.test(f)) throw new Error(`not neutralised: ${f}`);
  });

  it('handles a header alone, an empty text and a last line without a line end', () => {
    expect(neutraliseCsvText('a,b\n')).toEqual({ header: 'a,b\n', body: '', rows: 0 });
    expect(neutraliseCsvText('')).toEqual({ header: '', body: '', rows: 0 });
    expect(neutraliseCsvText('a\r\n-x\r\n5')).toEqual({ header: 'a\r\n', body: "'-x\r\n5", rows: 2 });
  });
});
