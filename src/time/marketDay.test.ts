import fc from 'fast-check';
import { addDays } from './calendarDate';
import { CENTRAL_TIME_ZONE as MARKET_TIME_ZONE, marketMidnight } from './centralTime';
import { formatUtc } from './isoFormat';
import { marketDateOf, marketDay, zonedMidnightOf } from './marketDay';
import { wallToInstant } from './zones';

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
    expect(formatUtc(marketDay('2024-07-15', FIVE).start)).toBe('2024-07-15T05:00:00+00:00');
    expect(formatUtc(marketDay('2024-01-15', FIVE).start)).toBe('2024-01-15T06:00:00+00:00');
    expect(formatUtc(marketDay('2024-11-03', FIVE).end)).toBe('2024-11-04T06:00:00+00:00');
  });

  it('tiles time: each day ends where the next begins, 23 to 25 hours later (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3650 }), (n) => {
        const date = addDays('2020-01-01', n);
        const day = marketDay(date, HOUR);
        expect(day.end).toBe(marketDay(addDays(date, 1), HOUR).start);
        expect([23, 24, 25]).toContain(day.steps.length);
      }),
    );
  });

  it('names the market date of an instant, with Intl before 2007 and in closed form since', () => {
    expect(marketDateOf(Date.parse('2024-03-01T05:59:00Z'))).toBe('2024-02-29');
    expect(marketDateOf(marketMidnight('2024-11-04') - 1)).toBe('2024-11-03');
    // 2006 kept the older US rules (DST until the last Sunday of October), which only Intl knows.
    expect(marketDateOf(Date.parse('2006-10-30T05:30:00Z'))).toBe('2006-10-29');
    expect(marketDateOf(Number.NaN)).toBe('—');
  });

  it('reads the market date of an instant in US/Central, not in UTC', () => {
    // 03:00 UTC on the 15th is still the evening of the 14th in Texas.
    expect(marketDateOf(Date.parse('2025-07-15T03:00:00+00:00'))).toBe('2025-07-14');
    expect(marketDateOf(Date.parse('2025-07-15T05:00:00+00:00'))).toBe('2025-07-15');
    // In winter (CST, UTC−6) market midnight is 06:00 UTC.
    expect(marketDateOf(Date.parse('2025-01-15T05:00:00+00:00'))).toBe('2025-01-14');
  });
});
