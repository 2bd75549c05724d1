import { describe, expect, it } from 'vitest';
import { mergeRows, type Row } from './liveRows';

const row = (start: string, location: string, value: number): Row => ({
  interval_start_utc: `2025-07-15T${start}:00+00:00`,
  location,
  value,
});

describe('new rows merged into a day held', () => {
  it('appends the next interval after the last, keeping the held rows as they were', () => {
    const held = [row('20:00', 'HB_NORTH', 1), row('20:00', 'HB_WEST', 2)];
    const merged = mergeRows(held, [row('20:15', 'HB_NORTH', 3), row('20:15', 'HB_WEST', 4)]);
    expect(merged.map((r) => r.value)).toEqual([1, 2, 3, 4]);
    expect(merged[0]).toBe(held[0]);
  });

  it('replaces a row it holds with the newer answer for the same interval and location, in time order', () => {
    const held = [row('19:00', 'A', 1), row('20:00', 'A', 2), row('21:00', 'A', 3)];
    const merged = mergeRows(held, [row('20:00', 'A', 20), row('18:00', 'A', 0)]);
    expect(merged.map((r) => r.value)).toEqual([0, 1, 20, 3]);
  });

  it('leaves the rows alone when nothing came', () => {
    const held = [row('19:00', 'A', 1)];
    expect(mergeRows(held, [])).toBe(held);
  });
});
