import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import type { DatasetQueryArraysResponse } from '../../src/contract/index.ts';
import { assertAccessible, eventually, test } from './harness.ts';

const statsTable = (page: Page) =>
  page.getByRole('table', { name: 'Statistics of each series over the range' });

/** Each series' label and count cell in the statistics table, once every series has arrived. */
async function statsOf(page: Page, series: number): Promise<string[]> {
  let rows: string[] = [];
  await eventually(async () => {
    const cells = await statsTable(page)
      .locator('tbody tr')
      .evaluateAll((trs) => trs.map((tr) => [...tr.children].map((c) => (c as HTMLElement).innerText)));
    rows = cells.map((c) => c.join(' | '));
    assert.equal(rows.length, series, `statistics for ${series} series: ${rows.join(' / ')}`);
    for (const c of cells) assert.notEqual(c[1], '0', `a series with no values: ${c.join(' | ')}`);
  }, 30_000);
  return rows;
}

async function openPreset(page: Page, title: string): Promise<void> {
  await page.goto('/compare');
  await page.getByRole('heading', { level: 1, name: 'Compare' }).waitFor();
  await page.getByRole('button', { name: title, exact: true }).click();
  await page.waitForURL(/[?&]A=/);
}

/** Rows of a query asked of the mock over HTTP, as any client would: time → value. */
async function apiSeries(apiUrl: string, dataset: string, params: Record<string, string>, column: string) {
  const query = new URLSearchParams({ json_schema: 'array_of_arrays', page_size: '50000', ...params });
  const response = await fetch(`${apiUrl}/v1/datasets/${dataset}/query?${query.toString()}`, {
    headers: { 'x-api-key': 'test-key' },
  });
  assert.equal(response.status, 200);
  const body = (await response.json()) as DatasetQueryArraysResponse;
  const [header, ...rows] = body.data;
  const t = header.indexOf('interval_start_utc');
  const v = header.indexOf(column);
  return new Map(rows.map((r) => [Date.parse(String(r[t])), Number(r[v])]));
}

const PRESETS: { title: string; series: number }[] = [
  { title: 'Day-ahead vs real-time at a hub (DART)', series: 3 },
  { title: 'Node vs its hub', series: 3 },
  { title: 'Load vs day-ahead forecast', series: 3 },
  { title: 'Net load', series: 4 },
  { title: 'This week vs last year', series: 3 },
];

for (const preset of PRESETS)
  test(
    `compare: the preset "${preset.title}" fills the workspace from a clean start, and a reload restores it`,
    async ({ page }) => {
      await openPreset(page, preset.title);
      const before = await statsOf(page, preset.series);
      assert.equal(await page.getByRole('alert').count(), 0, 'no series reports an error');
      const url = page.url();
      await page.reload();
      assert.equal(page.url(), url);
      assert.deepEqual(await statsOf(page, preset.series), before, 'the same statistics after a reload');
    },
    { timeoutMs: 90_000 },
  );

test(
  'compare: the aligned frame exports one row per hour, each value equal to a separate API query',
  async ({ page, apiUrl }) => {
    await openPreset(page, 'Day-ahead vs real-time at a hub (DART)');
    await statsOf(page, 3);
    const download = page.waitForEvent('download', { timeout: 30_000 });
    await page.getByRole('button', { name: 'Export aligned CSV' }).click();
    const file = await download;
    assert.match(file.suggestedFilename(), /^compare_\d{4}-\d\d-\d\d_\d{4}-\d\d-\d\d_1h\.csv$/);
    const lines = (await readFile(await file.path(), 'utf8')).trimEnd().split('\n');
    const header = lines[0]?.split(',') ?? [];
    assert.equal(header[0], 'interval_start_utc');
    assert.equal(header[1], 'interval_start_local');
    assert.match(header[2] ?? '', /^A: .*HB_HOUSTON \(\$\/MWh\)$/);
    const rows = lines.slice(1).map((l) => l.split(','));
    // 7 market days: 168 hours, or 167/169 across a DST change.
    assert.ok(rows.length >= 167 && rows.length <= 169, `${rows.length} rows`);
    const start = rows[0]?.[0] ?? '';
    const end = new Date(Date.parse(rows[rows.length - 1]?.[0] ?? '') + 3_600_000).toISOString();
    const range = { start_time: start, end_time: end, filter_column: 'location', filter_value: 'HB_HOUSTON' };
    const da = await apiSeries(apiUrl, 'ercot_spp_day_ahead_hourly', { ...range, columns: 'spp' }, 'spp');
    const rt = await apiSeries(
      apiUrl,
      'ercot_spp_real_time_15_min',
      { ...range, columns: 'spp', resample_frequency: '1h', resample_function: 'mean' },
      'spp',
    );
    for (const [utc, , a, b, c] of rows) {
      const t = Date.parse(utc ?? '');
      assert.equal(Number(a), da.get(t), `day-ahead at ${utc}`);
      assert.ok(Math.abs(Number(b) - (rt.get(t) ?? Number.NaN)) < 1e-9, `real-time at ${utc}`);
      assert.ok(Math.abs(Number(c) - (Number(a) - Number(b))) < 1e-9, `spread at ${utc}`);
    }
  },
  { timeoutMs: 90_000 },
);

test(
  'compare: by keyboard alone, a derived series, an event that zooms the chart, the heatmap read cell by cell',
  async ({ page }) => {
    await openPreset(page, 'Day-ahead vs real-time at a hub (DART)');
    await statsOf(page, 3);
    await assertAccessible(page, 'compare: DART chart');
    // A derived series: the button, then the expression typed and committed with Enter.
    await page.getByRole('button', { name: 'Add derived series' }).focus();
    await page.keyboard.press('Enter');
    const expression = page.getByLabel('Expression for D');
    await expression.focus();
    await expression.fill('B - A');
    await page.keyboard.press('Enter');
    await page.waitForURL(/[?&]D=expr%3AB\+-\+A/);
    // The new series is listed with its default expression at once; the committed one replaces it
    // in the render after the URL's change.
    await eventually(async () => {
      const rows = await statsOf(page, 4);
      assert.match(rows[3] ?? '', /^D = B - A \| 16[789] \|/);
    }, 20_000);
    // The condition field: type, Enter; the first event's button zooms the chart.
    const condition = page.getByLabel('Condition');
    await condition.focus();
    await condition.fill('C < 0');
    await page.keyboard.press('Enter');
    const events = page.getByRole('table', { name: /^Events where C < 0/ });
    await events.waitFor({ timeout: 20_000 });
    await events.getByRole('button').first().focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/[?&]zoom=\d+_\d+/);
    await page.getByRole('button', { name: 'Show the whole range' }).waitFor();

    // The heatmap tab by arrow keys from the tab list, then the cells by arrow keys.
    await page.getByRole('tab', { name: 'Chart' }).focus();
    await page.keyboard.press('ArrowRight');
    await page.waitForURL(/[?&]view=heatmap/);
    const heat = page.getByRole('img', { name: /^Heatmap of / });
    await heat.waitFor({ timeout: 20_000 });
    await heat.focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowDown');
    await eventually(
      async () =>
        assert.match(
          await page.locator('#heatmap-readout').innerText(),
          /^\d{4}-\d\d-\d\d 01:00: [\d.,]+ \$\/MWh$/,
        ),
      5_000,
    );
    await assertAccessible(page, 'compare: heatmap');
  },
  { timeoutMs: 90_000 },
);

test(
  'compare: on a phone the workspace fits the screen without horizontal page scroll',
  async ({ page }) => {
    await openPreset(page, 'Load vs day-ahead forecast');
    await statsOf(page, 3);
    const { scroll, client } = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
    }));
    assert.ok(scroll <= client, `page is ${scroll} px wide on a ${client} px screen`);
  },
  { timeoutMs: 90_000, viewport: { width: 390, height: 844 } },
);

test(
  'compare: a mistyped location is named where it is typed and fixed in one click; an expression applies as it is typed, only when valid',
  async ({ page }) => {
    await openPreset(page, 'Day-ahead vs real-time at a hub (DART)');
    await statsOf(page, 3);
    const seriesA = page.getByRole('listitem', { name: 'Series A' });
    const location = page.getByLabel('Location of A');
    await location.fill('HB_NRTH');
    // Beside the field as it is typed, before anything is applied.
    await seriesA.getByText('No location named “HB_NRTH”. Did you mean').waitFor({ timeout: 10_000 });
    await location.press('Enter');
    await page.waitForURL(/[?&]A=[^&]*location%3DHB_NRTH/);
    // Applied, the series is not asked for and says why, instead of a line of nothing.
    await eventually(async () =>
      assert.match(
        await seriesA.getByRole('alert').innerText(),
        /No location named “HB_NRTH”[\s\S]*A is not fetched\./,
      ),
    );
    assert.equal(await statsTable(page).getByRole('row', { name: /^A: / }).count(), 0, 'no statistics for A');
    await seriesA.getByRole('button', { name: 'Use HB_NORTH instead of HB_NRTH' }).click();
    await page.waitForURL(/[?&]A=[^&]*location%3DHB_NORTH/);
    const rows = await statsOf(page, 3);
    assert.match(rows[0] ?? '', /^A: .*HB_NORTH \| 16[789] \| 0 \|/);

    // The expression applies after a pause in typing, without Enter.
    const expression = page.getByLabel('Expression for C');
    await expression.fill('B - A');
    await page.waitForURL(/[?&]C=expr%3AB\+-\+A/);
    const legend = page.getByRole('list', { name: 'Legend' });
    await legend.getByText('C = B - A ($/MWh, left axis)').waitFor({ timeout: 10_000 });
    // An invalid one is said, and the chart and legend stay on the last valid one.
    await expression.fill('B - A +');
    await page.getByText('The expression ends too early').waitFor({ timeout: 10_000 });
    await legend
      .getByText('C = B - A (editing “B - A +”: not applied yet) ($/MWh, left axis)')
      .waitFor({ timeout: 10_000 });
    assert.match(page.url(), /[?&]C=expr%3AB\+-\+A(&|$)/);
    // A division by zero says how many intervals it left empty and why.
    await expression.fill('A / 0');
    await page
      .getByRole('listitem', { name: 'Series C' })
      .getByText(/^A \/ 0: 16[789] intervals left empty: division by zero\.$/)
      .waitFor({ timeout: 10_000 });
    await assertAccessible(page, 'compare: a derived series with intervals left empty');
  },
  { timeoutMs: 90_000 },
);
