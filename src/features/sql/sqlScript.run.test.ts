/**
 * The SQL page's Python script run as written, by python3 against the HTTP mock, where python3 has
 * its packages (duckdb, pandas, gridstatusio); skipped elsewhere (the text tests in sqlScript.test.ts
 * always run). Its answer must be DuckDB's answer over the same rows fetched by the app.
 */
import { execFile, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { fetchDatasetQuery } from '@/api/query/fetchers';
import { setConnection } from '@/api/connection';
import { startHttpServer, type HttpMock } from '@/mock/server';
import type { SqlTableSpec } from '@/sql/types';
import { TEST_NOW } from '@/test/clock';
import { sqlScript } from './sqlScript';

const run = promisify(execFile);
const KEY = 'demo-key';
const HAS_PACKAGES = spawnSync('python3', ['-c', 'import duckdb, pandas, gridstatusio']).status === 0;

const PARAMS = {
  start_time: '2025-07-01',
  end_time: '2025-07-02',
  filter_column: 'location',
  filter_value: 'HB_NORTH',
  timezone: 'market',
};
const TABLES: SqlTableSpec[] = [
  { name: 'rt', source: { kind: 'query', dataset: 'ercot_spp_real_time_15_min', params: PARAMS } },
  { name: 'spikes', source: { kind: 'sql', sql: 'SELECT * FROM rt WHERE spp > 0' } },
];

describe.skipIf(!HAS_PACKAGES)('the SQL script, run by python3', () => {
  let mock: HttpMock;
  let dir: string;
  beforeAll(async () => {
    mock = await startHttpServer({ port: 0, workers: false, now: () => TEST_NOW, log: () => undefined });
    dir = mkdtempSync(join(tmpdir(), 'gridscope-sql-script-'));
    setConnection({ mode: 'remote', baseUrl: mock.url, apiKey: KEY, remember: false });
  });
  afterAll(async () => {
    await mock.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('counts the rows the app fetched, with instants as zone-less timestamps as in the page', async () => {
    const app = await fetchDatasetQuery('ercot_spp_real_time_15_min', { ...PARAMS, page_size: 5000 });
    const positive = app.data.filter((r) => Number(r.spp) > 0).length;
    const sql =
      'SELECT (SELECT count(*) FROM rt) AS n, (SELECT count(*) FROM spikes) AS positive, ' +
      "(SELECT typeof(any_value(interval_start_utc)) NOT LIKE '%TIME ZONE%' FROM rt) AS zoneless";
    const path = join(dir, 'script.py');
    writeFileSync(path, sqlScript({ baseUrl: mock.url, sql, tables: TABLES }));
    const { stdout } = await run('python3', [path], { env: { ...process.env, GRIDSTATUS_API_KEY: KEY } });
    const last = stdout.trim().split('\n').pop() ?? '';
    expect(last.trim().split(/\s+/).slice(1)).toEqual([
      String(app.data.length),
      String(positive),
      '0',
      'TIMESTAMP',
    ]);
  }, 120_000);
});
