import { SPP_DATASET } from '@/test/sppDataset';
import { fitToDataset } from './fitToDataset';
import { descriptionInput } from './querySummary';
import { DEFAULT_QUERY_STATE, readQueryState, writeQueryState, type QueryState } from './queryUrl';
import { toApiParams } from './requestParams';
import { estimateRows, seriesCountParams } from './rowEstimate';
import { presetAnchor, resolvePreset, zonedMidnight } from './timeRange';
import { describeQuery } from '@/lib/queryDescription';

const spp = SPP_DATASET;

const NOW = Date.UTC(2025, 6, 15, 20, 0, 0);

const registry = (count: number) => ({ count, of: 'registry' as const });

describe('query URL state', () => {
  it('round-trips a full state through the URL, always with v=1', () => {
    const state: QueryState = {
      ...DEFAULT_QUERY_STATE,
      range: 'custom',
      start: '2024-07-01',
      end: '2024-07-08',
      tz: 'America/New_York',
      fcol: 'location',
      fop: 'in',
      fval: 'HB_NORTH,HB_WEST',
      cols: ['spp', 'location'],
      order: 'desc',
      rs: '1h',
      rsfn: 'max',
      rsby: ['location'],
      ps: 1000,
      limit: 5000,
    };
    const params = writeQueryState(state);
    expect(params.get('v')).toBe('1');
    expect(params.get('cols')).toBe('spp,location');
    const read = readQueryState(new URLSearchParams(params.toString()));
    expect(read.state).toEqual(state);
    expect(read.ignored).toEqual([]);
  });

  it('writes only what differs from the defaults', () => {
    expect(writeQueryState(DEFAULT_QUERY_STATE).toString()).toBe('v=1');
  });

  it('falls back per key on bad values and names what it ignored', () => {
    const read = readQueryState(
      new URLSearchParams('v=1&fop=like&ps=999999&tz=Mars/Olympus&fcol=location&fval=HB_NORTH'),
    );
    expect(read.state.fop).toBe('=');
    expect(read.state.ps).toBe(500);
    expect(read.state.tz).toBe('market');
    expect(read.state.fval).toBe('HB_NORTH');
    expect(read.ignored).toEqual(['timezone', 'filter operator', 'page size']);
    // The notice quotes what the link held and says what was used instead.
    expect(read.unread).toEqual([
      {
        label: 'timezone',
        problem: '“Mars/Olympus” is not a time zone this browser knows',
        instead: 'market time was used instead',
      },
      {
        label: 'filter operator',
        problem: '“like” is not a filter operator (= != > >= < <= in)',
        instead: '= was used instead',
      },
      {
        label: 'page size',
        problem: '“999999” is not a page size from 1 to 50,000',
        instead: '500 rows a page were used',
      },
    ]);
  });

  it('reads a typed time as text, for the rules of typing to judge', () => {
    // Not a real date, and a word: both are the typed-time reader's to judge, not refused here.
    const read = readQueryState(new URLSearchParams('v=1&range=custom&start=2025-13-01&end=now-1d'));
    expect([read.state.start, read.state.end]).toEqual(['2025-13-01', 'now-1d']);
    expect(read.unread).toEqual([]);
  });

  it('opens the defaults for a link of an unknown version', () => {
    const read = readQueryState(new URLSearchParams('v=7&fcol=location&fval=HB_NORTH'));
    expect(read.state).toEqual(DEFAULT_QUERY_STATE);
    expect(read.setAside).toBe(true);
    expect(read.unread).toEqual([
      {
        label: 'link version',
        problem: "“7” is not a version of the builder's links this app reads (v=1)",
        instead: 'none of its settings were read and the default query was used instead',
      },
    ]);
  });

  it('drops columns and vintages the dataset does not have', () => {
    const { state, unread } = fitToDataset(
      { ...DEFAULT_QUERY_STATE, fcol: 'nope', fval: '1', cols: ['spp', 'ghost'], pt: 'latest' },
      spp,
    );
    expect(state.fcol).toBe('');
    expect(state.cols).toEqual(['spp']);
    expect(state.pt).toBe('all');
    expect(unread.map((u) => `${u.label} (${u.problem}; ${u.instead})`)).toEqual([
      'filter column (“nope” is not a column of this dataset; no filter was used)',
      'columns (“ghost” is not a column of this dataset; left out)',
      'forecast vintage (this dataset has no publish times; all rows were used)',
    ]);
  });
});

describe('API parameters', () => {
  it('turns a state into the request the API expects', () => {
    const params = toApiParams(
      {
        ...DEFAULT_QUERY_STATE,
        range: 'custom',
        start: '2024-07-01',
        end: '2024-07-08',
        fcol: 'location',
        fval: 'HB_NORTH',
        cols: ['spp'],
        rs: '1h',
        limit: 10,
      },
      spp,
      NOW,
    );
    expect(params).toEqual({
      timezone: 'market',
      start_time: '2024-07-01',
      end_time: '2024-07-08',
      filter_column: 'location',
      filter_value: 'HB_NORTH',
      columns: 'spp',
      resample_frequency: '1h',
      resample_function: 'mean',
      page_size: 500,
      limit: 10,
    });
  });

  it('counts presets back from the end of the data when it ends before now', () => {
    const anchor = presetAnchor(spp, Date.UTC(2026, 0, 1));
    expect(new Date(anchor).toISOString()).toBe('2025-07-15T20:00:00.000Z');
    const params = toApiParams({ ...DEFAULT_QUERY_STATE, tz: 'UTC' }, spp, Date.UTC(2026, 0, 1));
    expect(params).toEqual({
      start_time: '2025-07-14T20:00:00+00:00',
      end_time: '2025-07-15T20:00:00+00:00',
      page_size: 500,
    });
  });

  it('finds market days across DST', () => {
    // 2025-03-09 is 23 hours long in US/Central.
    const start = zonedMidnight(Date.UTC(2025, 2, 9, 12), 'US/Central');
    const end = zonedMidnight(Date.UTC(2025, 2, 9, 12), 'US/Central', 1);
    expect(new Date(start).toISOString()).toBe('2025-03-09T06:00:00.000Z');
    expect((end - start) / 3_600_000).toBe(23);
    const [y0, y1] = resolvePreset('yesterday', Date.UTC(2025, 6, 15, 20));
    expect([new Date(y0).toISOString(), new Date(y1).toISOString()]).toEqual([
      '2025-07-14T05:00:00.000Z',
      '2025-07-15T05:00:00.000Z',
    ]);
  });

  it('asks for time=latest and no range for the latest preset', () => {
    const params = toApiParams({ ...DEFAULT_QUERY_STATE, range: 'latest' }, spp, NOW);
    expect(params.time).toBe('latest');
    expect(params.start_time).toBeUndefined();
  });

  it('describes the state in plain English', () => {
    const state = {
      ...DEFAULT_QUERY_STATE,
      range: 'custom',
      start: '2024-07-01',
      end: '2024-07-08',
      fcol: 'location',
      fval: 'HB_NORTH',
      rs: '1h',
    } as const;
    expect(describeQuery(descriptionInput({ ...DEFAULT_QUERY_STATE, ...state }, spp))).toBe(
      'ERCOT SPP Real Time 15 Min · location = HB_NORTH · 2024-07-01 → 2024-07-08 (US/Central) · hourly mean',
    );
  });

  it('estimates rows from time range × cadence × locations', () => {
    const day = { start_time: '2025-07-15T00:00:00Z', end_time: '2025-07-16T00:00:00Z' };
    const est = (params: Parameters<typeof estimateRows>[0], count: number | null = 900) =>
      estimateRows(params, spp, NOW, count === null ? null : registry(count));
    expect(est({ ...day, filter_column: 'location', filter_value: 'HB_NORTH' })).toMatchObject({
      rows: 96,
      kind: 'about',
    });
    expect(est(day)).toMatchObject({ rows: 96 * 900, kind: 'about' });
    expect(est({ ...day, limit: 50 })).toMatchObject({ rows: 50, kind: 'at most' });
    // Locations are known only once the registry has answered.
    expect(est(day, null)).toBeNull();
  });

  it('accounts for the filter: listed locations, locations of a type, and an upper bound for values', () => {
    const week = { start_time: '2025-07-08T00:00:00Z', end_time: '2025-07-15T00:00:00Z' };
    const hubs = { ...week, filter_column: 'location_type', filter_value: 'Trading Hub' };
    // The registry is asked for the hubs alone: 7 of them, so 7 × 672 rows, not 900 × 672.
    expect(seriesCountParams(hubs, spp)).toEqual({ location_types: 'Trading Hub', page_size: 1 });
    expect(estimateRows(hubs, spp, NOW, registry(7))).toMatchObject({ rows: 7 * 672, kind: 'about' });
    const listed = {
      ...week,
      filter_column: 'location',
      filter_operator: 'in',
      filter_value: 'HB_NORTH, HB_WEST,HB_NORTH',
    } as const;
    expect(seriesCountParams(listed, spp)).toBeNull();
    expect(estimateRows(listed, spp, NOW, null)).toMatchObject({ rows: 2 * 672, kind: 'about' });
    // A filter on prices keeps an unknown share: an upper bound, said as one.
    const spikes = { ...week, filter_column: 'spp', filter_operator: '>', filter_value: '1000' } as const;
    expect(estimateRows(spikes, spp, NOW, registry(900))).toMatchObject({ rows: 900 * 672, kind: 'at most' });
    // Resampled without the location among the groups: one series.
    expect(
      estimateRows(
        { ...week, resample_frequency: '1d', resample_function: 'mean', resample_by: 'market' },
        spp,
        NOW,
        registry(900),
      ),
    ).toMatchObject({ rows: 7, kind: 'about' });
  });

  it('counts a dataset’s own locations where the registry does not price it, and then calls a type filter a bound', () => {
    const day = { start_time: '2025-07-15T00:00:00Z', end_time: '2025-07-16T00:00:00Z' };
    const own = { count: 284, of: 'dataset' } as const;
    expect(estimateRows(day, spp, NOW, own)).toMatchObject({ rows: 96 * 284, kind: 'about' });
    // The registry did not count the types: its count is of every location, the filter may keep fewer.
    const typed = { ...day, filter_column: 'location_type', filter_value: 'Electrical Bus' };
    expect(estimateRows(typed, spp, NOW, own)).toMatchObject({ rows: 96 * 284, kind: 'at most' });
  });
});
