// @vitest-environment jsdom
/**
 * The Code tab's snippets run as written: the curl and TypeScript versions are executed (by bash
 * and by tsx, in child processes) against the HTTP mock, and their rows must be the app's rows for
 * the same query, fetched through the app's own fetch layer.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { setConnection } from '@/api/connection';
import { fetchDatasetQuery } from '@/api/query/fetchers';
import type { DatasetQueryParams, Row } from '@/contract';
import { curlSnippet, fetchSnippet } from '@/features/query/codeSnippets';
import { startHttpServer, type HttpMock } from '@/mock/server';
import { TEST_NOW } from '@/test/clock';

const run = promisify(execFile);
const KEY = 'demo-key';

const queries: { what: string; datasetId: string; params: DatasetQueryParams }[] = [
  {
    what: 'two hubs resampled hourly in market time, some columns',
    datasetId: 'ercot_spp_real_time_15_min',
    params: {
      start_time: '2025-07-01',
      end_time: '2025-07-03',
      filter_column: 'location',
      filter_value: 'HB_NORTH,HB_WEST',
      filter_operator: 'in',
      columns: 'spp,location',
      resample_frequency: '1 hour',
      resample_function: 'mean',
      timezone: 'market',
      page_size: 500,
    },
  },
  {
    what: 'a load forecast vintage, newest first, with a value filter',
    datasetId: 'ercot_load_forecast_by_forecast_zone',
    params: {
      start_time: '2025-07-10T00:00:00Z',
      end_time: '2025-07-11T00:00:00Z',
      publish_time: 'latest',
      filter_column: 'system_total',
      filter_operator: '>',
      filter_value: '50000',
      order: 'desc',
      page_size: 200,
    },
  },
];

let mock: HttpMock;
let dir: string;

beforeAll(async () => {
  mock = await startHttpServer({ port: 0, workers: false, now: () => TEST_NOW, log: () => undefined });
  dir = mkdtempSync(join(tmpdir(), 'gridscope-snippets-'));
});
afterAll(async () => {
  await mock.close();
  rmSync(dir, { recursive: true, force: true });
});

beforeEach(() => setConnection({ mode: 'remote', baseUrl: mock.url, apiKey: KEY, remember: false }));

const env = { ...process.env, GRIDSTATUS_API_KEY: KEY };

describe.each(queries)('the snippets of $what', ({ datasetId, params }) => {
  it('curl gives the app’s rows', async () => {
    const app = await fetchDatasetQuery(datasetId, params);
    expect(app.data.length).toBeGreaterThan(0);
    const { stdout } = await run('bash', ['-c', curlSnippet(mock.url, datasetId, params)], { env });
    expect((JSON.parse(stdout) as { data: Row[] }).data).toEqual(app.data);
  });

  it('TypeScript gives the app’s rows', async () => {
    const app = await fetchDatasetQuery(datasetId, params);
    const file = join(dir, `${datasetId}.mts`);
    writeFileSync(file, `${fetchSnippet(mock.url, datasetId, params)}\nconsole.log(JSON.stringify(data));\n`);
    const tsx = resolve('node_modules/.bin/tsx');
    const { stdout } = await run(tsx, [file], { env, timeout: 60_000 });
    expect(JSON.parse(stdout)).toEqual(app.data);
  }, 60_000);
});
