import type { Row } from '@/api/query/liveRows';
import { mergeRows } from '@/api/query/liveRows';
import { pointsByRow, pointsOf } from './dayRows';

const row = (minute: number, load: number | null): Row => ({
  interval_start_utc: `2025-07-15T20:${String(minute).padStart(2, '0')}:00+00:00`,
  load,
});
const at = (minute: number): number => Date.UTC(2025, 6, 15, 20, minute);

describe('points of a day’s rows, kept across refreshes', () => {
  it('reads only the rows a refresh appended, and gives a new array with the held points first', () => {
    const held = [row(0, 10), row(5, null), row(10, 12)];
    const read: Row[] = [];
    const pointOf = (r: Row) => {
      read.push(r);
      return typeof r.load === 'number' ? { x: Date.parse(String(r.interval_start_utc)), y: r.load } : null;
    };
    const before = pointsByRow(held, 'load', pointOf);
    expect(before).toEqual([
      { x: at(0), y: 10 },
      { x: at(10), y: 12 },
    ]);
    expect(pointsByRow(held, 'load', pointOf)).toBe(before);
    expect(read).toHaveLength(3);

    const appended = mergeRows(held, [row(15, 13)]);
    const after = pointsByRow(appended, 'load', pointOf);
    expect(read).toHaveLength(4);
    expect(after).not.toBe(before);
    expect(after).toEqual([...before, { x: at(15), y: 13 }]);
    // The array the chart drew before is left as it was.
    expect(before).toHaveLength(2);
  });

  it('reads every row again when a held row was replaced, and keeps columns and locations apart', () => {
    const held = [row(0, 10), row(5, 11)];
    expect(pointsOf(held, 'load').map((p) => p.y)).toEqual([10, 11]);
    // A newer answer for 20:05 replaces the held row (a forecast's newer vintage does this).
    const replaced = mergeRows(held, [row(5, 15), row(10, 16)]);
    expect(pointsOf(replaced, 'load').map((p) => p.y)).toEqual([10, 15, 16]);

    const hubs: Row[] = [
      { interval_start_utc: '2025-07-15T20:00:00+00:00', location: 'HB_NORTH', spp: 20 },
      { interval_start_utc: '2025-07-15T20:00:00+00:00', location: 'HB_WEST', spp: 30 },
    ];
    expect(pointsOf(hubs, 'spp', 'HB_NORTH').map((p) => p.y)).toEqual([20]);
    expect(pointsOf(hubs, 'spp', 'HB_WEST').map((p) => p.y)).toEqual([30]);
    expect(pointsOf(hubs, 'spp').map((p) => p.y)).toEqual([20, 30]);
    expect(pointsOf([], 'spp')).toEqual([]);
  });
});
