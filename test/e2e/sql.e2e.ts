/**
 * SQL over fetched results in the built app (issue 29): a query builder's result opened in SQL,
 * an example run, charted and exported as Parquet that DuckDB reads back; a syntax error with its
 * position; a query cancelled while DuckDB works; a link that rebuilds its tables in a fresh
 * profile; the whole page from the keyboard; axe. The DuckDB wasm is the app's own file: the
 * harness lets no request leave the app's and the API's origins.
 */
import assert from 'node:assert/strict';
import { DuckDBInstance } from '@duckdb/node-api';
import { readFile } from 'node:fs/promises';
import type { Download, Page } from 'playwright-core';
import { assertAccessible, eventually, test } from './harness.ts';

const QUERY =
  '/datasets/ercot_spp_real_time_15_min/query?v=1&range=custom&start=2025-07-14T05:00:00Z&end=2025-07-16T05:00:00Z&fcol=location&fop=%3D&fval=HB_NORTH';

const editor = (page: Page) => page.getByRole('textbox', { name: 'SQL' });
const tables = (page: Page) => page.getByRole('list', { name: 'Tables' });
const runButton = (page: Page) => page.getByRole('button', { name: 'Run', exact: true });
const resultLine = (page: Page) => page.getByRole('region', { name: 'Result' }).getByRole('status').first();

/** Replaces the editor's text as a person would: select all, type. */
async function typeSql(page: Page, sql: string): Promise<void> {
  await editor(page).click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.insertText(sql);
}

async function engineReady(page: Page): Promise<void> {
  await runButton(page).and(page.locator(':enabled')).waitFor({ timeout: 60_000 });
}

test('sql: a query result opened in SQL, an example run, charted, and exported as Parquet that DuckDB reads back', async ({
  page,
}) => {
  await page.goto(QUERY);
  await page
    .getByText(/rows loaded/)
    .first()
    .waitFor();
  await page.getByRole('link', { name: 'Open in SQL' }).click();
  await page.getByRole('heading', { level: 1, name: 'SQL' }).waitFor();
  await engineReady(page);
  const table = tables(page).getByRole('listitem').first();
  await table.getByText('192 rows').waitFor({ timeout: 60_000 });
  const name = (await table.getAttribute('aria-label')) ?? '';
  assert.match(name, /^[a-z_][a-z0-9_]*$/, 'the table has an SQL name');

  // The link's own SQL ran once the table was in: the first rows are on screen.
  await resultLine(page)
    .getByText(/^100 rows/)
    .waitFor({ timeout: 30_000 });

  await typeSql(
    page,
    `SELECT date_trunc('hour', interval_start_local) AS hour_local, avg(spp) AS mean_spp, max(spp) AS max_spp\nFROM ${name}\nGROUP BY ALL ORDER BY 1`,
  );
  await runButton(page).click();
  await resultLine(page)
    .getByText(/^48 rows · 3 columns/)
    .waitFor({ timeout: 30_000 });

  await page.getByRole('tab', { name: 'Chart' }).click();
  await page.getByRole('figure', { name: 'Result over hour_local' }).waitFor();
  await page.getByRole('button', { name: 'mean_spp', pressed: true }).waitFor();

  await page.getByRole('tab', { name: 'Export' }).click();
  const panel = page.getByRole('region', { name: 'Export the result' });
  await panel.getByLabel('Format').selectOption({ label: 'Parquet' });
  const downloads: [Promise<Download>, Promise<Download>] = [
    page.waitForEvent('download', { predicate: (d) => d.suggestedFilename().endsWith('.parquet') }),
    page.waitForEvent('download', { predicate: (d) => d.suggestedFilename().endsWith('.query.json') }),
  ];
  await panel.getByRole('button', { name: /^Export/ }).click();
  const [file, sidecar] = await Promise.all(downloads);
  const path = await file.path();
  const db = await DuckDBInstance.create(':memory:');
  const c = await db.connect();
  try {
    const rows = (
      await c.runAndReadAll(
        `SELECT count(*), typeof(any_value(hour_local)), round(max(max_spp), 2) FROM read_parquet('${path.replace(/'/g, "''")}')`,
      )
    ).getRowsJS();
    assert.equal(Number(rows[0]?.[0]), 48, 'DuckDB reads the 48 rows back');
    assert.equal(rows[0]?.[1], 'TIMESTAMP', 'the market clock comes back as a timestamp');
  } finally {
    c.closeSync();
    db.closeSync();
  }
  const meta = JSON.parse(await readFile(await sidecar.path(), 'utf8')) as {
    sql: string;
    tables: { name: string }[];
  };
  assert.match(meta.sql, /GROUP BY ALL/);
  assert.deepEqual(
    meta.tables.map((t) => t.name),
    [name],
  );
  assert.doesNotMatch(JSON.stringify(meta), /test-key|demo-key/, 'no key in the sidecar');
});

test('sql: a syntax error shows DuckDB’s message with its line and column', async ({ page }) => {
  await page.goto('/sql');
  await engineReady(page);
  await typeSql(page, 'SELECT 1,\n  2 FROM WHERE');
  await page.keyboard.press('ControlOrMeta+Enter');
  const alert = page.getByRole('alert').filter({ hasText: 'Parser Error' });
  await alert.waitFor();
  assert.match((await alert.textContent()) ?? '', /at line 2, column 10/);
  await eventually(async () =>
    assert.equal(
      await editor(page).locator('[aria-invalid="true"]').textContent(),
      'WHERE',
      'the editor marks the word DuckDB pointed at',
    ),
  );
});

test('sql: a long query shows its time, can be cancelled, and the page carries on', async ({ page }) => {
  await page.goto('/sql');
  await engineReady(page);
  await typeSql(
    page,
    'SELECT count(*) FROM range(200000) a, range(200000) b WHERE (a.range * b.range) % 7 = 3',
  );
  await runButton(page).click();
  const cancel = page.getByRole('button', { name: 'Cancel the query' });
  await cancel.waitFor();
  await page.getByText(/^[1-9]\d* s$/).waitFor({ timeout: 10_000 });
  await cancel.click();
  await page.getByText(/^The query was cancelled after/).waitFor({ timeout: 15_000 });
  await typeSql(page, 'SELECT 41 + 1 AS answer');
  await runButton(page).click();
  await resultLine(page)
    .getByText(/^1 row · 1 column/)
    .waitFor({ timeout: 30_000 });
});

test('sql: a link rebuilds its tables in a fresh profile and runs its SQL', async ({
  page,
  context,
  appUrl,
}) => {
  await page.goto(QUERY);
  await page
    .getByText(/rows loaded/)
    .first()
    .waitFor();
  await page.getByRole('link', { name: 'Open in SQL' }).click();
  await engineReady(page);
  await tables(page).getByText('192 rows').waitFor({ timeout: 60_000 });
  const name = (await tables(page).getByRole('listitem').first().getAttribute('aria-label')) ?? '';
  await typeSql(page, `SELECT count(*) AS intervals, round(avg(spp), 4) AS mean FROM ${name}`);
  await runButton(page).click();
  await resultLine(page)
    .getByText(/^1 row · 2 columns/)
    .waitFor({ timeout: 30_000 });
  const mean = await page
    .getByRole('region', { name: 'Result of the SQL' })
    .getByRole('cell')
    .nth(1)
    .textContent();
  const link = page.url();
  assert.match(link, /[?&]sql=SELECT/, 'the SQL is in the address');
  assert.match(link, /[?&]table=/, 'and so are the tables');

  const browser = context.browser();
  assert.ok(browser, 'the journey runs in a browser');
  const other = await browser.newContext({ baseURL: appUrl });
  try {
    const fresh = await other.newPage();
    await fresh.goto(link);
    await tables(fresh).getByText('192 rows').waitFor({ timeout: 60_000 });
    await resultLine(fresh)
      .getByText(/^1 row · 2 columns/)
      .waitFor({ timeout: 30_000 });
    const again = await fresh
      .getByRole('region', { name: 'Result of the SQL' })
      .getByRole('cell')
      .nth(1)
      .textContent();
    assert.equal(again, mean, 'the same answer from the link alone');
  } finally {
    await other.close();
  }
});

test('sql: the page works from the keyboard alone and axe finds nothing serious', async ({ page }) => {
  await page.goto('/sql');
  await engineReady(page);
  await assertAccessible(page, 'SQL page, empty');
  // From the page's top, Tab reaches the editor; typing and Ctrl+Enter run; Tab leaves it.
  await page.getByRole('heading', { level: 1, name: 'SQL' }).click();
  let reached = false;
  for (let i = 0; i < 40 && !reached; i++) {
    await page.keyboard.press('Tab');
    reached = await editor(page).evaluate((el) => el.matches(':focus'));
  }
  assert.ok(reached, 'Tab reaches the editor');
  await page.keyboard.insertText('SELECT 6 * 7 AS answer');
  await page.keyboard.press('Control+Enter');
  await resultLine(page)
    .getByText(/^1 row · 1 column/)
    .waitFor({ timeout: 30_000 });
  await page.keyboard.press('Tab');
  assert.equal(await editor(page).evaluate((el) => el.matches(':focus')), false, 'Tab leaves the editor');
  await assertAccessible(page, 'SQL page with a result');
});
