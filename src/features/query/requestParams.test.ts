import { bucketOf, type Dataset } from '@/contract';
import { SPP_DATASET } from '@/test/sppDataset';
import { descriptionInput } from './querySummary';
import { DEFAULT_QUERY_STATE, type QueryState } from './queryUrl';
import { presetRange, toApiParams } from './requestParams';
import { alignToBuckets, wallClockOf } from './timeRange';
import { describeQuery } from '@/lib/queryDescription';
import fc from 'fast-check';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Real-time SPP whose data ends at 07:45 UTC (01:45 CST): "last 7 days" then cuts the hours at both ends. */
const spp: Dataset = { ...SPP_DATASET, latestData: '2026-11-25T07:30:00+00:00' };

const NOW = Date.UTC(2026, 10, 26, 12);
const state = (s: Partial<QueryState>): QueryState => ({ ...DEFAULT_QUERY_STATE, ...s });

describe('relative presets of a dataset whose data ends long before now', () => {
  /** A 60-day disclosure: its newest interval is 60 days old. */
  const late: Dataset = { ...SPP_DATASET, latestData: '2026-09-27T20:15:00+00:00' };

  it('say they count back from where its data ends, and the instants they ask for', () => {
    const s = state({ range: 'last_24h', tz: 'market' });
    const range = presetRange(s, late, NOW);
    expect(range?.dataEnd).toBe(Date.parse('2026-09-27T20:30:00Z'));
    expect(describeQuery(descriptionInput(s, late, range))).toContain(
      'last 24 hours of its data, which ends 59 d ago: 2026-09-26 15:30 → 2026-09-27 15:30 (US/Central)',
    );
  });

  it('say nothing more of a live feed whose newest interval is still being published', () => {
    const live: Dataset = { ...SPP_DATASET, latestData: new Date(NOW - 20 * 60_000).toISOString() };
    const s = state({ range: 'last_24h', tz: 'market' });
    expect(presetRange(s, live, NOW)?.dataEnd).toBeNull();
    expect(describeQuery(descriptionInput(s, live, presetRange(s, live, NOW)))).toContain(
      '· last 24 hours (US/Central)',
    );
  });
});

describe('relative presets of a resampled query ask for whole buckets', () => {
  it('moves "last 7 days" hourly back to whole hours, and the summary says so', () => {
    const s = state({ range: 'last_7d', rs: '1h', rsfn: 'mean', tz: 'market' });
    const params = toApiParams(s, spp, NOW);
    // Data ends 07:45 UTC (01:45 CST): the hour 01:00–02:00 is still filling and is left out.
    expect(params.start_time).toBe('2026-11-18T07:00:00+00:00');
    expect(params.end_time).toBe('2026-11-25T07:00:00+00:00');
    // The data ends 28 hours before now: the summary says the range is its data's last 7 days.
    expect(describeQuery(descriptionInput(s, spp, presetRange(s, spp, NOW)))).toContain(
      'last 7 days of its data, which ends 1 d ago, aligned to whole hours: 2026-11-18 01:00 → 2026-11-25 01:00 (US/Central)',
    );
  });

  it('leaves an unresampled preset and an already whole range as they are', () => {
    const plain = state({ range: 'last_7d', tz: 'UTC' });
    expect(toApiParams(plain, spp, NOW).start_time).toBe('2026-11-18T07:45:00+00:00');
    expect(presetRange(plain, spp, NOW)?.alignedTo).toBeNull();
    // "Yesterday" is whole market days already.
    const daily = state({ range: 'yesterday', rs: '1d', rsfn: 'mean', tz: 'market' });
    expect(presetRange(daily, spp, NOW)?.alignedTo).toBeNull();
    expect(describeQuery(descriptionInput(daily, spp, presetRange(daily, spp, NOW)))).not.toContain(
      'aligned',
    );
  });

  it('aligns daily buckets to midnight of the query zone, 23- and 25-hour days included', () => {
    // Data through 2025-11-03 12:00 UTC; 2025-11-02 was 25 hours long in US/Central.
    const dst: Dataset = { ...spp, latestData: '2025-11-03T11:45:00+00:00' };
    const range = presetRange(state({ range: 'last_7d', rs: '1d', tz: 'market' }), dst, NOW);
    expect(range && [new Date(range.start).toISOString(), new Date(range.end).toISOString()]).toEqual([
      '2025-10-27T05:00:00.000Z',
      '2025-11-03T06:00:00.000Z',
    ]);
  });

  it('keeps a preset shorter than one bucket (its one bucket is partial, said elsewhere)', () => {
    expect(presetRange(state({ range: 'last_hour', rs: '1d', tz: 'UTC' }), spp, NOW)?.alignedTo).toBeNull();
  });

  it('every aligned end is a bucket start, and no whole bucket of the range is lost', () => {
    const units = ['minute', 'hour', 'day', 'week', 'month'] as const;
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2030, 0, 1) }),
        fc.integer({ min: 1, max: 400 * DAY }),
        fc.constantFrom(...units),
        fc.constantFrom(1, 5, 15),
        fc.constantFrom('UTC', 'market', 'Asia/Kolkata'),
        (start, length, unit, count, tz) => {
          const f = { unit, count };
          const clock = wallClockOf(tz);
          const aligned = alignToBuckets([start, start + length], f, tz);
          if (aligned === null) return;
          const [a, b] = aligned;
          expect(bucketOf(a, f, clock).start).toBe(a);
          expect(bucketOf(b, f, clock).start).toBe(b);
          expect(a).toBeLessThanOrEqual(start);
          expect(b).toBeLessThanOrEqual(start + length);
          // The bucket cut at the range's end is the only one dropped.
          expect(bucketOf(start + length, f, clock).start).toBe(b);
        },
      ),
      { numRuns: 300 },
    );
  });
});
