import { lastDataRange } from './linkRange';

// The test clock's market date: the last 7 complete market days are 2025-07-08 to 2025-07-14.
const TODAY = '2025-07-15';
describe('lastDataRange', () => {
  it('keeps the moving last 7 days while the data reaches into them', () => {
    expect(lastDataRange('2025-07-17T04:00:00+00:00', TODAY)).toBeNull();
    // 2025-07-08 00:00 CDT: the first of the 7 days, still in them.
    expect(lastDataRange('2025-07-08T05:00:00+00:00', TODAY)).toBeNull();
  });

  it('opens on the 7 market days ending on the day of the last row when they hold none of it', () => {
    // 20:55 UTC is 15:55 CDT, the same market day.
    expect(lastDataRange('2024-06-21T20:55:00+00:00', TODAY)).toEqual({
      from: '2024-06-15',
      to: '2024-06-21',
    });
    // 03:00 UTC on the 8th is still the evening of the 7th in market time.
    expect(lastDataRange('2025-07-08T03:00:00+00:00', TODAY)).toEqual({
      from: '2025-07-01',
      to: '2025-07-07',
    });
  });

  it('keeps the last 7 days when the time cannot be read', () => {
    expect(lastDataRange('not a time', TODAY)).toBeNull();
  });
});
