import { addDays, daysBetween, isCalendarDate, marketDateOf } from './marketDates';

describe('market dates', () => {
  it('accepts only real calendar dates written YYYY-MM-DD', () => {
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2023-02-29')).toBe(false);
    expect(isCalendarDate('2024-13-01')).toBe(false);
    expect(isCalendarDate('2024-2-1')).toBe(false);
    expect(isCalendarDate('2024-11-03T00:00')).toBe(false);
    expect(isCalendarDate('')).toBe(false);
  });

  it('steps over month, year and DST boundaries one calendar day at a time', () => {
    expect(addDays('2024-03-09', 1)).toBe('2024-03-10');
    expect(addDays('2024-03-10', 1)).toBe('2024-03-11');
    expect(addDays('2024-11-03', -1)).toBe('2024-11-02');
    expect(addDays('2024-12-31', 1)).toBe('2025-01-01');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2025-07-14', -29)).toBe('2025-06-15');
  });

  it('counts days between two dates', () => {
    expect(daysBetween('2025-06-15', '2025-07-14')).toBe(29);
    expect(daysBetween('2025-07-14', '2025-07-14')).toBe(0);
    expect(daysBetween('2025-07-14', '2025-07-13')).toBe(-1);
    expect(() => daysBetween('nope', '2025-07-14')).toThrow(RangeError);
  });

  it('reads the market date of an instant in US/Central, not in UTC', () => {
    // 03:00 UTC on the 15th is still the evening of the 14th in Texas.
    expect(marketDateOf('2025-07-15T03:00:00+00:00')).toBe('2025-07-14');
    expect(marketDateOf('2025-07-15T05:00:00+00:00')).toBe('2025-07-15');
    // In winter (CST, UTC−6) market midnight is 06:00 UTC.
    expect(marketDateOf('2025-01-15T05:00:00+00:00')).toBe('2025-01-14');
  });
});
