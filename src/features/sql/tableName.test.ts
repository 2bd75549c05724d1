import { tableNameProblem } from './tableName';

describe('a name for a table', () => {
  it('is a lower-case SQL identifier', () => {
    expect(tableNameProblem('rt_spp_north', [])).toBeNull();
    expect(tableNameProblem('', [])).toBe('Give the table a name.');
    for (const bad of ['RT', '1rt', 'rt-spp', 'rt spp', 'a'.repeat(64), 'drop table x;'])
      expect(tableNameProblem(bad, [])).toMatch(/^Use lower-case letters/);
  });

  it('is no other table’s, though a table may keep its own', () => {
    expect(tableNameProblem('rt', ['rt', 'da'])).toBe('A table named rt already exists.');
    expect(tableNameProblem('rt', ['rt', 'da'], 'rt')).toBeNull();
  });
});
