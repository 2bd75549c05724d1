import { describe, expect, it } from 'vitest';
import { sparklineOf } from './sparkline';

describe('a saved view’s sparkline', () => {
  it('picks at most 64 values at even steps, first and last included', () => {
    const values = Array.from({ length: 10_000 }, (_, i) => i);
    const line = sparklineOf(values.length, (i) => values[i]);
    expect(line).toHaveLength(64);
    expect(line?.[0]).toBe(0);
    expect(line?.[63]).toBe(9_999);
  });

  it('keeps short series whole, skips gaps, and is null with nothing to draw', () => {
    const values = [3, null, Number.NaN, 5];
    expect(sparklineOf(values.length, (i) => values[i])).toEqual([3, 5]);
    expect(sparklineOf(2, () => null)).toBeNull();
    expect(sparklineOf(0, () => 1)).toBeNull();
  });
});
