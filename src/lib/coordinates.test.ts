import { roundCoordinate } from './coordinates';

describe('roundCoordinate', () => {
  it('keeps four decimals, rounding half up', () => {
    expect(roundCoordinate(30.123449)).toBe(30.1234);
    expect(roundCoordinate(30.12345)).toBe(30.1235);
    expect(roundCoordinate(-97.74316)).toBe(-97.7432);
  });

  it('returns a rounded value unchanged, so a view the map reports compares equal to itself', () => {
    const once = roundCoordinate(29.760427);
    expect(roundCoordinate(once)).toBe(once);
  });
});
