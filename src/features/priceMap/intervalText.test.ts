import { marketDay } from '@/time';
import { intervalText } from './intervalText';

const FIVE = 5 * 60_000;

describe('intervalText', () => {
  it('names an interval in market time and UTC, so the repeated hour of November is unambiguous', () => {
    const day = marketDay('2024-11-03', FIVE);
    const firstOne = day.steps[12] ?? 0; // 01:00 CDT
    const secondOne = day.steps[24] ?? 0; // 01:00 CST
    expect(intervalText(firstOne, 12, 300)).toBe('2024-11-03 01:00 CDT (06:00 UTC), interval 13 of 300');
    expect(intervalText(secondOne, 24, 300)).toBe('2024-11-03 01:00 CST (07:00 UTC), interval 25 of 300');
  });
});
