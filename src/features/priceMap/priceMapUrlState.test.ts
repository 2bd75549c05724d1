import fc from 'fast-check';
import { readUrlState, writeUrlState } from '@/lib/urlState';
import { CLIP_CHOICES } from './colorScale';
import { MEASURES } from './measures';
import {
  CENTERS,
  priceMapUrlState,
  SPEED_CHOICES,
  TOP_N_CHOICES,
  type PriceMapState,
} from './priceMapUrlState';

const state: fc.Arbitrary<PriceMapState> = fc.record({
  ds: fc.constantFrom('', 'ercot_lmp_by_settlement_point', 'ercot_spp_day_ahead_hourly'),
  m: fc.constantFrom(...MEASURES),
  hub: fc.constantFrom('', 'HB_NORTH', 'HB_WEST'),
  day: fc.constantFrom('', '2024-03-10', '2024-11-03', '2025-07-15'),
  i: fc.integer({ min: -1, max: 299 }),
  ctr: fc.constantFrom(...CENTERS),
  clip: fc.constantFrom(...CLIP_CHOICES),
  n: fc.constantFrom(...TOP_N_CHOICES),
  speed: fc.constantFrom(...SPEED_CHOICES),
  c: fc.record({
    lat: fc.integer({ min: -900000, max: 900000 }).map((n) => n / 1e4),
    lon: fc.integer({ min: -1800000, max: 1800000 }).map((n) => n / 1e4),
  }),
  z: fc.integer({ min: 3, max: 18 }),
  sel: fc.constantFrom('', 'ercot-hb_north', 'ercot-cedar_unit1'),
});

describe('the price map URL', () => {
  it('round-trips every state (property)', () => {
    fc.assert(
      fc.property(state, (s) => {
        const params = writeUrlState(priceMapUrlState, s);
        expect(readUrlState(priceMapUrlState, new URLSearchParams(params.toString()))).toEqual({
          state: s,
          invalid: [],
        });
      }),
    );
  });

  it('falls back per key on bad input and keeps the keys that were fine', () => {
    const { state: s, invalid } = readUrlState(
      priceMapUrlState,
      new URLSearchParams('m=basis&day=2024-02-30&clip=3&i=12&speed=4&hub=HB_WEST'),
    );
    expect(invalid.sort()).toEqual(['clip', 'day']);
    expect(s).toMatchObject({ m: 'basis', day: '', clip: 2, i: 12, hub: 'HB_WEST' });
  });
});
