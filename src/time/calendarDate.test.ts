import { addDays, daysBetween, isCalendarDate } from './calendarDate';

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
});
