import { readUrlState, writeUrlState } from '@/lib/urlState';
import { listParams, locationsUrlState, mapParams } from './locationsUrlState';

const read = (search: string) => readUrlState(locationsUrlState, new URLSearchParams(search));

describe('locations URL state', () => {
  it('opens with the whole of Texas and the first page when the URL says nothing', () => {
    const { state } = read('');
    expect(state).toMatchObject({
      page: 1,
      sort: 'location',
      order: 'asc',
      c: { lat: 31.2, lon: -99.3 },
      z: 6,
      np: null,
    });
    expect(writeUrlState(locationsUrlState, state).toString()).toBe('');
  });

  it('round-trips filters, map view and a nearby point, rounded to 4 decimals', () => {
    const { state } = read('');
    const params = writeUrlState(locationsUrlState, {
      ...state,
      types: ['Resource Node', 'Load Zone DC Tie'],
      zones: ['LZ_HOUSTON'],
      c: { lat: 29.760123456, lon: -95.369876 },
      z: 9,
      np: { lat: 29.76, lon: -95.37 },
      maxd: 25,
    });
    expect(params.get('types')).toBe('Resource Node,Load Zone DC Tie');
    expect(params.get('c')).toBe('29.7601,-95.3699');
    const back = read(params.toString()).state;
    expect(back.types).toEqual(['Resource Node', 'Load Zone DC Tie']);
    expect(back.np).toEqual({ lat: 29.76, lon: -95.37 });
    expect(back.maxd).toBe(25);
    expect(back.z).toBe(9);
  });

  it('falls back key by key on a hand-edited link', () => {
    const { state, invalid } = read('page=0&sort=nope&np=95,200&z=40&limit=500&q=west');
    expect(invalid.sort()).toEqual(['limit', 'np', 'page', 'sort', 'z']);
    expect(state).toMatchObject({ page: 1, sort: 'location', np: null, z: 6, limit: 10, q: 'west' });
  });

  it('asks the list for one page and the map for every match with coordinates', () => {
    const { state } = read('q=%20cedar%20&types=Load%20Zone&geo=no&page=3&sort=zone&order=desc');
    expect(listParams(state)).toEqual({
      search: 'cedar',
      location_types: 'Load Zone',
      has_geo: false,
      sort_column: 'zone',
      sort_order: 'desc',
      page: 3,
      page_size: 100,
    });
    expect(mapParams(state)).toEqual({
      search: 'cedar',
      location_types: 'Load Zone',
      has_geo: true,
      page_size: 5000,
    });
  });
});
