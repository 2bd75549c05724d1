import { errorOffset, errorSpan } from './errorPosition';

describe('the place an SQL error points to', () => {
  const sql = 'SELECT location,\n  avg(spp)\nFROM rt WHERE nop = 1';

  it('is the 1-based line and column in the text that ran', () => {
    expect(errorOffset(sql, 1, 1)).toBe(0);
    expect(sql.slice(errorOffset(sql, 3, 15))).toBe('nop = 1');
  });

  it('stays on its line when the column runs past it, and at the end past the last line', () => {
    expect(errorOffset(sql, 2, 99)).toBe(sql.indexOf('\nFROM'));
    expect(errorOffset(sql, 9, 1)).toBe(sql.length);
  });

  it('covers the word there, or one character', () => {
    expect(errorSpan(sql, sql.indexOf('nop'))).toEqual({
      from: sql.indexOf('nop'),
      to: sql.indexOf('nop') + 3,
    });
    expect(errorSpan('SELECT (1', 7)).toEqual({ from: 7, to: 8 });
    expect(errorSpan('SELECT 1 +', 10)).toEqual({ from: 9, to: 10 });
    expect(errorSpan('', 0)).toEqual({ from: 0, to: 0 });
  });
});
