// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { compareHref, dataSeries } from '@/compare/compareWorkspace';
import { parseSqlPageSearch } from '@/sql/sqlLink';
import { setupMockServer } from '@/test/mockServer';
import { renderApp } from '@/test/renderApp';

setupMockServer();

const SLOW = { timeout: 10_000 };
const DA = 'ercot_spp_day_ahead_hourly';
const RT = 'ercot_spp_real_time_15_min';
const HOUSTON = { filterColumn: 'location', filterValue: 'HB_HOUSTON' };
const DART = compareHref({
  from: '2025-07-08',
  to: '2025-07-14',
  A: dataSeries('A', DA, 'spp', HOUSTON),
  B: dataSeries('B', RT, 'spp', HOUSTON),
  C: { kind: 'expr', key: 'C', expr: 'A - B' },
});

function sqlViewOf(link: HTMLElement) {
  const href = link.getAttribute('href') ?? '';
  expect(href.startsWith('/sql?')).toBe(true);
  return parseSqlPageSearch(href.slice('/sql'.length));
}

/** The request the workspace sends for a series over its range: on the hourly grid, in market time. */
const request = (resampled: boolean) => ({
  start_time: '2025-07-08T05:00:00+00:00',
  end_time: '2025-07-15T05:00:00+00:00',
  columns: 'spp',
  timezone: 'US/Central',
  filter_column: 'location',
  filter_value: 'HB_HOUSTON',
  ...(resampled ? { resample_frequency: '1h', resample_function: 'mean' } : {}),
});

describe('Compare page: Open in SQL', () => {
  it('opens each data series as its request, and the aligned frame as the series and a join of them', async () => {
    renderApp(DART);
    const openA = await screen.findByRole('link', { name: 'Open A in SQL' }, SLOW);
    expect(sqlViewOf(openA)).toEqual({
      state: {
        sql: 'SELECT * FROM da_spp_hourly_hb_houston LIMIT 100',
        tables: [
          {
            name: 'da_spp_hourly_hb_houston',
            source: { kind: 'query', dataset: DA, params: request(false) },
          },
        ],
      },
      problems: [],
    });
    const openB = screen.getByRole('link', { name: 'Open B in SQL' });
    expect(sqlViewOf(openB).state.tables).toEqual([
      { name: 'rt_spp_hb_houston_hourly', source: { kind: 'query', dataset: RT, params: request(true) } },
    ]);
    // A derived series is no request: it is in the aligned frame.
    expect(screen.queryByRole('link', { name: 'Open C in SQL' })).not.toBeInTheDocument();

    const { state, problems } = sqlViewOf(screen.getByRole('link', { name: 'Open aligned frame in SQL' }));
    expect(problems).toEqual([]);
    expect(state.tables.map((t) => t.name)).toEqual(['compare_a', 'compare_b', 'compare_aligned']);
    expect(state.tables[1]?.source).toEqual({ kind: 'query', dataset: RT, params: request(true) });
    const aligned = state.tables[2]?.source;
    expect(aligned?.kind === 'sql' && aligned.sql).toMatch(
      /FROM grid\nLEFT JOIN a ON a\.k = grid\.k\nLEFT JOIN b/,
    );
    expect(aligned?.kind === 'sql' && aligned.sql).toContain('(a.v - b.v) AS c');
    expect(state.sql).toBe('SELECT * FROM compare_aligned LIMIT 100');
  });
});
