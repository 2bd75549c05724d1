// @vitest-environment jsdom
import { renderHook } from '@testing-library/react';
import { delay, http } from 'msw';
import { DEMO_API_KEY, setConnection } from '@/api/connection';
import { setupMockServer } from '@/test/mockServer';
import { setupNodeSqlEngine, startNodeEngine } from '@/test/sqlEngineNode';
import type { SqlEngineFactory } from './engine/sqlEngine';
import {
  cancelTableLoad,
  dismissEngineNotice,
  dropTable,
  getSqlTables,
  loadTable,
  renameTable,
  resetSqlSession,
  runSql,
  setSqlEngineFactory,
  SqlQueryError,
  startEngine,
  streamSql,
  useEngineNotice,
} from './sqlSession';
import type { SqlResult } from './types';

const { server } = setupMockServer();

/** What the page's notice says now, read through its hook's store. */
function noticeOf(): string | null {
  const { result, unmount } = renderHook(() => useEngineNotice());
  unmount();
  return result.current;
}
setupNodeSqlEngine();

const HB_NORTH_TWO_DAYS = {
  filter_column: 'location',
  filter_value: 'HB_NORTH',
  start_time: '2025-07-13T00:00:00+00:00',
  end_time: '2025-07-15T00:00:00+00:00',
};

const RT_SPP = {
  name: 'rt_spp',
  source: { kind: 'query' as const, dataset: 'ercot_spp_real_time_15_min', params: HB_NORTH_TWO_DAYS },
};

function column(result: SqlResult, name: string): unknown[] {
  const c = result.columns.findIndex((col) => col.name === name);
  return Array.from({ length: result.rowCount }, (_, r) => result.value(r, c));
}

async function sqlError(sql: string): Promise<SqlQueryError> {
  const error: unknown = await runSql(sql, { rowCap: 10 }).catch((e: unknown) => e);
  if (!(error instanceof SqlQueryError)) throw new Error(`expected an SQL error, got ${String(error)}`);
  return error;
}

/** The Node engine, but a statement with `hang_forever` never returns and one with `use_all_memory` fails as DuckDB does. */
const troubledEngine =
  (started: { count: number }): SqlEngineFactory =>
  async () => {
    started.count += 1;
    const engine = await startNodeEngine();
    const trouble = (sql: string): Promise<never> | null => {
      if (sql.includes('hang_forever')) return new Promise<never>(() => undefined);
      if (sql.includes('use_all_memory'))
        return Promise.reject(
          new Error('Out of Memory Error: failed to allocate data of size 2.0 GiB (1.9 GiB/2.0 GiB used)'),
        );
      return null;
    };
    return {
      ...engine,
      query: (sql) => trouble(sql) ?? engine.query(sql),
      send: (sql) => trouble(sql) ?? engine.send(sql),
    };
  };

describe('the SQL session', () => {
  beforeEach(() => setConnection({ mode: 'demo', baseUrl: '', apiKey: DEMO_API_KEY, remember: false }));
  // One engine for the file (it takes seconds to start): each test leaves no table behind.
  afterEach(async () => {
    for (const table of getSqlTables()) await dropTable(table.name);
    dismissEngineNotice();
  });

  it('loads every row of a query into a typed table, with its provenance, and groups it by hour', async () => {
    await startEngine();
    await loadTable(RT_SPP);
    const [table] = getSqlTables();
    expect(table?.status).toEqual({ state: 'ready' });
    expect(table?.rowCount).toBe(192);
    expect(table?.columns.find((c) => c.name === 'interval_start_utc')?.type).toBe('TIMESTAMP_MS');
    expect(table?.columns.find((c) => c.name === 'spp')).toEqual({
      name: 'spp',
      type: 'DOUBLE',
      unit: '$/MWh',
    });
    expect(table?.requests).toHaveLength(1);
    // One query, read in pages: 192 rows fit in one.
    expect(table?.pages).toBe(1);
    expect(table?.requests[0]?.dataset).toBe('ercot_spp_real_time_15_min');
    expect(table?.requests[0]?.url).toContain('/v1/datasets/ercot_spp_real_time_15_min/query?');
    expect(table?.requests[0]?.url).not.toContain(DEMO_API_KEY);

    const result = await runSql(
      'SELECT hour(interval_start_utc) AS h, count(*) AS n, min(interval_start_utc) AS first FROM rt_spp GROUP BY h ORDER BY h',
      { rowCap: 100 },
    );
    expect(result.rowCount).toBe(24);
    expect(result.truncated).toBe(false);
    expect(column(result, 'h')).toEqual(Array.from({ length: 24 }, (_, h) => h));
    expect(new Set(column(result, 'n'))).toEqual(new Set([8]));
    expect(result.value(0, 2)).toBe(Date.parse('2025-07-13T00:00:00Z'));
    expect(result.elapsedMs).toBeGreaterThanOrEqual(0);
  });

  it('holds at most the row cap and says there were more; streams them all', async () => {
    const result = await runSql('SELECT range AS i FROM range(5000)', { rowCap: 1000 });
    expect(result.rowCount).toBe(1000);
    expect(result.truncated).toBe(true);
    expect(result.value(999, 0)).toBe(999);
    expect(result.value(1000, 0)).toBeNull();

    let seen = 0;
    let last: unknown = null;
    const total = await streamSql('SELECT range AS i FROM range(5000)', (rows) => {
      seen += rows.rowCount;
      last = rows.value(rows.rowCount - 1, 0);
    });
    expect(total).toBe(5000);
    expect(seen).toBe(5000);
    expect(last).toBe(4999);
  });

  it('reads times, big integers, decimals, dates and NULL as the page shows them', async () => {
    const result = await runSql(
      "SELECT TIMESTAMP '2025-03-09 08:00:00' AS ts, 9007199254740991::BIGINT AS big, 12.34::DECIMAL(6,2) AS price, DATE '2025-03-09' AS day, true AS yes, 'HB_NORTH' AS name, NULL::DOUBLE AS missing",
      { rowCap: 10 },
    );
    expect(result.columns.map((c) => c.type)).toEqual([
      'TIMESTAMP',
      'BIGINT',
      'DECIMAL(6,2)',
      'DATE',
      'BOOLEAN',
      'VARCHAR',
      'DOUBLE',
    ]);
    expect(Array.from({ length: 7 }, (_, c) => result.value(0, c))).toEqual([
      Date.parse('2025-03-09T08:00:00Z'),
      9007199254740991,
      12.34,
      Date.parse('2025-03-09T00:00:00Z'),
      true,
      'HB_NORTH',
      null,
    ]);
  });

  it("says where a statement is wrong, in DuckDB's words", async () => {
    await loadTable(RT_SPP);
    const binder = await sqlError('SELECT spp\nFROM rt_spp\nWHERE nop = 1');
    expect(binder.info).toMatchObject({ kind: 'Binder Error', line: 3, column: 7 });
    expect(binder.info.message).toContain('Referenced column "nop" not found');
    const parser = await sqlError('SELECT 1;\nSELEC 2');
    expect(parser.info).toEqual({
      kind: 'Parser Error',
      message: 'syntax error at or near "SELEC"',
      line: 2,
      column: 1,
    });
  });

  it('refuses to read files or URLs, and to change its settings', async () => {
    expect((await sqlError("SELECT * FROM read_csv('http://example.com/x')")).info.kind).toBe(
      'Permission Error',
    );
    expect((await sqlError("SELECT * FROM read_csv('/etc/passwd')")).info.kind).toBe('Permission Error');
    expect((await sqlError('SET enable_external_access = true')).info.message).toContain('locked');
  });

  it('saves a result as a table that keeps the provenance of what it read; renames and drops tables', async () => {
    await loadTable(RT_SPP);
    await loadTable({
      name: 'by_hour',
      source: {
        kind: 'sql',
        sql: 'SELECT hour(interval_start_utc) AS h, avg(spp) AS spp FROM rt_spp GROUP BY h;',
      },
    });
    const byHour = getSqlTables().find((t) => t.name === 'by_hour');
    expect(byHour).toMatchObject({ rowCount: 24, status: { state: 'ready' } });
    expect(byHour?.requests).toEqual(getSqlTables()[0]?.requests);
    expect(byHour?.columns.find((c) => c.name === 'spp')?.unit).toBe('$/MWh');

    await renameTable('by_hour', 'hourly');
    expect(getSqlTables().map((t) => t.name)).toEqual(['rt_spp', 'hourly']);
    expect((await runSql('SELECT count(*) AS n FROM hourly', { rowCap: 1 })).value(0, 0)).toBe(24);
    await expect(renameTable('hourly', 'rt_spp')).rejects.toThrow('already a table called rt_spp');
    await expect(renameTable('hourly', 'Bad Name')).rejects.toThrow('not a table name');

    await dropTable('hourly');
    expect(getSqlTables().map((t) => t.name)).toEqual(['rt_spp']);
    expect((await sqlError('SELECT * FROM hourly')).info.kind).toBe('Catalog Error');
  });

  it('a table from SQL that fails says why', async () => {
    await expect(
      loadTable({ name: 'broken', source: { kind: 'sql', sql: 'SELECT nope FROM nowhere' } }),
    ).rejects.toThrow(SqlQueryError);
    const status = getSqlTables()[0]?.status;
    expect(status?.state === 'failed' && status.message).toContain('nowhere');
  });

  it('cancels a load under way', async () => {
    let asked!: () => void;
    const queried = new Promise<void>((resolve) => (asked = resolve));
    server.use(
      http.get('*/v1/datasets/:id/query', async () => {
        asked();
        await delay('infinite');
      }),
    );
    const load = loadTable(RT_SPP);
    await queried;
    expect(getSqlTables()[0]?.status).toMatchObject({ state: 'loading', rows: 0 });
    cancelTableLoad('rt_spp');
    await expect(load).rejects.toMatchObject({ name: 'AbortError' });
    expect(getSqlTables()[0]?.status).toEqual({ state: 'cancelled' });
    expect((await sqlError('SELECT * FROM rt_spp')).info.kind).toBe('Catalog Error');
  });

  describe('when DuckDB gets stuck or runs out of memory', () => {
    const started = { count: 0 };
    beforeEach(async () => {
      await resetSqlSession();
      started.count = 0;
      setSqlEngineFactory(troubledEngine(started));
    });
    afterAll(async () => {
      await resetSqlSession();
      setSqlEngineFactory(startNodeEngine);
    });

    it('a cancelled statement that will not stop ends its engine; a new one has the same tables', async () => {
      await loadTable(RT_SPP);
      const controller = new AbortController();
      const stuck = runSql('SELECT hang_forever()', { rowCap: 10, signal: controller.signal });
      controller.abort();
      await expect(stuck).rejects.toMatchObject({ name: 'AbortError' });
      expect(started.count).toBe(2);
      expect(getSqlTables()[0]).toMatchObject({ name: 'rt_spp', status: { state: 'ready' }, rowCount: 192 });
      expect((await runSql('SELECT count(*) FROM rt_spp', { rowCap: 1 })).value(0, 0)).toBe(192);
    });

    it('out of memory: explains, restarts and keeps the tables', async () => {
      await loadTable(RT_SPP);
      await loadTable({
        name: 'north_max',
        source: { kind: 'sql', sql: 'SELECT max(spp) AS top FROM rt_spp' },
      });
      const error = await sqlError('SELECT use_all_memory()');
      expect(error.info.kind).toBe('Out of Memory Error');
      expect(error.info.message).toMatch(
        /ran out of memory.*2 tables were loaded again.*smaller row cap.*aggregate first/s,
      );
      expect(noticeOf()).toBe('DuckDB ran out of memory and was restarted; your 2 tables were loaded again.');
      expect(started.count).toBe(2);
      expect((await runSql('SELECT count(*) FROM rt_spp', { rowCap: 1 })).value(0, 0)).toBe(192);
      expect((await runSql('SELECT count(*) FROM north_max', { rowCap: 1 })).value(0, 0)).toBe(1);
    });
  });
});
