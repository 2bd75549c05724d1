import type { DatasetUpdatesResponse, ErrorBody } from '@/contract';
import { createNodeMock } from '../node';

const NOW = Date.UTC(2024, 6, 15, 17, 30);
const BASE = 'http://mock.test';
const { server } = createNodeMock({ now: () => NOW, rateLimits: false });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

const get = (path: string): Promise<Response> =>
  fetch(`${BASE}${path}`, { headers: { 'x-api-key': 'test-key' } });
const json = async <T>(path: string): Promise<T> => (await (await get(path)).json()) as T;
const times = (body: DatasetUpdatesResponse): number[] => body.data.map((u) => Date.parse(u.time_utc));

describe('GET /v1/dataset-updates/{id}', () => {
  it('gives at most 100 runs of the last 7 days, newest first, with meta', async () => {
    const body = await json<DatasetUpdatesResponse>('/v1/dataset-updates/ercot_load');
    expect(Object.keys(body).sort()).toEqual(['data', 'dataset_metadata', 'meta']);
    expect(body.data.length).toBeGreaterThan(0);
    expect(body.data.length).toBeLessThanOrEqual(100);
    const t = times(body);
    expect(t).toEqual([...t].sort((a, b) => b - a));
    expect(Math.min(...t)).toBeGreaterThanOrEqual(NOW - 7 * 86_400_000);
    expect(Math.max(...t)).toBeLessThanOrEqual(NOW);
    expect(body.meta).toMatchObject({ page: 1, limit: 100, page_size: body.data.length, cursor: null });
    expect(body.data[0]).toMatchObject({ dataset: 'ercot_load' });
    expect(Object.keys(body.data[0] ?? {}).sort()).toEqual(
      ['dataset', 'id', 'is_backfill', 'num_rows_inserted', 'num_rows_updated', 'time_utc'].sort(),
    );
  });

  it('orders oldest first with order=asc and honours limit', async () => {
    const asc = await json<DatasetUpdatesResponse>(
      '/v1/dataset-updates/ercot_as_prices?order=asc&limit=1000',
    );
    const t = times(asc);
    expect(t).toEqual([...t].sort((a, b) => a - b));
    const five = await json<DatasetUpdatesResponse>('/v1/dataset-updates/ercot_load?limit=5');
    expect(five.data).toHaveLength(5);
    expect(five.meta).toMatchObject({ limit: 5, page_size: 5, hasNextPage: true });
  });

  it('rejects limits outside 1…1000 and unknown orders with 400, a non-integer limit with 422', async () => {
    for (const query of ['limit=0', 'limit=1001', 'order=newest']) {
      const response = await get(`/v1/dataset-updates/ercot_load?${query}`);
      expect(response.status).toBe(400);
      expect(((await response.json()) as ErrorBody).detail).toMatch(query.split('=')[0] ?? '');
    }
    const bad = await get('/v1/dataset-updates/ercot_load?limit=ten');
    expect(bad.status).toBe(422);
    expect(((await bad.json()) as ErrorBody).detail).toEqual([
      { loc: ['query', 'limit'], msg: 'Input should be a valid integer', type: 'int_parsing', input: 'ten' },
    ]);
  });

  it('answers 404 for an unknown dataset and serves CSV downloads named after the dataset', async () => {
    expect(await json('/v1/dataset-updates/nope')).toEqual({ detail: "Dataset 'nope' not found." });
    const csv = await get('/v1/dataset-updates/ercot_load?return_format=csv&download=true&limit=3');
    expect(csv.headers.get('content-disposition')).toBe('attachment; filename="ercot_load.csv"');
    expect(csv.headers.get('x-limit')).toBe('3');
    const lines = (await csv.text()).split('\n');
    expect(lines[0]).toBe('id,dataset,time_utc,num_rows_inserted,num_rows_updated,is_backfill');
    expect(lines).toHaveLength(5);
  });
});
