// @vitest-environment jsdom
import { DEMO_API_KEY, setConnection } from '@/api/connection';
import { setupMockServer } from '@/test/mockServer';
import { setupNodeSqlEngine } from '@/test/sqlEngineNode';
import { getSqlTables, loadTable, resetSqlSession, runSql, startEngine } from './sqlSession';

setupMockServer();
setupNodeSqlEngine();

const HB_NORTH_TWO_DAYS = {
  filter_column: 'location',
  filter_value: 'HB_NORTH',
  start_time: '2025-07-13T00:00:00+00:00',
  end_time: '2025-07-15T00:00:00+00:00',
};

describe('the SQL session', () => {
  beforeEach(() => setConnection({ mode: 'demo', baseUrl: '', apiKey: DEMO_API_KEY, remember: false }));
  afterEach(() => resetSqlSession());

  it('loads every row of a query into a table and groups it by hour', async () => {
    await startEngine();
    await loadTable({
      name: 'rt_spp',
      source: { kind: 'query', dataset: 'ercot_spp_real_time_15_min', params: HB_NORTH_TWO_DAYS },
    });
    const [table] = getSqlTables();
    expect(table?.status).toEqual({ state: 'ready' });
    expect(table?.rowCount).toBe(192);
    expect(table?.columns.find((c) => c.name === 'interval_start_utc')?.type).toBe('TIMESTAMP_MS');
    expect(table?.columns.find((c) => c.name === 'spp')).toEqual({
      name: 'spp',
      type: 'DOUBLE',
      unit: '$/MWh',
    });
    const result = await runSql(
      'SELECT hour(interval_start_utc) AS h, count(*) AS n FROM rt_spp GROUP BY h ORDER BY h',
      {
        rowCap: 100,
      },
    );
    expect(result.rowCount).toBe(24);
    expect(result.value(0, 0)).toBe(0);
    expect(result.value(0, 1)).toBe(8);
    expect(result.truncated).toBe(false);
  });
});
