import { toCsv } from '@/mock/handlers/encode';
import fc from 'fast-check';
import { neutraliseAnyCsvText, neutraliseCsv, neutraliseCsvText, parseCsv } from '@/lib/csv';

describe('neutraliseCsv on CSV as the API writes it', () => {
  const cells = [
    '=SUM(A1:A9)',
    '+1',
    '-x',
    '@cmd',
    '\tx',
    '\rx',
    '=HYPERLINK("x")',
    'a,b',
    'say "hi"',
    'plain',
  ];

  it('prefixes every text cell a spreadsheet would run as a formula, and keeps the rest', () => {
    const api = toCsv(
      ['cell'],
      cells.map((c) => [c]),
    );
    const read = parseCsv(neutraliseCsv(api)).map((r) => r[0]);
    expect(read).toEqual([
      'cell',
      "'=SUM(A1:A9)",
      "'+1",
      "'-x",
      "'@cmd",
      "'\tx",
      "'\rx",
      '\'=HYPERLINK("x")',
      'a,b',
      'say "hi"',
      'plain',
    ]);
  });

  it('leaves numbers, negative prices included, and empty cells untouched', () => {
    const api = toCsv(
      ['spp', 'n', 'e'],
      [
        [-12.5, 0, null],
        [3000, 1e-7, null],
      ],
    );
    expect(neutraliseCsv(api)).toBe(api);
  });

  it('keeps the API quoting of fields with commas, quotes and line breaks', () => {
    const text = 'location,spp,note\nHB_NORTH,-5.25,"=1+2"\nLZ_WEST,12,"a,b"\n';
    expect(neutraliseCsv(text)).toBe('location,spp,note\nHB_NORTH,-5.25,"\'=1+2"\nLZ_WEST,12,"a,b"\n');
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

describe('neutraliseCsvText on CSV without quotes (its one-pass path)', () => {
  /** Fields from the characters that matter: formula starts, signs, digits, exponents, separators. */
  const csvLike = fc
    .array(fc.constantFrom('=', '+', '-', '@', '\t', ',', '\n', '1', '0', '.', 'e', 'E', 'x', ' '), {
      maxLength: 60,
    })
    .map((chars) => chars.join(''));

  it('finds exactly what the careful character loop finds', () => {
    fc.assert(
      fc.property(csvLike, (text) => {
        expect(neutraliseCsvText(text)).toEqual(neutraliseAnyCsvText(text));
      }),
      { numRuns: 5000 },
    );
  });

  it('keeps negative prices and exponents, prefixes text that starts like a formula', () => {
    const text = 'time,location,lmp\n2025-07-01,-HB,-12.5\n2025-07-01,@x,-1e-3\n2025-07-01,=1+1,+5\n';
    expect(neutraliseCsvText(text)).toEqual({
      header: 'time,location,lmp\n',
      body: "2025-07-01,'-HB,-12.5\n2025-07-01,'@x,-1e-3\n2025-07-01,'=1+1,'+5\n",
      rows: 3,
    });
  });
});
