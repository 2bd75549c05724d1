import type { DatasetQueryArraysResponse, DatasetQueryResponse } from '@/contract';
import { createMockApi } from '../createMockApi';
import { SCAN_TOO_LARGE } from '../engine/execute';

const NOW = Date.UTC(2024, 6, 15, 17, 30);
// The real API with every route; unexpected errors surface in the test.
const api = createMockApi({
  now: () => NOW,
  rateLimits: false,
  onError: (e) => {
    throw e;
  },
});

const get = (path: string): Promise<Response> =>
  api.handle(new Request(`http://mock.test${path}`, { headers: { 'x-api-key': 'test-key' } }));
const json = async <T>(path: string): Promise<T> => (await (await get(path)).json()) as T;

const LOAD = '/v1/datasets/ercot_load/query';
const SPP = '/v1/datasets/ercot_spp_real_time_15_min/query';
const DAY = 'start_time=2024-07-01&end_time=2024-07-02';

describe('GET /v1/datasets/{id}/query', () => {
  it('answers data, meta and dataset_metadata with the output columns and effective zone', async () => {
    const body = await json<DatasetQueryResponse>(`${LOAD}?${DAY}&page_size=3&timezone=market`);
    expect(Object.keys(body).sort()).toEqual(['data', 'dataset_metadata', 'meta']);
    expect(body.data).toHaveLength(3);
    expect(Object.keys(body.data[0] ?? {})).toEqual([
      'interval_start_local',
      'interval_start_utc',
      'interval_end_local',
      'interval_end_utc',
      'load',
    ]);
    expect(body.data[0]?.interval_start_local).toBe('2024-07-01T00:00:00-05:00');
    expect(body.data[0]?.interval_start_utc).toBe('2024-07-01T05:00:00+00:00');
    expect(body.meta).toEqual({ page: 1, limit: null, page_size: 3, hasNextPage: true, cursor: null });
    expect(body.dataset_metadata.id).toBe('ercot_load');
    expect(body.dataset_metadata.data_timezone).toBe('US/Central');
    expect(body.dataset_metadata.all_columns.map((c) => c.name)).toEqual(Object.keys(body.data[0] ?? {}));
    const utc = await json<DatasetQueryResponse>(`${LOAD}?${DAY}&page_size=1`);
    expect(utc.dataset_metadata.data_timezone).toBe('UTC');
  });

  it('serves array_of_arrays with the column names first', async () => {
    const body = await json<DatasetQueryArraysResponse>(
      `${LOAD}?${DAY}&page_size=2&json_schema=array-of-arrays&columns=load`,
    );
    expect(body.data[0]).toEqual(['interval_start_utc', 'interval_end_utc', 'load']);
    expect(body.data).toHaveLength(3);
  });

  it('serves CSV with the same rows as JSON and paging headers', async () => {
    const q = `${SPP}?${DAY}&page_size=4&limit=10&cursor=&filter_column=location&filter_value=HB_NORTH,HB_WEST&filter_operator=in`;
    const res = await get(`${q}&return_format=csv&download=true`);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(
      'attachment; filename="ercot_spp_real_time_15_min.csv"',
    );
    expect(res.headers.get('x-page')).toBe('1');
    expect(res.headers.get('x-page-size')).toBe('4');
    expect(res.headers.get('x-limit')).toBe('10');
    expect(res.headers.get('x-has-next-page')).toBe('true');
    const body = await json<DatasetQueryArraysResponse>(`${q}&json_schema=array_of_arrays`);
    expect(res.headers.get('x-cursor')).toBe(body.meta.cursor);
    const lines = (await res.text()).trimEnd().split('\n');
    expect(lines).toEqual(body.data.map((row) => row.map((c) => (c === null ? '' : String(c))).join(',')));
  });

  it('filters on the path route with = and a decoded value', async () => {
    const body = await json<DatasetQueryResponse>(`${SPP}/location/HB_NORTH?${DAY}&page_size=1000`);
    expect(body.data).toHaveLength(96);
    expect(new Set(body.data.map((r) => r.location))).toEqual(new Set(['HB_NORTH']));
    const typed = await json<DatasetQueryResponse>(`${SPP}/location_type/Trading%20Hub?${DAY}&page_size=2`);
    expect(typed.data.map((r) => r.location_type)).toEqual(['Trading Hub', 'Trading Hub']);
    const refused = await get(`${SPP}/location/HB_NORTH?filter_value=HB_WEST`);
    expect(refused.status).toBe(400);
  });

  it('checks types (422) before the dataset (404) before the rules (400)', async () => {
    const types = await get('/v1/datasets/nope/query?page=abc&download=maybe&order=sideways');
    expect(types.status).toBe(422);
    expect(
      ((await types.json()) as { detail: { loc: string[] }[] }).detail.map((d) => d.loc[1]).sort(),
    ).toEqual(['download', 'page']);
    const missing = await get('/v1/datasets/nope/query?order=sideways');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ detail: "Dataset 'nope' not found." });
    expect((await get(`${LOAD}?order=sideways`)).status).toBe(400);
    expect((await get(`${LOAD}?return_format=xml`)).status).toBe(400);
    expect(await json(`${LOAD}?columns=nope`)).toEqual({
      detail: 'Column nope not found in dataset ercot_load',
    });
  });

  it('refuses a query that would scan more than 10,000,000 rows', async () => {
    const res = await get('/v1/datasets/ercot_lmp_by_settlement_point/query?page_size=1');
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({ detail: SCAN_TOO_LARGE });
    const one = await json<DatasetQueryResponse>(
      '/v1/datasets/ercot_lmp_by_settlement_point/query/location/HB_NORTH?time=latest',
    );
    expect(one.data).toHaveLength(1);
  });

  it('resamples the real catalog: hourly sums of 5-minute load', async () => {
    const hour = 'start_time=2024-07-01T05:00Z&end_time=2024-07-01T06:00Z';
    const raw = await json<DatasetQueryResponse>(`${LOAD}?${hour}`);
    const sum = raw.data.reduce((s, r) => s + (typeof r.load === 'number' ? r.load : 0), 0);
    const res = await json<DatasetQueryResponse>(
      `${LOAD}?${hour}&resample_frequency=1h&resample_function=sum`,
    );
    expect(res.data).toHaveLength(1);
    expect(res.data[0]?.load).toBeCloseTo(sum, 6);
  });
});
