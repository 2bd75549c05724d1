import { categoryTicks } from './axes';

describe('categoryTicks', () => {
  const dates = Array.from({ length: 31 }, (_, i) => `2025-07-${String(i + 1).padStart(2, '0')}`);

  it('labels every category when they fit', () => {
    expect(categoryTicks(dates.slice(0, 5), 800)).toEqual([0, 1, 2, 3, 4]);
  });

  it('labels every k-th category, from the first, when they do not', () => {
    const ticks = categoryTicks(dates, 320);
    expect(ticks[0]).toBe(0);
    expect(ticks.length).toBeLessThan(10);
    const step = (ticks[1] ?? 0) - (ticks[0] ?? 0);
    expect(step).toBeGreaterThan(1);
    expect(ticks.every((t, i) => t === i * step)).toBe(true);
  });

  it('labels nothing when there is nothing', () => {
    expect(categoryTicks([], 800)).toEqual([]);
  });
});
