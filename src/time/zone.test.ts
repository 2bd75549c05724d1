import fc from 'fast-check';
import { CLOSED_FORM_FROM } from './centralTime';
import { Zone } from './zone';

/** The same zone under its other IANA name, which `Zone` computes through Intl: the closed form's twin. */
const intlChicago = new Zone('America/Chicago', false);
const intlOffset = (ms: number): number => intlChicago.offsetMinutes(ms);

const YEAR_2040 = Date.UTC(2040, 0, 1);

describe('Zone', () => {
  it('gives the market zone the offsets Intl gives, from 1990 to 2040, transitions included', () => {
    const central = new Zone('US/Central', false);
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1990, 0, 1), max: YEAR_2040 }), (ms) => {
        expect(central.offsetMinutes(ms)).toBe(intlOffset(ms));
      }),
      { numRuns: 2000 },
    );
    // Either side of the 2024 changes, to the second.
    for (const at of [Date.UTC(2024, 2, 10, 8), Date.UTC(2024, 10, 3, 7)])
      for (const ms of [at - 1000, at, at + 1000]) expect(central.offsetMinutes(ms)).toBe(intlOffset(ms));
  });

  it('reads wall clocks of the market zone as Intl does, on the 25-hour day too', () => {
    const central = new Zone('US/Central', false);
    // 2024-11-03 01:30 happens twice: the earlier instant (CDT) is the one chosen.
    expect(central.fromWall(Date.UTC(2024, 10, 3, 1, 30))).toBe(Date.UTC(2024, 10, 3, 6, 30));
    expect(central.formatLocal(Date.UTC(2024, 10, 3, 7, 30))).toBe('2024-11-03T01:30:00-06:00');
    expect(central.formatLocal(CLOSED_FORM_FROM - 1000)).toBe('2006-12-31T17:59:59-06:00');
  });

  it('asks Intl for any other zone', () => {
    const berlin = new Zone('Europe/Berlin', false);
    expect(berlin.offsetMinutes(Date.UTC(2025, 0, 15))).toBe(60);
    expect(berlin.offsetMinutes(Date.UTC(2025, 6, 15))).toBe(120);
    expect(intlOffset(Date.UTC(2025, 0, 15))).toBe(-360);
    expect(intlOffset(Date.UTC(2025, 6, 15))).toBe(-300);
  });
});
