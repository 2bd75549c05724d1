import fc from 'fast-check';
import {
  formatCellNumber,
  MARKET_TIME_ZONE,
  formatCadence,
  formatCompact,
  formatDate,
  formatDuration,
  formatInteger,
  formatNumber,
  formatRelative,
  formatTimestamp,
  zoneAbbreviation,
} from './format';

describe('formatNumber', () => {
  it('groups thousands and keeps up to two decimals by default', () => {
    expect(formatNumber(1234567.891)).toBe('1,234,567.89');
    expect(formatNumber(42)).toBe('42');
    expect(formatNumber(-3.5)).toBe('-3.5');
  });

  it('fixes the number of decimals when asked', () => {
    expect(formatNumber(12.5, { decimals: 2 })).toBe('12.50');
    expect(formatNumber(12.456, { decimals: 0 })).toBe('12');
  });

  it('appends a unit', () => {
    expect(formatNumber(45678.9, { unit: 'MW', decimals: 1 })).toBe('45,678.9 MW');
    expect(formatNumber(23.1, { unit: '$/MWh' })).toBe('23.1 $/MWh');
  });

  it('shows a dash for missing values', () => {
    expect(formatNumber(null)).toBe('—');
    expect(formatNumber(undefined)).toBe('—');
    expect(formatNumber(Number.NaN)).toBe('—');
    expect(formatInteger(null)).toBe('—');
  });

  it('formats counts and compact sizes', () => {
    expect(formatInteger(1234567.4)).toBe('1,234,567');
    expect(formatCompact(1_234_567)).toBe('1.2M');
    expect(formatCompact(950)).toBe('950');
  });
});

describe('formatDuration', () => {
  it('says a span in minutes, hours or days, with only the decimals it has', () => {
    const min = 60_000;
    expect(formatDuration(5 * min)).toBe('5 min');
    expect(formatDuration(12.5 * min)).toBe('12.5 min');
    expect(formatDuration(60 * min)).toBe('1 h');
    expect(formatDuration(75 * min)).toBe('1.25 h');
    expect(formatDuration(24 * 60 * min)).toBe('24 h');
    expect(formatDuration(60 * 60 * min)).toBe('2.5 d');
  });
});

describe('formatCadence', () => {
  it('labels every cadence of the contract', () => {
    expect(formatCadence('5_MINUTES')).toBe('5 minutes');
    expect(formatCadence('15_MINUTES')).toBe('15 minutes');
    expect(formatCadence('1_HOUR')).toBe('1 hour');
    expect(formatCadence('IRREGULAR')).toBe('Irregular');
  });

  it('humanises a cadence it does not know', () => {
    expect(formatCadence('1_DAY')).toBe('1 day');
  });
});

describe('formatTimestamp', () => {
  const summer = '2025-07-15T20:00:00+00:00';
  const winter = '2025-01-15T06:00:00+00:00';

  it('shows the market zone by default, with its daylight-saving abbreviation', () => {
    expect(MARKET_TIME_ZONE).toBe('US/Central');
    expect(formatTimestamp(summer)).toBe('2025-07-15 15:00 CDT');
    expect(formatTimestamp(winter)).toBe('2025-01-15 00:00 CST');
  });

  it('shows any IANA zone, UTC included', () => {
    expect(formatTimestamp(summer, { timeZone: 'UTC' })).toBe('2025-07-15 20:00 UTC');
    expect(formatTimestamp(summer, { timeZone: 'Asia/Tokyo', zoneName: false })).toBe('2025-07-16 05:00');
  });

  it('reads offsets, epoch milliseconds and Dates alike', () => {
    expect(formatTimestamp('2025-07-15T15:00:00-05:00', { timeZone: 'UTC' })).toBe('2025-07-15 20:00 UTC');
    expect(formatTimestamp(Date.UTC(2025, 6, 15, 20), { timeZone: 'UTC' })).toBe('2025-07-15 20:00 UTC');
    expect(formatTimestamp(new Date(Date.UTC(2025, 6, 15, 20)), { timeZone: 'market' })).toBe(
      '2025-07-15 15:00 CDT',
    );
  });

  it('shows seconds on request and midnight as 00, not 24', () => {
    expect(formatTimestamp('2025-07-15T05:00:10+00:00', { seconds: true })).toBe('2025-07-15 00:00:10 CDT');
  });

  it('handles the fall-back hour of daylight saving', () => {
    // 2024-11-03: 01:00–02:00 local happens twice; the offsets tell them apart.
    expect(formatTimestamp('2024-11-03T06:30:00+00:00')).toBe('2024-11-03 01:30 CDT');
    expect(formatTimestamp('2024-11-03T07:30:00+00:00')).toBe('2024-11-03 01:30 CST');
  });

  it('shows a dash for nothing or nonsense', () => {
    expect(formatTimestamp(null)).toBe('—');
    expect(formatTimestamp('not a time')).toBe('—');
  });
});

describe('formatDate and zoneAbbreviation', () => {
  it('gives the market day of an instant', () => {
    expect(formatDate('2025-07-16T03:00:00+00:00')).toBe('2025-07-15');
    expect(formatDate('2025-07-16T03:00:00+00:00', 'UTC')).toBe('2025-07-16');
  });

  it('names the zone at an instant', () => {
    expect(zoneAbbreviation('2025-07-15T20:00:00+00:00')).toBe('CDT');
    expect(zoneAbbreviation('2025-12-15T20:00:00+00:00')).toBe('CST');
  });
});

describe('formatRelative', () => {
  const now = Date.parse('2025-07-15T20:00:00Z');

  it('says how long ago, rounded down', () => {
    expect(formatRelative(now - 2_000, now)).toBe('just now');
    expect(formatRelative(now - 45_000, now)).toBe('45 s ago');
    expect(formatRelative(now - 59 * 60_000, now)).toBe('59 min ago');
    expect(formatRelative('2025-07-15T17:00:00+00:00', now)).toBe('3 h ago');
    expect(formatRelative(now - 2 * 86_400_000, now)).toBe('2 d ago');
    expect(formatRelative(now - 400 * 86_400_000, now)).toBe('1 y ago');
  });

  it('counts whole days past a day when asked to, never months or years', () => {
    expect(formatRelative(now - 59.9 * 86_400_000, now, { inDays: true })).toBe('59 d ago');
    expect(formatRelative(now - 400 * 86_400_000, now, { inDays: true })).toBe('400 d ago');
    expect(formatRelative(now - 3 * 3_600_000, now, { inDays: true })).toBe('3 h ago');
  });

  it('says how far ahead for future instants', () => {
    expect(formatRelative(now + 26 * 3_600_000, now)).toBe('in 1 d');
    expect(formatRelative(now + 90 * 60_000, now)).toBe('in 1 h');
  });
});

describe('formatCellNumber', () => {
  it('rounds to the unit’s meaningful precision: money to the cent, power to a tenth', () => {
    expect(formatCellNumber(28.577499999999997, '$/MWh')).toBe('28.58');
    expect(formatCellNumber(-3.5, '$/MWh')).toBe('-3.50');
    expect(formatCellNumber(12.4, '$/MW')).toBe('12.40');
    expect(formatCellNumber(43210.123, 'MW')).toBe('43210.1');
    expect(formatCellNumber(100, 'MWh')).toBe('100.0');
  });

  it('trims floating-point noise where the unit says nothing, and keeps whole numbers whole', () => {
    expect(formatCellNumber(0.1 + 0.2)).toBe('0.3');
    expect(formatCellNumber(12, null)).toBe('12');
    expect(formatCellNumber(1.23456789, 'ratio')).toBe('1.234568');
    expect(formatCellNumber(Number.POSITIVE_INFINITY, '$/MWh')).toBe('Infinity');
  });
});

describe('market times without Intl', () => {
  const intl = (ms: number, seconds: boolean): string => {
    const parts: Record<string, string> = {};
    const format = new Intl.DateTimeFormat('en-US', {
      timeZone: 'America/Chicago',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: seconds ? '2-digit' : undefined,
      hourCycle: 'h23',
      timeZoneName: 'short',
    });
    for (const p of format.formatToParts(ms)) parts[p.type] = p.value;
    const time = [parts.hour, parts.minute, ...(seconds ? [parts.second] : [])].join(':');
    return `${parts.year}-${parts.month}-${parts.day} ${time} ${parts.timeZoneName}`;
  };

  it('match Intl at every instant from 2007 on, DST changes included', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2007, 0, 1), max: Date.UTC(2045, 0, 1) }),
        fc.boolean(),
        (ms, seconds) => {
          expect(formatTimestamp(ms, { seconds })).toBe(intl(ms, seconds));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('match Intl on both sides of each change of 2024 and in the repeated hour', () => {
    for (const iso of [
      '2024-03-10T07:59:59Z',
      '2024-03-10T08:00:00Z',
      '2024-11-03T06:30:00Z',
      '2024-11-03T07:30:00Z',
      '2024-11-03T06:59:59.999Z',
    ]) {
      const ms = Date.parse(iso);
      expect(formatTimestamp(ms, { seconds: true })).toBe(intl(ms, true));
    }
  });

  it('leave older times, under older DST rules, to Intl', () => {
    // 2006: CDT began on the first Sunday of April, not the second of March.
    expect(formatTimestamp('2006-03-20T18:00:00Z')).toBe('2006-03-20 12:00 CST');
    expect(formatTimestamp('2006-04-03T18:00:00Z')).toBe('2006-04-03 13:00 CDT');
  });
});
