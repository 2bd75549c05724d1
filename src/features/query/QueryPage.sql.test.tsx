// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { parseSqlPageSearch, rememberSqlPageState } from '@/sql/sqlLink';
import { setupMockServer } from '@/test/mockServer';
import { renderApp } from '@/test/renderApp';

setupMockServer();

const BASE = '/datasets/ercot_spp_real_time_15_min/query';

/** The SQL view an "Open in SQL" link opens. */
function sqlViewOf(link: HTMLElement) {
  const href = link.getAttribute('href') ?? '';
  expect(href.startsWith('/sql?')).toBe(true);
  return parseSqlPageSearch(href.slice('/sql'.length));
}

describe('QueryPage: Open in SQL', () => {
  it("opens every row of the query as a table, with the API's parameters as the page sends them", async () => {
    renderApp(
      `${BASE}?v=1&fcol=location&fval=HB_NORTH&range=custom&start=2025-07-14&end=2025-07-15&tz=UTC&rs=1h&rsfn=max&limit=500`,
    );
    await screen.findByText(/rows loaded/);
    const { state, problems } = sqlViewOf(screen.getByRole('link', { name: 'Open in SQL' }));
    expect(problems).toEqual([]);
    expect(state).toEqual({
      sql: 'SELECT * FROM rt_spp_hb_north_hourly LIMIT 100',
      tables: [
        {
          name: 'rt_spp_hb_north_hourly',
          source: {
            kind: 'query',
            dataset: 'ercot_spp_real_time_15_min',
            // Paging (page_size) is the loader's business: a table holds every row.
            params: {
              start_time: '2025-07-14',
              end_time: '2025-07-15',
              filter_column: 'location',
              filter_value: 'HB_NORTH',
              resample_frequency: '1h',
              resample_function: 'max',
              limit: 500,
            },
          },
        },
      ],
    });
  });

  it("adds the query to the tab's last SQL view", async () => {
    renderApp(`${BASE}?v=1&range=custom&start=2025-07-14&end=2025-07-15&tz=UTC`);
    // The SQL page remembered its view in this tab (renderApp starts with empty storage).
    rememberSqlPageState({
      sql: 'SELECT count(*) FROM mine',
      tables: [{ name: 'mine', source: { kind: 'sql', sql: 'SELECT 1 AS x' } }],
    });
    await screen.findByText(/rows loaded/);
    const { state } = sqlViewOf(screen.getByRole('link', { name: 'Open in SQL' }));
    expect(state.sql).toBe('SELECT count(*) FROM mine');
    expect(state.tables.map((t) => t.name)).toEqual(['mine', 'rt_spp_15_min']);
  });
});
