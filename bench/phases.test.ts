import { hourlyMeansOf } from './phases';

describe('hourlyMeansOf', () => {
  it('averages the 5-minute values of each UTC hour, one bucket per hour in time order', () => {
    const start = Date.UTC(2024, 0, 1);
    const times = Float64Array.from({ length: 24 }, (_, i) => start + i * 300_000);
    const values = Float64Array.from({ length: 24 }, (_, i) => (i < 12 ? 10 : 20 + i));
    const { starts, means } = hourlyMeansOf({ times, values });
    expect([...starts]).toEqual([start, start + 3_600_000]);
    expect(means[0]).toBe(10);
    expect(means[1]).toBeCloseTo(20 + 17.5);
  });
});
