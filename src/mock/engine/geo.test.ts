import { EARTH_RADIUS_MILES, greatCircleMiles, nearest, roundMiles, type GeoCandidate } from './geo';

const HOUSTON = { latitude: 29.7604, longitude: -95.3698 };
const DALLAS = { latitude: 32.7767, longitude: -96.797 };

describe('greatCircleMiles', () => {
  it('is zero at the same point and symmetric', () => {
    expect(greatCircleMiles(HOUSTON, HOUSTON)).toBe(0);
    expect(greatCircleMiles(HOUSTON, DALLAS)).toBeCloseTo(greatCircleMiles(DALLAS, HOUSTON), 9);
  });

  it('gives one degree of the equator as 2πR/360 and antipodes as πR', () => {
    const degree = (2 * Math.PI * EARTH_RADIUS_MILES) / 360;
    expect(greatCircleMiles({ latitude: 0, longitude: 0 }, { latitude: 0, longitude: 1 })).toBeCloseTo(
      degree,
      6,
    );
    expect(greatCircleMiles({ latitude: 0, longitude: 0 }, { latitude: 1, longitude: 0 })).toBeCloseTo(
      degree,
      6,
    );
    expect(greatCircleMiles({ latitude: 10, longitude: 20 }, { latitude: -10, longitude: -160 })).toBeCloseTo(
      Math.PI * EARTH_RADIUS_MILES,
      3,
    );
  });

  it('puts Houston about 225 miles from Dallas', () => {
    expect(roundMiles(greatCircleMiles(HOUSTON, DALLAS))).toBeCloseTo(224.9, 0);
  });
});

describe('nearest', () => {
  const points: (GeoCandidate & { name: string })[] = [
    { id: 'c', name: 'east 2°', latitude: 0, longitude: 2 },
    { id: 'b', name: 'north 1°', latitude: 1, longitude: 0 },
    { id: 'a', name: 'east 1°', latitude: 0, longitude: 1 },
    { id: 'z', name: 'nowhere', latitude: null, longitude: null },
    { id: 'o', name: 'origin', latitude: 0, longitude: 0 },
    { id: 'h', name: 'half', latitude: 0, longitude: null },
  ];
  const origin = { latitude: 0, longitude: 0 };

  it('ranks nearest first, ties by id, skipping points without coordinates', () => {
    const ranked = nearest(origin, points, { limit: 10 });
    expect(ranked.map((r) => r.item.id)).toEqual(['o', 'a', 'b', 'c']);
    expect(ranked.map((r) => r.distanceMiles)).toEqual([0, 69.09, 69.09, 138.19]);
    expect(ranked[0]?.item.name).toBe('origin');
  });

  it('applies the limit, the inclusive distance bound and the excluded anchor', () => {
    expect(nearest(origin, points, { limit: 2 }).map((r) => r.item.id)).toEqual(['o', 'a']);
    expect(nearest(origin, points, { limit: 10, maxDistanceMiles: 69.09 }).map((r) => r.item.id)).toEqual([
      'o',
      'a',
      'b',
    ]);
    expect(nearest(origin, points, { limit: 10, maxDistanceMiles: 69.08 }).map((r) => r.item.id)).toEqual([
      'o',
    ]);
    expect(nearest(origin, points, { limit: 10, excludeId: 'o' }).map((r) => r.item.id)).toEqual([
      'a',
      'b',
      'c',
    ]);
  });
});
