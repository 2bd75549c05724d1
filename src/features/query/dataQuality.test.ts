import type { Dataset } from '@/contract';
import {
  dstDaysIn,
  instantOf,
  qualityParams,
  qualityReport,
  qualityScope,
  qualitySidecar,
  type BucketCount,
} from './dataQuality';

const MIN = 60_000;
const HOUR = 60 * MIN;
const Q = 15 * MIN;
const day = { count: 1, unit: 'day' } as const;
const hour = { count: 1, unit: 'hour' } as const;

const spp = {
  id: 'ercot_spp_real_time_15_min',
  cadence: '15_MINUTES',
  earliestData: '2023-01-01T06:00:00+00:00',
  latestData: '2025-07-15T19:45:00+00:00',
  subseries_index_column: 'location',
  publish_time_column: null,
  all_columns: [
    { name: 'interval_start_utc', is_numeric: false },
    { name: 'location', is_numeric: false },
    { name: 'spp', is_numeric: true },
  ],
} as unknown as Dataset;

describe('the data-quality line counts intervals against the range and cadence', () => {
  it('finds a whole day whole, and a day of 25 hours expecting 100 quarter hours', () => {
    const start = Date.UTC(2024, 10, 3, 5); // 2024-11-03 00:00 CDT, the day clocks go back
    const scope = { start, end: start + 25 * HOUR, dataEnd: Infinity, groups: ['HB_NORTH'] };
    const counts: BucketCount[] = [{ start, group: 'HB_NORTH', count: 100 }];
    const report = qualityReport(scope, counts, Q, day, 'US/Central', false);
    expect(report).toMatchObject({ expected: 100, present: 100, gaps: [], duplicates: [], partial: [] });
    expect(report.dstDays).toEqual([{ start, hours: 25 }]);
  });

  it('names gaps, duplicates and a location with no data', () => {
    const d0 = Date.UTC(2025, 6, 13);
    const scope = { start: d0, end: d0 + 48 * HOUR, dataEnd: Infinity, groups: ['A', 'B', 'C'] };
    const counts: BucketCount[] = [
      { start: d0, group: 'A', count: 96 },
      { start: d0 + 24 * HOUR, group: 'A', count: 92 },
      { start: d0, group: 'B', count: 97 },
      { start: d0 + 24 * HOUR, group: 'B', count: 96 },
    ];
    const report = qualityReport(scope, counts, Q, day, 'UTC', false);
    expect(report.expected).toBe(6 * 96);
    expect(report.present).toBe(96 + 92 + 97 + 96);
    expect(report.absentGroups).toEqual(['C']);
    expect(report.gaps.map((g) => [g.group, g.present, g.expected])).toEqual([
      ['C', 0, 96],
      ['A', 92, 96],
      ['C', 0, 96],
    ]);
    expect(report.duplicates.map((g) => [g.group, g.present])).toEqual([['B', 97]]);
  });

  it('marks the buckets a custom range cuts, with the source intervals behind each', () => {
    // 00:45 → 03:30: the first hour holds 1 of its 4 quarter hours, the last 2 of 4.
    const start = Date.UTC(2025, 6, 14, 0, 45);
    const scope = { start, end: Date.UTC(2025, 6, 14, 3, 30), dataEnd: Infinity, groups: ['HB_NORTH'] };
    const counts: BucketCount[] = [0, 1, 2, 3].map((h) => ({
      start: Date.UTC(2025, 6, 14, h),
      group: 'HB_NORTH',
      count: h === 0 ? 1 : h === 3 ? 2 : 4,
    }));
    const report = qualityReport(scope, counts, Q, hour, 'UTC', true);
    expect(report).toMatchObject({ expected: 11, present: 11, gaps: [] });
    expect(report.partial.map((p) => [new Date(p.bucket.start).toISOString(), p.present, p.whole])).toEqual([
      ['2025-07-14T00:00:00.000Z', 1, 4],
      ['2025-07-14T03:00:00.000Z', 2, 4],
    ]);
  });

  it('counts intervals after the end of the data as not published, not as gaps', () => {
    const start = Date.UTC(2025, 6, 15);
    const scope = { start, end: start + 24 * HOUR, dataEnd: Date.UTC(2025, 6, 15, 20), groups: ['X'] };
    const report = qualityReport(scope, [{ start, group: 'X', count: 80 }], Q, day, 'UTC', false);
    expect(report).toMatchObject({ expected: 80, present: 80, unpublished: 16, gaps: [] });
  });

  it('lists the DST days of a year in the market zone', () => {
    const days = dstDaysIn(Date.UTC(2025, 0, 1, 6), Date.UTC(2026, 0, 1, 6), 'US/Central');
    expect(days.map((d) => [new Date(d.start).toISOString(), d.hours])).toEqual([
      ['2025-03-09T06:00:00.000Z', 23],
      ['2025-11-02T05:00:00.000Z', 25],
    ]);
  });

  it('reads the scope of a query, and says why one cannot be counted', () => {
    const scope = qualityScope(
      spp,
      {
        start_time: '2025-07-14',
        end_time: '2025-07-15T00:00:00+00:00',
        timezone: 'market',
        filter_column: 'location',
        filter_operator: 'in',
        filter_value: 'HB_NORTH, HB_WEST,HB_NORTH',
      },
      Date.UTC(2025, 6, 15, 20),
    );
    expect(scope).toEqual({
      start: Date.UTC(2025, 6, 14, 5),
      end: Date.UTC(2025, 6, 15),
      dataEnd: Date.UTC(2025, 6, 15, 20),
      groups: ['HB_NORTH', 'HB_WEST'],
    });
    expect(qualityScope(spp, { time: 'latest' }, 0)).toHaveProperty('unchecked');
    expect(instantOf('2025-07-14T01:00', 'UTC')).toBe(Date.UTC(2025, 6, 14, 1));
    expect(qualityParams(spp, { start_time: 'a', page_size: 10, order: 'desc', limit: 5 }, '1h')).toEqual({
      start_time: 'a',
      resample_frequency: '1h',
      resample_function: 'count',
      columns: 'spp',
      page_size: 50_000,
    });
  });
});

describe('the export sidecar carries the data-quality count', () => {
  it('lists partial buckets with the intervals behind each, in UTC', () => {
    const start = Date.UTC(2025, 6, 14, 0, 45);
    const scope = { start, end: Date.UTC(2025, 6, 14, 2), dataEnd: Infinity, groups: ['HB_NORTH'] };
    const counts: BucketCount[] = [
      { start: Date.UTC(2025, 6, 14, 0), group: 'HB_NORTH', count: 1 },
      { start: Date.UTC(2025, 6, 14, 1), group: 'HB_NORTH', count: 4 },
    ];
    const sidecar = qualitySidecar(qualityReport(scope, counts, Q, hour, 'UTC', true));
    expect(sidecar).toMatchObject({
      checked: true,
      intervals_expected: 5,
      intervals_present: 5,
      gaps: [],
      partial_buckets: [
        {
          start_utc: '2025-07-14T00:00:00+00:00',
          end_utc: '2025-07-14T01:00:00+00:00',
          location: 'HB_NORTH',
          intervals_present: 1,
          intervals_expected: 1,
          intervals_whole: 4,
        },
      ],
      counts: { gaps: 0, duplicates: 0, partial_buckets: 1 },
    });
  });
});
