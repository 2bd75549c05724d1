import { categoryTicks, spacedTicks } from './axes';

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

describe('spacedTicks', () => {
  it('leaves out a tick whose label would touch the one before, and keeps the rest', () => {
    const label = '2026-11-19 00:00 CST';
    const ticks = [0, 40, 200, 240, 400].map((x) => ({ x, label }));
    expect(spacedTicks(ticks).map((t) => t.x)).toEqual([0, 200, 400]);
  });

  it('keeps short labels that fit side by side', () => {
    const ticks = [0, 60, 120].map((x) => ({ x, label: '06:00' }));
    expect(spacedTicks(ticks)).toHaveLength(3);
  });
});
