// @vitest-environment jsdom
import { DATASET_IDS } from '@/contract';
import { getSqlTables, loadTable, resetSqlSession, runSql } from '@/sql/sqlSession';
import type { SqlTableSpec } from '@/sql/types';
import { setupMockServer } from '@/test/mockServer';
import { setupNodeSqlEngine } from '@/test/sqlEngineNode';
import { sqlExamples } from './examples';

setupMockServer();
setupNodeSqlEngine();

afterAll(async () => {
  await resetSqlSession();
});

const prices = (name: string, dataset: string, timezone?: string): SqlTableSpec => ({
  name,
  source: {
    kind: 'query',
    dataset,
    params: {
      start_time: '2025-07-07T00:00:00-05:00',
      end_time: '2025-07-14T00:00:00-05:00',
      filter_column: 'location',
      filter_value: 'HB_NORTH,HB_WEST',
      filter_operator: 'in',
      ...(timezone ? { timezone } : {}),
    },
  },
});

describe('the example queries', () => {
  it('run in DuckDB on tables loaded from the API', async () => {
    await loadTable(prices('rt_spp', DATASET_IDS.realTimeSpp, 'market'));
    await loadTable(prices('da_spp', DATASET_IDS.dayAheadSpp));
    const examples = sqlExamples(getSqlTables());
    expect(examples.map((e) => e.missing)).toEqual([null, null, null, null]);
    const answers = new Map<string, { rows: number; columns: string[] }>();
    for (const example of examples) {
      const result = await runSql(example.sql ?? '', { rowCap: 1000 });
      answers.set(example.id, { rows: result.rowCount, columns: result.columns.map((c) => c.name) });
    }
    expect(answers.get('hour-month-pivot')).toEqual({ rows: 24, columns: ['hour_of_day', '2025-07'] });
    expect(answers.get('dart-by-hour')).toEqual({
      rows: 48,
      columns: ['location', 'hour_of_day', 'avg_dart', 'avg_day_ahead', 'avg_real_time', 'hours'],
    });
    expect(answers.get('top-spikes')?.rows).toBe(20);
    expect(answers.get('top-spikes')?.columns).toContain('da_price');
    expect(answers.get('below-zero-by-weekday')).toEqual({
      rows: 14,
      columns: ['location', 'day_number', 'weekday', 'intervals', 'below_zero', 'percent_below_zero'],
    });
  }, 60_000);
});
