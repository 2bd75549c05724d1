import fc from 'fast-check';
import { editDistance, nearestNames } from './nearestNames';

const HUBS = ['HB_BUSAVG', 'HB_HOUSTON', 'HB_HUBAVG', 'HB_NORTH', 'HB_PAN', 'HB_SOUTH', 'HB_WEST'];

describe('nearestNames', () => {
  it('suggests the names a typo is closest to, nearest first', () => {
    expect(nearestNames('HB_NORHT', HUBS)[0]).toBe('HB_NORTH');
    expect(nearestNames('hb_north', HUBS)[0]).toBe('HB_NORTH');
    expect(nearestNames('HB_NOWHERE', HUBS)).toContain('HB_NORTH');
    expect(nearestNames('HOUSTON', HUBS)).toEqual(['HB_HOUSTON']);
    expect(nearestNames('Trading hub', ['Trading Hub', 'Load Zone', 'Resource Node'])).toEqual([
      'Trading Hub',
    ]);
  });

  it('suggests nothing for text that is no name at all', () => {
    expect(nearestNames('zzzzzzzzzzzz', HUBS)).toEqual([]);
    expect(nearestNames('  ', HUBS)).toEqual([]);
  });

  it('among 3,000 names, a typo’s own name is suggested unless as many are as close', () => {
    const names = Array.from({ length: 3000 }, (_, i) => `NODE_${String(i).padStart(4, '0')}_RN`);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2999 }), fc.integer({ min: 0, max: 11 }), (i, at) => {
        const name = names[i] ?? '';
        const typo = name.slice(0, at) + 'X' + name.slice(at + 1);
        const found = nearestNames(typo, names, 3);
        const own = editDistance(typo.toLowerCase(), name.toLowerCase(), 99);
        return (
          found.length <= 3 &&
          (found.includes(name) ||
            (found.length === 3 &&
              found.every((f) => editDistance(typo.toLowerCase(), f.toLowerCase(), 99) <= own)))
        );
      }),
      { numRuns: 50 },
    );
  });
});
