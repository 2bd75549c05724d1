import { buildGrid } from './grid';
import { dailyProfile, heatmap } from './profile';
import { alignedCsv } from './alignedCsv';

describe('profile views', () => {
  it('puts every interval of a DST week in its wall-clock slot: the skipped hour empty, the repeated one averaged', () => {
    const grid = buildGrid('2025-11-01', '2025-11-03', '1h', 'US/Central');
    // The value of each bucket is its index: 24 + 25 + 24 buckets.
    const values = Float64Array.from(grid.times, (_, i) => i);
    const map = heatmap(values, grid);
    expect(map.dates).toEqual(['2025-11-01', '2025-11-02', '2025-11-03']);
    expect(map.slots).toBe(24);
    // 2 November: 00:00 is bucket 24, the two 01:00 hours are buckets 25 and 26, 02:00 is 27.
    expect(map.values[24]).toBe(24);
    expect(map.values[25]).toBe(25.5);
    expect(map.values[26]).toBe(27);
    expect(map.values[47]).toBe(48);
    const spring = heatmap(
      Float64Array.from({ length: 23 }, () => 1),
      buildGrid('2025-03-09', '2025-03-09', '1h', 'US/Central'),
    );
    expect(Number.isNaN(spring.values[2])).toBe(true);
    expect(spring.values.filter((v) => !Number.isNaN(v))).toHaveLength(23);
  });

  it('names the cells a DST day changes: the repeated hour merged (both clocks), the skipped one empty', () => {
    const grid = buildGrid('2026-10-31', '2026-11-02', '1h', 'America/Chicago');
    const values = Float64Array.from(grid.times, (_, i) => i);
    values[3] = Number.NaN;
    const map = heatmap(values, grid);
    expect(map.dstDays).toEqual([
      {
        date: '2026-11-01',
        hours: 25,
        kind: 'repeated',
        fromSlot: 1,
        toSlot: 1,
        zoneNames: ['CDT', 'CST'],
      },
    ]);
    // 2026-11-01 01:00 is cell 25, and holds the grid's intervals 25 (01:00 CDT) and 26 (01:00 CST).
    expect([...map.merged]).toEqual([[25, [25, 26]]]);
    expect(map.skipped.size).toBe(0);

    const spring = heatmap(
      Float64Array.from({ length: 23 }, () => 1),
      buildGrid('2026-03-08', '2026-03-08', '1h', 'America/Chicago'),
    );
    expect(spring.dstDays).toEqual([
      { date: '2026-03-08', hours: 23, kind: 'skipped', fromSlot: 2, toSlot: 2, zoneNames: null },
    ]);
    expect([...spring.skipped]).toEqual([2]);
    expect(spring.merged.size).toBe(0);
  });

  it('spans every cell of the repeated hour on a 5-minute grid, and none on a daily one', () => {
    const grid = buildGrid('2026-11-01', '2026-11-01', '5min', 'America/Chicago');
    const map = heatmap(new Float64Array(grid.times.length), grid);
    expect(map.dstDays).toEqual([
      {
        date: '2026-11-01',
        hours: 25,
        kind: 'repeated',
        fromSlot: 12,
        toSlot: 23,
        zoneNames: ['CDT', 'CST'],
      },
    ]);
    expect(map.merged.size).toBe(12);
    const daily = buildGrid('2026-10-31', '2026-11-02', '1d', 'America/Chicago');
    expect(heatmap(new Float64Array(3), daily).dstDays).toEqual([]);
    // A week without a change has none.
    const july = buildGrid('2026-07-01', '2026-07-07', '1h', 'America/Chicago');
    expect(heatmap(new Float64Array(july.times.length), july).dstDays).toEqual([]);
  });

  it('averages each hour of the day, with its 5th and 95th percentile', () => {
    const grid = buildGrid('2025-07-01', '2025-07-10', '1h', 'US/Central');
    const values = Float64Array.from(grid.times, (_, i) => (i % 24) * 10 + Math.floor(i / 24));
    const profile = dailyProfile(values, grid);
    expect(profile).toHaveLength(24);
    expect(profile[13]).toMatchObject({ hour: 13, count: 10, mean: 134.5 });
    expect(profile[13]?.p5).toBeCloseTo(130.45, 9);
    expect(profile[13]?.p95).toBeCloseTo(138.55, 9);
  });
});

describe('the aligned frame as CSV', () => {
  it('has one row per interval, UTC and local time with the offset, and neutralised labels', () => {
    const grid = buildGrid('2025-11-02', '2025-11-02', '1h', 'US/Central');
    const csv = alignedCsv(grid, [
      { header: '=cmd|calc (MW)', values: Float64Array.from(grid.times, (_, i) => i * 1.5) },
      { header: 'B', values: null },
    ]);
    const lines = csv.trimEnd().split('\n');
    expect(lines).toHaveLength(26);
    expect(lines[0]).toBe("interval_start_utc,interval_start_local,'=cmd|calc (MW),B");
    expect(lines[1]).toBe('2025-11-02T05:00:00+00:00,2025-11-02T00:00:00-05:00,0,');
    // The repeated hour, told apart by its offset.
    expect(lines[2]).toBe('2025-11-02T06:00:00+00:00,2025-11-02T01:00:00-05:00,1.5,');
    expect(lines[3]).toBe('2025-11-02T07:00:00+00:00,2025-11-02T01:00:00-06:00,3,');
  });
});
