import { DATASET_IDS } from '@/contract';
import type { SqlColumn, SqlTable } from '@/sql/types';
import { sqlExamples } from './examples';

const col = (name: string, type: string, unit: string | null = null): SqlColumn => ({ name, type, unit });
const PRICE_COLUMNS = (local: boolean) => [
  ...(local ? [col('interval_start_local', 'TIMESTAMP_MS')] : []),
  col('interval_start_utc', 'TIMESTAMP_MS'),
  col('interval_end_utc', 'TIMESTAMP_MS'),
  col('location', 'VARCHAR'),
  col('market', 'VARCHAR'),
  col('spp', 'DOUBLE', '$/MWh'),
];

function table(
  name: string,
  dataset: string,
  columns: SqlColumn[],
  overrides: Partial<SqlTable> = {},
): SqlTable {
  return {
    name,
    source: { kind: 'query', dataset, params: {} },
    columns,
    rowCount: 100,
    status: { state: 'ready' },
    requests: [],
    ...overrides,
  };
}

const rt = table('rt_north', DATASET_IDS.realTimeSpp, PRICE_COLUMNS(true));
const da = table('da_north', DATASET_IDS.dayAheadSpp, PRICE_COLUMNS(false));
const byId = (tables: SqlTable[]) => new Map(sqlExamples(tables).map((e) => [e.id, e] as const));

describe('example queries for the tables at hand', () => {
  it('name the real-time and day-ahead tables and their columns when both are loaded', () => {
    const examples = byId([da, rt]);
    const pivot = examples.get('hour-month-pivot')?.sql ?? '';
    expect(pivot).toContain('FROM rt_north');
    expect(pivot).toContain('hour(interval_start_local)');
    expect(pivot).toContain('USING round(avg(spp), 2)');

    const dart = examples.get('dart-by-hour')?.sql ?? '';
    expect(dart).toContain('FROM rt_north');
    expect(dart).toContain('FROM da_north');
    expect(dart).toContain('USING (location, hour_start)');

    const spikes = examples.get('top-spikes')?.sql ?? '';
    expect(spikes).toContain('ASOF LEFT JOIN da_north AS d');
    expect(spikes).toContain('r.location = d.location AND r.interval_start_utc >= d.interval_start_utc');
    expect(spikes).toContain('LIMIT 20');

    expect(examples.get('below-zero-by-weekday')?.sql).toContain('FILTER (WHERE spp < 0)');
    for (const example of examples.values()) expect(example.missing).toBeNull();
  });

  it('say what to add when a real-time or day-ahead table is missing', () => {
    const onlyRt = byId([rt]);
    expect(onlyRt.get('dart-by-hour')?.sql).toBeNull();
    expect(onlyRt.get('dart-by-hour')?.missing).toBe(
      'Needs a day-ahead price table beside rt_north: open a query of ERCOT Day-Ahead Settlement Point Prices (hourly) in SQL, for the same locations and days.',
    );
    expect(onlyRt.get('top-spikes')?.missing).toContain('day-ahead price table');
    expect(onlyRt.get('hour-month-pivot')?.sql).toContain('FROM rt_north');

    const none = byId([]);
    expect(none.get('dart-by-hour')?.missing).toMatch(/^Needs a real-time and a day-ahead price table/);
    expect(none.get('hour-month-pivot')?.missing).toMatch(/^Needs a table with a time column/);
    expect([...none.values()].every((e) => e.sql === null)).toBe(true);
  });

  it('warn that hours are UTC when the table has no market-time column', () => {
    const pivot = byId([da]).get('hour-month-pivot')?.sql ?? '';
    expect(pivot).toContain('hour(interval_start_utc)');
    expect(pivot).toContain('hours and days here are UTC');
  });

  it('pass over tables that are not ready, and tell markets of saved results by their names', () => {
    const loading = { ...rt, status: { state: 'loading', rows: 10, estimate: 100 } } as const;
    expect(byId([loading]).get('hour-month-pivot')?.sql).toBeNull();

    const savedRt = table('rt_hourly', '', PRICE_COLUMNS(false), {
      source: { kind: 'sql', sql: 'SELECT 1' },
    });
    const examples = byId([savedRt, da]);
    expect(examples.get('dart-by-hour')?.sql).toContain('FROM rt_hourly');
  });

  it('quote column names that SQL would misread', () => {
    const odd = table('load_2025', DATASET_IDS.load, [col('Time', 'TIMESTAMP'), col('order', 'BIGINT')]);
    const pivot = byId([odd]).get('hour-month-pivot')?.sql ?? '';
    expect(pivot).toContain('hour("Time")');
    expect(pivot).toContain('avg("order")');
  });
});
