import type { Row } from '@/contract';
import { clockTime, curvePoints, dayLengthText, hourTicks, lowOf, peakOf } from './loadCurve';

const rows: Row[] = [
  {
    interval_start_local: '2024-11-03T00:00:00-05:00',
    interval_start_utc: '2024-11-03T05:00:00+00:00',
    load: 40000,
  },
  {
    interval_start_local: '2024-11-03T01:00:00-05:00',
    interval_start_utc: '2024-11-03T06:00:00+00:00',
    load: 41000.5,
  },
  {
    interval_start_local: '2024-11-03T01:00:00-06:00',
    interval_start_utc: '2024-11-03T07:00:00+00:00',
    load: 41000.5,
  },
  {
    interval_start_local: '2024-11-03T01:05:00-06:00',
    interval_start_utc: '2024-11-03T07:05:00+00:00',
    load: null,
  },
  {
    interval_start_local: '2024-11-03T03:00:00-06:00',
    interval_start_utc: '2024-11-03T09:00:00+00:00',
    load: 39000,
  },
];

describe('load curve helpers', () => {
  it('reads points from market-time rows and skips rows without a load', () => {
    const points = curvePoints(rows);
    expect(points).toHaveLength(4);
    expect(points[0]).toEqual({
      x: Date.UTC(2024, 10, 3, 5),
      value: 40000,
      local: '2024-11-03T00:00:00-05:00',
      utc: '2024-11-03T05:00:00+00:00',
    });
  });

  it('finds the first peak on a tie, and the low', () => {
    const points = curvePoints(rows);
    expect(peakOf(points)?.utc).toBe('2024-11-03T06:00:00+00:00');
    expect(lowOf(points)?.value).toBe(39000);
    expect(peakOf([])).toBeUndefined();
  });

  it('describes normal and DST day lengths from the interval count', () => {
    expect(dayLengthText(288)).toBe('288 five-minute intervals (24-hour day)');
    expect(dayLengthText(276)).toBe('276 five-minute intervals — 23-hour day (DST)');
    expect(dayLengthText(300)).toBe('300 five-minute intervals — 25-hour day (DST)');
    expect(dayLengthText(100)).toBe('100 five-minute intervals');
  });

  it('ticks on whole market hours, twice for the repeated hour of a fall-back day', () => {
    const points = curvePoints(rows);
    expect(hourTicks(points, 1)).toEqual([
      Date.UTC(2024, 10, 3, 5),
      Date.UTC(2024, 10, 3, 6),
      Date.UTC(2024, 10, 3, 7),
      Date.UTC(2024, 10, 3, 9),
    ]);
    expect(hourTicks(points, 3)).toEqual([Date.UTC(2024, 10, 3, 5), Date.UTC(2024, 10, 3, 9)]);
    expect(clockTime('2024-11-03T13:35:00-06:00')).toBe('13:35');
  });
});
