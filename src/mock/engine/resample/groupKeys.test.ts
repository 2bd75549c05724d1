import { compareKeys } from './groupKeys';

describe('compareKeys', () => {
  it('orders numbers by value, text as text, and nulls last', () => {
    const keys = [[null], [10], [9], ['b'], ['a']];
    expect([...keys].sort(compareKeys)).toEqual([[9], [10], ['a'], ['b'], [null]]);
  });

  it('compares cell by cell, the first difference deciding', () => {
    expect(compareKeys(['HB', 2], ['HB', 1])).toBeGreaterThan(0);
    expect(compareKeys(['HB', 1], ['LZ', 0])).toBeLessThan(0);
    expect(compareKeys(['HB', 1], ['HB', 1])).toBe(0);
  });
});
