import { readUrlState } from '@/lib/urlState';
import type { PriceDataset } from './priceDatasets';
import { priceMapLinkSettings, type PriceMapShown } from './priceMapLinkSettings';
import { priceMapUrlState } from './priceMapUrlState';

const LMP: PriceDataset = {
  id: 'ercot_lmp_by_settlement_point',
  name: 'Real-Time LMP',
  cadence: '5_MINUTES',
  stepMs: 5 * 60_000,
  priceColumn: 'lmp',
  unit: '$/MWh',
  dayAhead: false,
  earliest: Date.parse('2024-01-01T06:00:00Z'),
  latest: Date.parse('2025-07-15T20:00:00Z'),
};

/** The page's words for a link's settings, with the data as `shown` has it. */
function wordsFor(search: string, shown: Partial<PriceMapShown> = {}): string[] {
  const params = new URLSearchParams(search);
  const { state, invalid } = readUrlState(priceMapUrlState, params);
  return priceMapLinkSettings(params, invalid, state, {
    priceSets: [LMP],
    dataset: LMP.name,
    measure: 'value',
    hubs: ['HB_NORTH', 'HB_WEST'],
    hub: 'HB_NORTH',
    hasLocation: (id) => id === 'ercot-hb_west',
    day: '2024-01-01',
    window: { first: 72, last: 287, index: 72 },
    when: '2024-01-01 06:00 CST',
    ...shown,
  }).map((u) => `${u.label} (${u.problem}; ${u.instead})`);
}

describe('what the price map says of its link', () => {
  it('names an interval before the first with data, and the first one it showed instead', () => {
    expect(wordsFor('?day=2024-01-01&i=3')).toEqual([
      'interval (“3” is before the first interval of 2024-01-01 with data; the first, 2024-01-01 06:00 CST, was shown instead)',
    ]);
  });

  it('refuses an interval no day has (a 25-hour day of 5-minute intervals ends at 299)', () => {
    expect(wordsFor('?i=300', { window: { first: 0, last: 287, index: 287 } })).toEqual([
      'interval (“300” is not an interval of a day (-1 for the latest, or 0 to 299); the latest interval, 2024-01-01 06:00 CST, was shown instead)',
    ]);
  });

  it('checks nothing against data that has not answered, and words what it used in general terms', () => {
    const unknown = { priceSets: null, dataset: '', hubs: null, hub: '', hasLocation: null };
    expect(wordsFor('?ds=nowhere&hub=HB_NOWHERE&sel=x&m=dart', unknown)).toEqual([]);
    expect(wordsFor('?ds=No-Such&hub=' + 'H'.repeat(101), unknown)).toEqual([
      'dataset (“No-Such” is not a dataset of prices by location; the first price dataset was shown)',
      `hub (“${'H'.repeat(39)}…” is not a trading hub; the default hub was used)`,
    ]);
  });

  it('names a refused value once, not again when it is checked against the data', () => {
    expect(wordsFor('?ds=No-Such&sel=' + 'x'.repeat(201))).toEqual([
      'dataset (“No-Such” is not a dataset of prices by location; Real-Time LMP was shown instead)',
      `selected location (“${'x'.repeat(39)}…” is not a location of the registry; no location was selected)`,
    ]);
  });
});
