import fc from 'fast-check';
import { isoUtc, wallToInstant } from '@/lib/zones';
import { MARKET_TIME_ZONE } from '@/lib/format';
import { intervalText, marketDay, nextDate, zonedMidnightOf } from '@/lib/marketDay';

const FIVE = 5 * 60_000;
const FIFTEEN = 15 * 60_000;
const HOUR = 60 * 60_000;

describe('market days', () => {
  it('finds market midnight without Intl exactly where Intl does, every day since 2007', () => {
    const from = Date.UTC(2007, 0, 1);
    const to = Date.UTC(2045, 11, 31);
    fc.assert(
      fc.property(fc.integer({ min: from / 86_400_000, max: to / 86_400_000 }), (days) => {
        const date = new Date(days * 86_400_000).toISOString().slice(0, 10);
        expect(zonedMidnightOf(date)).toBe(wallToInstant(days * 86_400_000, MARKET_TIME_ZONE));
      }),
      { numRuns: 2000 },
    );
    // Both DST changes of a year, and a day of each zone's offset.
    for (const date of ['2025-03-09', '2025-03-10', '2025-11-02', '2025-11-03', '2007-03-11', '2007-11-04'])
      expect(zonedMidnightOf(date)).toBe(wallToInstant(Date.parse(`${date}T00:00:00Z`), MARKET_TIME_ZONE));
  });

  it('has 288, 276 and 300 five-minute steps on a normal day and on the DST changes', () => {
    expect(marketDay('2024-07-15', FIVE).steps).toHaveLength(288);
    expect(marketDay('2024-03-10', FIVE).steps).toHaveLength(276);
    expect(marketDay('2024-11-03', FIVE).steps).toHaveLength(300);
    expect(marketDay('2025-03-09', FIFTEEN).steps).toHaveLength(92);
    expect(marketDay('2025-11-02', HOUR).steps).toHaveLength(25);
  });

  it('starts at market midnight in UTC', () => {
    expect(isoUtc(marketDay('2024-07-15', FIVE).start)).toBe('2024-07-15T05:00:00+00:00');
    expect(isoUtc(marketDay('2024-01-15', FIVE).start)).toBe('2024-01-15T06:00:00+00:00');
    expect(isoUtc(marketDay('2024-11-03', FIVE).end)).toBe('2024-11-04T06:00:00+00:00');
  });

  it('tiles time: each day ends where the next begins, 23 to 25 hours later (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3650 }), (n) => {
        const date = nextDate('2020-01-01', n);
        const day = marketDay(date, HOUR);
        expect(day.end).toBe(marketDay(nextDate(date), HOUR).start);
        expect([23, 24, 25]).toContain(day.steps.length);
      }),
    );
  });

  it('names an interval in market time and UTC, so the repeated hour of November is unambiguous', () => {
    const day = marketDay('2024-11-03', FIVE);
    const firstOne = day.steps[12] ?? 0; // 01:00 CDT
    const secondOne = day.steps[24] ?? 0; // 01:00 CST
    expect(intervalText(firstOne, 12, 300)).toBe('2024-11-03 01:00 CDT (06:00 UTC), interval 13 of 300');
    expect(intervalText(secondOne, 24, 300)).toBe('2024-11-03 01:00 CST (07:00 UTC), interval 25 of 300');
  });
});
