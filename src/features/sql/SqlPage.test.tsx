// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach } from 'vitest';
import { PAGES } from '@/app/pages';
import { DATASET_IDS } from '@/contract';
import { sqlPageSearch } from '@/sql/sqlLink';
import { resetSqlSession } from '@/sql/sqlSession';
import type { SqlTableSpec } from '@/sql/types';
import { setupMockServer } from '@/test/mockServer';
import { renderApp } from '@/test/renderApp';
import { setupNodeSqlEngine } from '@/test/sqlEngineNode';

setupMockServer();
setupNodeSqlEngine();

beforeAll(() => {
  // jsdom lays nothing out: CodeMirror measures text through ranges, which it gives no boxes.
  Range.prototype.getClientRects = () => [] as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect = () => new DOMRect();
});

afterEach(async () => {
  // The page first: the session's stores must not change under a mounted page outside act.
  cleanup();
  await resetSqlSession();
});

/** One day of HB_NORTH's real-time prices with market-time columns: 96 fifteen-minute intervals. */
const RT: SqlTableSpec = {
  name: 'rt',
  source: {
    kind: 'query',
    dataset: DATASET_IDS.realTimeSpp,
    params: {
      start_time: '2025-07-14T00:00:00-05:00',
      end_time: '2025-07-15T00:00:00-05:00',
      filter_column: 'location',
      filter_value: 'HB_NORTH',
      timezone: 'market',
    },
  },
};

async function openSql(sql: string, tables: readonly SqlTableSpec[] = []) {
  // The page's code first, so no render waits on it outside the test's own waits.
  await PAGES.sql.code.load();
  const rendered = renderApp(`/sql${sqlPageSearch({ sql, tables })}`);
  await screen.findByRole('heading', { level: 1, name: 'SQL' });
  return rendered;
}

/** The editor lives in a shadow root (its styles and the app's CSP), which screen queries do not enter. */
function sqlEditor(): HTMLElement {
  const shadow = document.querySelector('[data-sql-editor]')?.shadowRoot;
  if (!shadow) throw new Error('no SQL editor');
  return within(shadow as unknown as HTMLElement).getByRole('textbox', { name: 'SQL' });
}
const editorText = () => sqlEditor().textContent;
const resultTable = () => screen.findByRole('region', { name: 'Result of the SQL' }, { timeout: 20_000 });
const rowTexts = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((row) =>
      within(row)
        .queryAllByRole('cell')
        .map((c) => c.textContent),
    )
    .filter((cells) => cells.length > 0);

describe('SQL page', () => {
  it('rebuilds the tables of a link, then runs its SQL and shows the answer', async () => {
    const { user } = await openSql(
      'SELECT hour(interval_start_local) AS hour_of_day, count(*) AS intervals, round(avg(spp), 2) AS avg_spp\nFROM rt\nGROUP BY ALL\nORDER BY hour_of_day',
      [RT],
    );
    const table = await resultTable();
    const rows = rowTexts(table);
    expect(rows[0]?.slice(0, 2)).toEqual(['0', '4']);
    expect(rows[1]?.slice(0, 2)).toEqual(['1', '4']);
    expect(screen.getByText(/^24 rows · 3 columns/)).toBeInTheDocument();

    const tables = within(screen.getByRole('list', { name: 'Tables' }));
    const rt = within(tables.getByRole('listitem', { name: 'rt' }));
    expect(rt.getByText('96 rows')).toBeInTheDocument();
    // Its provenance names the query's range and the pages it was read in, not "1 request" for any walk.
    expect(
      rt.getByText(
        /^From ercot_spp_real_time_15_min \(.+ to .+\): 1 query, read in 1 page \(one request each\)$/,
      ),
    ).toBeInTheDocument();
    expect(rt.getByText(/\/v1\/datasets\/ercot_spp_real_time_15_min\/query\?/)).toBeInTheDocument();
    expect(rt.queryByText(/api_key|x-api-key/)).toBeNull();

    // The same answer goes to the exports and to a Python script.
    await user.click(screen.getByRole('tab', { name: 'Export' }));
    expect(screen.getByRole('region', { name: 'Export the result' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Code' }));
    expect(screen.getByLabelText('Python script')).toHaveTextContent('GROUP BY ALL');
  }, 30_000);

  it('shows DuckDB’s message with the line and column it marked, and marks it in the editor', async () => {
    await openSql('SELECT 1\nFROM nowhere_table');
    const alert = await screen.findByRole('alert', {}, { timeout: 20_000 });
    expect(alert).toHaveTextContent('Catalog Error at line 2, column 6 (marked in the editor)');
    expect(alert).toHaveTextContent('nowhere_table does not exist');
    const editor = sqlEditor();
    await waitFor(() =>
      expect(editor.querySelector('[aria-invalid="true"]')).toHaveTextContent('nowhere_table'),
    );
  }, 30_000);

  it('says when the result has more rows than the table holds', async () => {
    const { user } = await openSql('SELECT range AS n FROM range(10001)');
    await resultTable();
    expect(screen.getByText(/^10,001 rows/)).toBeInTheDocument();
    expect(screen.queryByText(/The result has more than/)).toBeNull();

    await user.selectOptions(screen.getByLabelText('Rows to hold'), '10,000');
    await user.click(screen.getByRole('button', { name: 'Run' }));
    expect(
      await screen.findByText(
        'The result has more than 10,000 rows; the table holds the first 10,000. Export writes all of them.',
      ),
    ).toBeInTheDocument();
  }, 30_000);

  it('saves a result as a table and checks new names before renaming', async () => {
    const { user } = await openSql('SELECT 1 AS a');
    await resultTable();

    const saveName = screen.getByLabelText('Save the result as a table named');
    await user.type(saveName, 'Ones');
    await user.click(screen.getByRole('button', { name: 'Save as table' }));
    expect(await screen.findByText(/^Use lower-case letters/)).toBeInTheDocument();
    await user.clear(saveName);
    await user.type(saveName, 'ones');
    await user.click(screen.getByRole('button', { name: 'Save as table' }));
    const tables = within(await screen.findByRole('list', { name: 'Tables' }, { timeout: 20_000 }));
    await waitFor(() => expect(tables.getByRole('listitem', { name: 'ones' })).toHaveTextContent('1 row'));

    await user.click(tables.getByRole('button', { name: 'Rename ones' }));
    const rename = tables.getByLabelText('New name for ones');
    await user.clear(rename);
    await user.type(rename, '1st');
    await user.click(tables.getByRole('button', { name: 'Save name' }));
    expect(tables.getByRole('alert')).toHaveTextContent(/^Use lower-case letters/);
    await user.clear(rename);
    await user.type(rename, 'first');
    await user.click(tables.getByRole('button', { name: 'Save name' }));
    expect(await tables.findByRole('listitem', { name: 'first' })).toBeInTheDocument();
    expect(tables.queryByRole('listitem', { name: 'ones' })).toBeNull();
  }, 30_000);

  it('puts an example written for the tables in the editor without running it', async () => {
    const { user } = await openSql('', [RT]);
    const pick = await screen.findByRole(
      'button',
      { name: 'Put “Hour of day × month” in the editor' },
      { timeout: 20_000 },
    );
    // DART and the spikes need day-ahead prices too.
    expect(screen.getAllByText(/^Needs a day-ahead price table beside rt/)).toHaveLength(2);
    await user.click(pick);
    expect(editorText()).toContain('FROM rt');
    expect(editorText()).toContain('hour(interval_start_local)');
    expect(screen.getByText('Run a query to see its result here.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Run' }));
    const rows = rowTexts(await resultTable());
    expect(rows[0]?.[0]).toBe('0');
  }, 30_000);

  it('asks before a link spends the quota of the user’s own server, and names what it left out', async () => {
    await PAGES.sql.code.load();
    const search = sqlPageSearch({ sql: 'SELECT count(*) FROM rt', tables: [RT] });
    const { user } = renderApp(`/sql${search}&table=${encodeURIComponent('Bad Name:ercot_load:')}`, {
      connection: { mode: 'remote', baseUrl: 'https://api.example.com', apiKey: 'k' },
    });
    const ask = await screen.findByText(
      'This link loads 1 table from api.example.com, which counts against your key’s quota.',
    );
    expect(screen.getByText(/^Parts of this link were left out/)).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Tables' })).toBeNull();
    await user.click(within(ask.parentElement ?? document.body).getByRole('button', { name: 'Don’t load' }));
    expect(
      await screen.findByText('The link’s tables were not loaded and its SQL was not run.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Tables' })).toBeNull();
  });
});
