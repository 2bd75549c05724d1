import {
  addDays,
  centralOffsetMinutes,
  formatCentral,
  formatUtc,
  formatWithOffset,
  HOUR_MS,
  marketDateOf,
  marketMidnight,
} from '@/time';

const intl = new Intl.DateTimeFormat('en-US', { timeZone: 'America/Chicago', timeZoneName: 'longOffset' });
function intlOffset(ms: number): number {
  const name = intl.formatToParts(ms).find((p) => p.type === 'timeZoneName')?.value ?? '';
  const m = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  if (!m) return 0;
  return (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3]));
}

describe('centralTime', () => {
  it('formats UTC with +00:00 and second precision, never Z', () => {
    expect(formatUtc(Date.UTC(2024, 2, 1, 6))).toBe('2024-03-01T06:00:00+00:00');
    expect(formatUtc(Date.UTC(2023, 0, 1, 6, 5, 7, 999))).toBe('2023-01-01T06:05:07+00:00');
    expect(formatWithOffset(Date.UTC(2024, 2, 1, 6), -360)).toBe('2024-03-01T00:00:00-06:00');
    expect(formatCentral(Date.UTC(2024, 6, 1, 5))).toBe('2024-07-01T00:00:00-05:00');
  });

  it('agrees with Intl on the offset every hour of 2023–2026', () => {
    for (let t = Date.UTC(2023, 0, 1); t < Date.UTC(2027, 0, 1); t += HOUR_MS) {
      if (centralOffsetMinutes(t) !== intlOffset(t)) throw new Error(`offset differs at ${formatUtc(t)}`);
    }
  });

  it('switches exactly at 02:00 local on the 2024 transition days', () => {
    const springForward = Date.UTC(2024, 2, 10, 8);
    expect(centralOffsetMinutes(springForward - 1)).toBe(-360);
    expect(centralOffsetMinutes(springForward)).toBe(-300);
    const fallBack = Date.UTC(2024, 10, 3, 7);
    expect(centralOffsetMinutes(fallBack - 1)).toBe(-300);
    expect(centralOffsetMinutes(fallBack)).toBe(-360);
  });

  it('gives 23- and 25-hour market days on the 2024 DST changes', () => {
    const hours = (d: string): number => (marketMidnight(addDays(d, 1)) - marketMidnight(d)) / HOUR_MS;
    expect(hours('2024-03-10')).toBe(23);
    expect(hours('2024-11-03')).toBe(25);
    expect(hours('2024-07-04')).toBe(24);
    expect(formatUtc(marketMidnight('2024-03-10'))).toBe('2024-03-10T06:00:00+00:00');
    expect(formatUtc(marketMidnight('2024-03-11'))).toBe('2024-03-11T05:00:00+00:00');
    expect(formatUtc(marketMidnight('2024-11-03'))).toBe('2024-11-03T05:00:00+00:00');
    expect(formatUtc(marketMidnight('2024-11-04'))).toBe('2024-11-04T06:00:00+00:00');
  });

  it('names the market day of an instant', () => {
    expect(marketDateOf(Date.UTC(2024, 2, 1, 5, 59))).toBe('2024-02-29');
    expect(marketDateOf(Date.UTC(2024, 2, 1, 6))).toBe('2024-03-01');
    expect(marketDateOf(marketMidnight('2024-11-04') - 1)).toBe('2024-11-03');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2023-12-31', 1)).toBe('2024-01-01');
    expect(() => marketMidnight('2024-02-30')).toThrow(RangeError);
    expect(() => marketMidnight('2024-3-1')).toThrow(RangeError);
  });

  it('agrees with Intl on market dates', () => {
    const dateFmt = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' });
    for (let t = Date.UTC(2024, 0, 1, 3, 17); t < Date.UTC(2025, 0, 1); t += 7 * HOUR_MS + 11 * 60_000) {
      expect(marketDateOf(t)).toBe(dateFmt.format(t));
    }
  });
});
