import type { DatasetDef, RawCell } from '@/mock/data/types';
import { ValueCache } from './valueCache';
import { DAY, load5, loadValue, MINUTE, PRICE_LOCATIONS, prices15, START } from './testDatasets';

/** A dataset that counts the rows it generates. */
function counting(def: DatasetDef): { def: DatasetDef; generated: () => number } {
  let n = 0;
  return {
    def: {
      ...def,
      row: (t, loc, pub): RawCell[] => {
        n++;
        return def.row(t, loc, pub);
      },
    },
    generated: () => n,
  };
}

const day0 = Math.floor(START / DAY);

describe('ValueCache', () => {
  it('holds the generated values of a UTC day, null as NaN, and generates each only once', () => {
    const { def, generated } = counting(load5);
    const cache = new ValueCache();
    const lo = START;
    const hi = (day0 + 1) * DAY - 5 * MINUTE;
    const block = cache.block(def, null, START, day0, lo, hi);
    expect(block.t0).toBe(day0 * DAY);
    expect(block.n).toBe(288);
    for (let i = 0; i < block.n; i++) {
      const t = block.t0 + i * 5 * MINUTE;
      const expected = t < lo ? Number.NaN : (loadValue(t) ?? Number.NaN);
      expect(block.values[i]).toBe(expected);
    }
    const count = generated();
    expect(count).toBe((hi - lo) / (5 * MINUTE) + 1);
    cache.block(def, null, START, day0, lo + HOUR_STEPS, hi);
    expect(generated()).toBe(count);
  });

  it('keeps locations and datasets apart', () => {
    const cache = new ValueCache();
    const [a, b] = PRICE_LOCATIONS;
    const t = (day0 + 3) * DAY;
    const va = cache.block(prices15, a ?? null, START, day0 + 3, t, t).values[0];
    const vb = cache.block(prices15, b ?? null, START, day0 + 3, t, t).values[0];
    expect(va).toBe(prices15.row(t, a ?? null, null)[5]);
    expect(vb).toBe(prices15.row(t, b ?? null, null)[5]);
    expect(cache.blockCount).toBe(2);
  });

  it('stays under its cap by evicting the least recently used blocks', () => {
    const blockBytes = 288 * 8;
    const cache = new ValueCache(10 * blockBytes);
    const { def, generated } = counting(load5);
    const read = (d: number): void => {
      cache.block(def, null, START, d, d * DAY, (d + 1) * DAY - 5 * MINUTE);
    };
    for (let d = day0 + 1; d <= day0 + 10; d++) read(d);
    expect(cache.bytes).toBe(10 * blockBytes);
    read(day0 + 1); // now the most recently used
    const before = generated();
    read(day0 + 11); // evicts day0 + 2, the least recently used
    expect(cache.bytes).toBeLessThanOrEqual(10 * blockBytes);
    expect(cache.blockCount).toBe(10);
    read(day0 + 1);
    expect(generated()).toBe(before + 288);
    read(day0 + 2);
    expect(generated()).toBe(before + 2 * 288);
    for (let d = day0 + 12; d < day0 + 200; d++) read(d);
    expect(cache.bytes).toBeLessThanOrEqual(10 * blockBytes);
  });
});

const HOUR_STEPS = 60 * MINUTE;
