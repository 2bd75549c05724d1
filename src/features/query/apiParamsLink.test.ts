import { datasetQueryParamsSchema } from '@/contract';
import { API_QUERY_PARAMETERS, translateApiParamsLink } from './apiParamsLink';
import { readQueryState } from './queryUrl';

const translate = (search: string) => translateApiParamsLink(new URLSearchParams(search));

describe('a query link in the API’s parameter names', () => {
  it('opens as the same query in the builder’s keys', () => {
    const link = translate(
      'start_time=2025-07-14&end_time=2025-07-15&filter_column=location&filter_value=HB_NORTH&resample_frequency=1h&timezone=UTC',
    );
    expect(Object.fromEntries(link?.params ?? [])).toEqual({
      v: '1',
      range: 'custom',
      start: '2025-07-14',
      end: '2025-07-15',
      tz: 'UTC',
      fcol: 'location',
      fval: 'HB_NORTH',
      rs: '1h',
    });
    expect(link?.unread).toEqual([]);
  });

  it('takes every parameter the builder has a control for, in the spellings the API accepts', () => {
    const link = translate(
      [
        'timezone=market',
        'filter_column=spp',
        'filter_operator=gte',
        'filter_value=100',
        'columns=spp,%20location',
        'order=desc',
        'resample_frequency=1%20hour',
        'resample_function=max',
        'resample_by=location',
        'publish_time=latest_report',
        'page_size=1000',
        'limit=50',
      ].join('&'),
    );
    const { state, unread } = readQueryState(link?.params ?? new URLSearchParams());
    expect(unread).toEqual([]);
    expect(state).toMatchObject({
      range: 'custom',
      start: '',
      end: '',
      tz: 'market',
      fcol: 'spp',
      fop: '>=',
      fval: '100',
      cols: ['spp', 'location'],
      order: 'desc',
      rs: '1h',
      rsfn: 'max',
      rsby: ['location'],
      pt: 'latest_report',
      ps: 1000,
      limit: 50,
    });
  });

  it('reads time=latest, a publish time and a publish-time range', () => {
    expect(readQueryState(translate('time=latest')?.params ?? new URLSearchParams()).state.range).toBe(
      'latest',
    );
    expect(
      readQueryState(translate('publish_time=2025-07-14T06:00')?.params ?? new URLSearchParams()).state,
    ).toMatchObject({ pt: 'at', ptat: '2025-07-14T06:00' });
    expect(
      readQueryState(
        translate('publish_time_start=2025-07-13&publish_time_end=2025-07-14')?.params ??
          new URLSearchParams(),
      ).state,
    ).toMatchObject({ pt: 'range', pts: '2025-07-13', pte: '2025-07-14' });
  });

  it('names the parameters it does not take, and passes other names on for the page to judge', () => {
    const link = translate(
      'start_time=2025-07-14&cursor=abc&page=2&json_schema=array_of_arrays&return_format=csv&download=true&time=2025-07-14&time_comparison=gte&foo=1',
    );
    expect(link?.unread.map((u) => u.label)).toEqual([
      '“cursor”',
      '“page”',
      '“json_schema”',
      '“return_format”',
      '“download”',
      '“time”',
      '“time_comparison”',
    ]);
    expect(link?.unread.every((u) => u.instead === 'left out')).toBe(true);
    expect(link?.unread[5]?.problem).toBe('“2025-07-14”: the builder takes time=latest only');
    expect(link?.params.get('foo')).toBe('1');
    expect(link?.params.has('cursor')).toBe(false);
  });

  it('leaves the builder’s own links alone, and those that share only order or limit with the API', () => {
    expect(translate('v=1&start_time=2025-07-14')).toBeNull();
    expect(translate('order=desc&limit=10')).toBeNull();
    expect(translate('fcol=location&fval=HB_NORTH')).toBeNull();
  });

  it('knows every parameter of the contract', () => {
    expect([...API_QUERY_PARAMETERS].sort()).toEqual(Object.keys(datasetQueryParamsSchema.shape).sort());
    // Each is either taken into a setting of the builder or named as not taken; none is dropped unsaid.
    const alone = translate('filter_value=1')?.params.toString();
    for (const name of API_QUERY_PARAMETERS.filter((n) => n !== 'filter_value')) {
      const link = translate(`filter_value=1&${name}=latest`);
      const named = link?.unread.some((u) => u.label === `“${name}”`) ?? false;
      const taken = link?.params.toString() !== alone;
      expect(named !== taken, name).toBe(true);
    }
  });
});
