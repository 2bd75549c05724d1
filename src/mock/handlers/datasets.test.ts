import type { Dataset, DatasetListResponse, ErrorBody } from '@/contract';
import { createNodeMock } from '../node';
import { DATASET_FIELDS } from './datasets';
import { DATASETS } from '@/mock/data/catalog';

const NOW = Date.UTC(2024, 6, 15, 17, 30);
const BASE = 'http://mock.test';
const { server } = createNodeMock({ now: () => NOW, rateLimits: false });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

const get = (path: string): Promise<Response> =>
  fetch(`${BASE}${path}`, { headers: { 'x-api-key': 'test-key' } });
const json = async <T>(path: string): Promise<T> => (await (await get(path)).json()) as T;

describe('GET /v1/datasets', () => {
  it('lists the nine ERCOT datasets sorted by id with meta and a null dataset_metadata', async () => {
    const response = await get('/v1/datasets');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(response.headers.get('content-disposition')).toBeNull();
    const body = (await response.json()) as DatasetListResponse;
    expect(Object.keys(body).sort()).toEqual(['data', 'dataset_metadata', 'meta']);
    expect(body.data).toHaveLength(DATASETS.length);
    const ids = body.data.map((d) => d.id);
    expect(ids).toEqual([...ids].sort());
    expect(ids).toContain('ercot_load');
    expect(body.meta).toEqual({
      page: 1,
      limit: null,
      page_size: DATASETS.length,
      hasNextPage: false,
      cursor: null,
    });
    expect(body.dataset_metadata).toBeNull();
    for (const dataset of body.data) expect(Object.keys(dataset).sort()).toEqual([...DATASET_FIELDS].sort());
  });

  it('filters by source case-insensitively; a market without coverage gives an empty list', async () => {
    expect((await json<DatasetListResponse>('/v1/datasets?source=ercot')).data).toHaveLength(DATASETS.length);
    expect((await json<DatasetListResponse>('/v1/datasets?source=ERCOT')).data).toHaveLength(DATASETS.length);
    const empty = await json<DatasetListResponse>('/v1/datasets?source=caiso');
    expect(empty.data).toEqual([]);
    expect(empty.meta).toEqual({ page: 1, limit: null, page_size: 0, hasNextPage: false, cursor: null });
  });

  it('gives array_of_arrays with the field names first, also for an empty list', async () => {
    const body = await json<{ data: unknown[][] }>('/v1/datasets?json_schema=array_of_arrays');
    expect(body.data[0]).toEqual([...DATASET_FIELDS]);
    expect(body.data).toHaveLength(DATASETS.length + 1);
    expect(body.data[1]?.[0]).toBe('ercot_as_prices');
    const empty = await json<{ data: unknown[][] }>('/v1/datasets?json_schema=array-of-arrays&source=pjm');
    expect(empty.data).toEqual([[...DATASET_FIELDS]]);
  });

  it('gives CSV with one line per dataset and JSON text for array fields', async () => {
    const response = await get('/v1/datasets?return_format=csv');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const text = await response.text();
    const lines = text.split('\n');
    expect(lines[0]).toBe(DATASET_FIELDS.join(','));
    expect(text.endsWith('\n')).toBe(true);
    expect(text).toContain('"[{""name"":""interval_start_utc""');
    expect(response.headers.get('x-page')).toBe('1');
    expect(response.headers.get('x-has-next-page')).toBe('false');
  });

  it('marks downloads as attachments named datasets.<ext>', async () => {
    const csv = await get('/v1/datasets?return_format=csv&download=true');
    expect(csv.headers.get('content-disposition')).toBe('attachment; filename="datasets.csv"');
    const json = await get('/v1/datasets?download=1');
    expect(json.headers.get('content-disposition')).toBe('attachment; filename="datasets.json"');
    expect(((await json.json()) as DatasetListResponse).data).toHaveLength(DATASETS.length);
    expect((await get('/v1/datasets?download=false')).headers.get('content-disposition')).toBeNull();
  });

  it('answers 422 for a download that is not a boolean and 400 for unknown formats', async () => {
    const bad = await get('/v1/datasets?download=maybe');
    expect(bad.status).toBe(422);
    expect(((await bad.json()) as ErrorBody).detail).toEqual([
      {
        loc: ['query', 'download'],
        msg: 'Input should be a valid boolean',
        type: 'bool_parsing',
        input: 'maybe',
      },
    ]);
    const format = await get('/v1/datasets?return_format=xml');
    expect(format.status).toBe(400);
    expect(((await format.json()) as ErrorBody).detail).toBe(
      "Invalid value 'xml' for return_format. Allowed values: json, csv.",
    );
    const schema = await get('/v1/datasets?json_schema=table');
    expect(schema.status).toBe(400);
    expect(((await schema.json()) as ErrorBody).detail).toMatch(
      /json_schema.*array_of_objects, array_of_arrays/,
    );
  });

  it('ignores unknown query parameters', async () => {
    expect((await get('/v1/datasets?foo=bar&page_size=abc')).status).toBe(200);
  });
});

describe('GET /v1/datasets/{id}', () => {
  it('gives one Dataset object with every field of the contract', async () => {
    const response = await get('/v1/datasets/ercot_load');
    expect(response.status).toBe(200);
    const dataset = (await response.json()) as Dataset;
    expect(dataset).toMatchObject({
      id: 'ercot_load',
      source: 'ercot',
      cadence: '5_MINUTES',
      time_index_column: 'interval_start_utc',
      data_timezone: 'US/Central',
    });
    expect(Object.keys(dataset).sort()).toEqual([...DATASET_FIELDS].sort());
  });

  it('answers 404 with the exact detail for an unknown dataset', async () => {
    const response = await get('/v1/datasets/nope');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ detail: "Dataset 'nope' not found." });
  });

  it('checks parameter types before the dataset, and the dataset before the rules', async () => {
    expect((await get('/v1/datasets/nope?download=maybe')).status).toBe(422);
    expect((await get('/v1/datasets/nope?return_format=xml')).status).toBe(404);
    expect((await get('/v1/datasets/ercot_load?return_format=xml')).status).toBe(400);
  });

  it('gives one CSV line and ignores json_schema', async () => {
    const csv = await get('/v1/datasets/ercot_load?return_format=csv&download=true');
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toBe('attachment; filename="ercot_load.csv"');
    const lines = (await csv.text()).split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[1]?.startsWith('ercot_load,ercot,')).toBe(true);
    const json = await get('/v1/datasets/ercot_load?json_schema=array_of_arrays');
    expect(((await json.json()) as Dataset).id).toBe('ercot_load');
  });
});
