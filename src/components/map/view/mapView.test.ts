import { round4 } from './mapView';

describe('round4', () => {
  it('keeps four decimals, rounding half up', () => {
    expect(round4(30.123449)).toBe(30.1234);
    expect(round4(30.12345)).toBe(30.1235);
    expect(round4(-97.74316)).toBe(-97.7432);
  });

  it('returns a rounded value unchanged, so a view the map reports compares equal to itself', () => {
    const once = round4(29.760427);
    expect(round4(once)).toBe(once);
  });
});
