// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach } from 'vitest';
import { DATASET_IDS } from '@/contract';
import { parseSqlPageSearch } from '@/sql/sqlLink';
import { getSqlTables, loadTable, resetSqlSession, startEngine } from '@/sql/sqlSession';
import { setupMockServer } from '@/test/mockServer';
import { renderApp } from '@/test/renderApp';
import { setupNodeSqlEngine } from '@/test/sqlEngineNode';

setupMockServer();
setupNodeSqlEngine();

afterEach(async () => {
  cleanup();
  await resetSqlSession();
});

/**
 * "Open in SQL" over the catalog's other shapes: the table the link builds holds every row the
 * query page counted, each column typed by the dataset's metadata (names as VARCHAR, never numbers
 * or times guessed from the text).
 */
async function tableOpenedFrom(url: string) {
  renderApp(url);
  const loaded = await screen.findByText(/^[\d,]+ rows loaded · all rows loaded$/, undefined, {
    timeout: 10_000,
  });
  const rows = Number(loaded.textContent.split(' ')[0]?.replace(/,/g, ''));
  const href = screen.getByRole('link', { name: 'Open in SQL' }).getAttribute('href') ?? '';
  const { state, problems } = parseSqlPageSearch(href.slice('/sql'.length));
  expect(problems).toEqual([]);
  const spec = state.tables.at(-1);
  if (!spec) throw new Error('the link opens no table');
  cleanup();
  await startEngine();
  await loadTable(spec);
  const table = getSqlTables().find((t) => t.name === spec.name);
  expect(table?.status).toEqual({ state: 'ready' });
  const types = Object.fromEntries(table?.columns.map((c) => [c.name, c.type]) ?? []);
  return { rows, table, types };
}

describe('QueryPage: Open in SQL over the catalog’s other shapes', () => {
  it('loads every vintage of a solar report: one row per interval and publish time', async () => {
    const { rows, table, types } = await tableOpenedFrom(
      `/datasets/${DATASET_IDS.solarActualAndForecast}/query?v=1&range=custom&start=2025-07-14T12:00&end=2025-07-14T14:00&tz=UTC&ps=5000`,
    );
    // Two hours, each forecast by many publish times.
    expect(rows).toBeGreaterThan(2);
    expect(table?.rowCount).toBe(rows);
    expect(types).toMatchObject({
      interval_start_utc: 'TIMESTAMP_MS',
      publish_time_utc: 'TIMESTAMP_MS',
      stppf_system_wide: 'DOUBLE',
      gen_system_wide: 'DOUBLE',
    });
  });

  it('loads an hour of every bus, with the bus names as text', async () => {
    const { rows, table, types } = await tableOpenedFrom(
      `/datasets/${DATASET_IDS.lmpByBus}/query?v=1&range=custom&start=2025-07-14T15:00&end=2025-07-14T16:00&tz=UTC&ps=5000`,
    );
    expect(table?.rowCount).toBe(rows);
    // Every one of the 284 buses in each of the hour's twelve intervals.
    expect(rows).toBe(12 * 284);
    expect(types).toMatchObject({ location: 'VARCHAR', location_type: 'VARCHAR', lmp: 'DOUBLE' });
  });

  it('loads the binding constraints of a day with their names and stations as text', async () => {
    const { rows, table, types } = await tableOpenedFrom(
      `/datasets/${DATASET_IDS.shadowPricesSced}/query?v=1&range=custom&start=2025-07-14&end=2025-07-15&tz=UTC&ps=5000`,
    );
    expect(rows).toBeGreaterThan(0);
    expect(table?.rowCount).toBe(rows);
    expect(types).toMatchObject({
      constraint_name: 'VARCHAR',
      contingency_name: 'VARCHAR',
      from_station: 'VARCHAR',
      to_station: 'VARCHAR',
      shadow_price: 'DOUBLE',
    });
  });

  it('loads the wide disclosure table of one resource type with every column typed', async () => {
    const { rows, table, types } = await tableOpenedFrom(
      `/datasets/${DATASET_IDS.scedGenResource60Day}/query?v=1&fcol=resource_type&fval=WIND&range=custom&start=2025-05-01T15:00&end=2025-05-01T15:30&tz=UTC&ps=5000`,
    );
    expect(rows).toBeGreaterThan(0);
    expect(table?.rowCount).toBe(rows);
    expect(Object.keys(types).length).toBeGreaterThanOrEqual(30);
    expect(types).toMatchObject({
      resource_name: 'VARCHAR',
      qse: 'VARCHAR',
      telemetered_resource_status: 'VARCHAR',
      base_point: 'DOUBLE',
      sced1_curve_price3: 'DOUBLE',
    });
  });
});
