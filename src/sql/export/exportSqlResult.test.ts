import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { DEMO_API_KEY } from '@/api/connection';
import { datasetQueryRequest } from '@/api/apiRequest';
import type { SqlColumn, SqlResult, SqlRows, SqlTable } from '../types';
import { exportSqlResult, sqlExportBasename } from './exportSqlResult';
import { tablesRead } from './sqlSidecar';

const col = (name: string, type: string): SqlColumn => ({ name, type, unit: null });
const COLUMNS = [
  col('interval_start_local', 'TIMESTAMP'),
  col('interval_start_utc', 'TIMESTAMP'),
  col('location', 'VARCHAR'),
  col('spp', 'DOUBLE'),
  col('n', 'BIGINT'),
  col('negative', 'BOOLEAN'),
  col('day', 'DATE'),
];
const T0 = Date.UTC(2025, 6, 14, 5);
type Cell = number | string | boolean | null;
const ROWS: Cell[][] = [
  [T0 - 5 * 3_600_000, T0, 'HB_NORTH', 27.5, 3, false, Date.UTC(2025, 6, 14)],
  [T0 - 4 * 3_600_000 + 250, T0 + 3_600_000 + 250, '=HYPERLINK("http://x")', -1.25, null, true, null],
  [null, null, '-HB, "quoted"\nline', null, 9_007_199_254_740_991, null, Date.UTC(1999, 11, 31)],
];

function rowsOf(cells: Cell[][], columns = COLUMNS): SqlRows {
  return { columns, rowCount: cells.length, value: (r, c) => cells[r]?.[c] ?? null };
}
const resultOf = (cells: Cell[][], truncated = false): SqlResult => ({
  ...rowsOf(cells),
  sql: 'SELECT * FROM rt WHERE spp > 0 -- the hub',
  truncated,
  elapsedMs: 12,
});

const SERVER = 'https://api.example.com';
const PARAMS = { start_time: '2025-07-14', filter_column: 'location', filter_value: 'HB_NORTH' };
const TABLES: SqlTable[] = [
  {
    name: 'rt',
    source: { kind: 'query', dataset: 'ercot_spp_real_time_15_min', params: PARAMS },
    columns: COLUMNS,
    rowCount: 96,
    status: { state: 'ready' },
    requests: [datasetQueryRequest(SERVER, 'ercot_spp_real_time_15_min', { ...PARAMS, page_size: 5000 })],
  },
  {
    name: 'other',
    source: { kind: 'sql', sql: 'SELECT 1' },
    columns: [col('x', 'INTEGER')],
    rowCount: 1,
    status: { state: 'ready' },
    requests: [],
  },
];
const NOW = new Date(Date.UTC(2025, 6, 15, 12, 30));
const base = { tables: TABLES, basename: 'sql_rt', now: () => NOW };

async function readParquet(blob: Blob) {
  const dir = mkdtempSync(join(tmpdir(), 'gridscope-sql-parquet-'));
  const path = join(dir, 'r.parquet');
  writeFileSync(path, new Uint8Array(await blob.arrayBuffer()));
  try {
    const db = await DuckDBInstance.create(':memory:');
    const c = await db.connect();
    const types = (await c.runAndReadAll(`DESCRIBE SELECT * FROM read_parquet('${path}')`))
      .getRowsJS()
      .map((r) => [r[0], r[1]]);
    const rows = (
      await c.runAndReadAll(
        `SELECT epoch_ms(interval_start_local), epoch_ms(interval_start_utc), location, spp, n, negative, CAST(day AS VARCHAR) FROM read_parquet('${path}')`,
      )
    )
      .getRowsJS()
      .map((r) => r.map((v) => (typeof v === 'bigint' ? Number(v) : v)));
    c.closeSync();
    db.closeSync();
    return { types, rows };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('SQL result exports', () => {
  it('writes CSV with instants in UTC (Z) and wall clocks without a zone, formulas neutralised', async () => {
    const out = await exportSqlResult({ ...base, result: resultOf(ROWS), format: 'csv' });
    expect(out.filename).toBe('sql_rt.csv');
    expect(await out.file.text()).toBe(
      'interval_start_local,interval_start_utc,location,spp,n,negative,day\n' +
        '2025-07-14T00:00:00,2025-07-14T05:00:00Z,HB_NORTH,27.5,3,false,2025-07-14\n' +
        `2025-07-14T01:00:00.250,2025-07-14T06:00:00.250Z,"'=HYPERLINK(""http://x"")",-1.25,,true,\n` +
        `,,"'-HB, ""quoted""\nline",,9007199254740991,,1999-12-31\n`,
    );
  });

  it('writes spreadsheet CSV with a BOM and date-times a spreadsheet reads', async () => {
    const out = await exportSqlResult({ ...base, result: resultOf(ROWS.slice(0, 2)), format: 'spreadsheet' });
    const text = await out.file.text();
    // Blob.text() drops nothing: the BOM is the first character.
    const bytes = new Uint8Array(await out.file.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(
      text
        .replace(/^\uFEFF/, '')
        .split('\n')
        .slice(1, 3),
    ).toEqual([
      '2025-07-14 00:00:00,2025-07-14 05:00:00,HB_NORTH,27.5,3,false,2025-07-14',
      `2025-07-14 01:00:00.250,2025-07-14 06:00:00.250,"'=HYPERLINK(""http://x"")",-1.25,,true,`,
    ]);
  });

  it('writes typed Parquet that DuckDB reads back: instants adjusted to UTC, wall clocks not', async () => {
    const out = await exportSqlResult({ ...base, result: resultOf(ROWS), format: 'parquet' });
    expect(out.filename).toBe('sql_rt.parquet');
    const { types, rows } = await readParquet(out.file);
    expect(types).toEqual([
      ['interval_start_local', 'TIMESTAMP'],
      ['interval_start_utc', 'TIMESTAMP WITH TIME ZONE'],
      ['location', 'VARCHAR'],
      ['spp', 'DOUBLE'],
      ['n', 'BIGINT'],
      ['negative', 'BOOLEAN'],
      ['day', 'DATE'],
    ]);
    expect(rows).toEqual([
      [T0 - 5 * 3_600_000, T0, 'HB_NORTH', 27.5, 3, false, '2025-07-14'],
      [T0 - 4 * 3_600_000 + 250, T0 + 3_600_000 + 250, '=HYPERLINK("http://x")', -1.25, null, true, null],
      [null, null, '-HB, "quoted"\nline', null, 9_007_199_254_740_991, null, '1999-12-31'],
    ]);
  });

  it('writes a sidecar with the SQL and the requests of every table it read, never the key', async () => {
    const out = await exportSqlResult({ ...base, result: resultOf(ROWS), format: 'parquet' });
    expect(out.sidecarFilename).toBe('sql_rt.parquet.query.json');
    const text = await out.sidecar.text();
    expect(text).not.toContain(DEMO_API_KEY);
    expect(text).not.toMatch(/api_key=|x-api-key=/);
    const sidecar = JSON.parse(text) as Record<string, unknown>;
    expect(sidecar).toMatchObject({
      file: 'sql_rt.parquet',
      format: 'parquet',
      sql: 'SELECT * FROM rt WHERE spp > 0 -- the hub',
      rows: 3,
      exported_at: '2025-07-15T12:30:00.000Z',
      api_key: 'not written: send yours in the x-api-key header',
      tables: [
        {
          name: 'rt',
          source: { kind: 'query', dataset: 'ercot_spp_real_time_15_min', params: PARAMS },
          rows: 96,
          requests: [
            {
              url: 'https://api.example.com/v1/datasets/ercot_spp_real_time_15_min/query?start_time=2025-07-14&filter_column=location&filter_value=HB_NORTH',
            },
          ],
        },
      ],
    });
  });

  it('counts a saved result and the tables it was built from as read', () => {
    const saved: SqlTable = {
      name: 'spikes',
      source: { kind: 'sql', sql: 'SELECT * FROM RT' },
      columns: [],
      rowCount: 0,
      status: { state: 'ready' },
      requests: [],
    };
    expect(tablesRead('select * from spikes', [...TABLES, saved]).map((t) => t.name)).toEqual([
      'rt',
      'spikes',
    ]);
    expect(tablesRead('SELECT 1', TABLES)).toEqual([]);
  });

  it('writes every row of a result cut at the cap, from the stream, with progress', async () => {
    const progress: number[] = [];
    const stream = vi.fn(async (sql: string, onBatch: (rows: SqlRows) => void | Promise<void>) => {
      expect(sql).toBe('SELECT * FROM rt WHERE spp > 0 -- the hub');
      for (const batch of [ROWS.slice(0, 2), ROWS.slice(2)]) await onBatch(rowsOf(batch));
      return 3;
    });
    const out = await exportSqlResult({
      ...base,
      result: resultOf(ROWS.slice(0, 1), true),
      format: 'csv',
      stream,
      onProgress: (n) => progress.push(n),
    });
    expect(stream).toHaveBeenCalledTimes(1);
    expect(progress).toEqual([2, 3]);
    expect(out.rows).toBe(3);
    expect((await out.file.text()).trimEnd().split('\n')).toHaveLength(5);
    expect(JSON.parse(await out.sidecar.text())).toMatchObject({ rows: 3 });
  });

  it('stops when cancelled', async () => {
    const controller = new AbortController();
    const stream = async (_sql: string, onBatch: (rows: SqlRows) => void | Promise<void>) => {
      await onBatch(rowsOf(ROWS.slice(0, 1)));
      controller.abort();
      return 1;
    };
    await expect(
      exportSqlResult({
        ...base,
        result: resultOf([], true),
        format: 'csv',
        stream,
        signal: controller.signal,
      }),
    ).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('names files by the table and the minute', () => {
    expect(sqlExportBasename(NOW, 'rt')).toBe('sql_rt_2025-07-15T1230');
    expect(sqlExportBasename(NOW, null)).toBe('sql_result_2025-07-15T1230');
  });
});
