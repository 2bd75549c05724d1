import type { DatasetAuditResponse } from '@/contract';
import { createNodeMock } from '../node';

const NOW = Date.UTC(2024, 6, 15, 17, 30);
const BASE = 'http://mock.test';
const { server } = createNodeMock({ now: () => NOW, rateLimits: false });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

const get = (path: string): Promise<Response> =>
  fetch(`${BASE}${path}`, { headers: { 'x-api-key': 'test-key' } });
const json = async <T>(path: string): Promise<T> => (await (await get(path)).json()) as T;
describe('GET /v1/datasets/{id}/audit', () => {
  it('gives the last 30 complete market days, newest first', async () => {
    const body = await json<DatasetAuditResponse>('/v1/datasets/ercot_spp_real_time_15_min/audit');
    expect(Object.keys(body).sort()).toEqual(['data', 'dataset_metadata', 'meta']);
    expect(body.data).toHaveLength(30);
    const dates = body.data.map((r) => r.market_date);
    expect(dates).toEqual([...dates].sort().reverse());
    // At 12:30 Central on 2024-07-15 the latest complete market day is the 14th.
    expect(dates[0]).toBe('2024-07-14');
    expect(dates[29]).toBe('2024-06-15');
    expect(body.data[0]?.number_of_unique_time_index_values).toBe(96);
    expect(body.meta).toEqual({ page: 1, limit: null, page_size: 30, hasNextPage: false, cursor: null });
  });

  it('gives null subseries counts for datasets without a subseries column', async () => {
    const body = await json<DatasetAuditResponse>('/v1/datasets/ercot_load/audit');
    expect(body.data[0]?.number_of_unique_subseries_index_values).toBeNull();
    expect(body.data[0]?.number_of_unique_time_index_values).toBe(288);
  });

  it('answers 404 for an unknown dataset and honours the format parameters', async () => {
    expect(await json('/v1/datasets/nope/audit')).toEqual({ detail: "Dataset 'nope' not found." });
    const arrays = await json<{ data: unknown[][] }>(
      '/v1/datasets/ercot_load/audit?json_schema=array_of_arrays',
    );
    expect(arrays.data[0]).toEqual([
      'market_date',
      'number_of_datapoints',
      'number_of_unique_time_index_values',
      'number_of_unique_subseries_index_values',
    ]);
    const download = await get('/v1/datasets/ercot_load/audit?download=true');
    expect(download.headers.get('content-disposition')).toBe('attachment; filename="ercot_load.json"');
  });
});
