import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { eventually, openPhone, test } from './harness.ts';

const DATASET = 'ercot_spp_real_time_15_min';
const LOCATION = 'HB_NORTH';

const summary = (page: Page) => page.getByLabel('Query summary');
const rowsStatus = (page: Page) => page.getByText(/rows loaded/).first();

/** "168 rows loaded · all rows loaded" → 168. */
async function loadedRows(page: Page): Promise<number> {
  const text = await rowsStatus(page).innerText();
  const match = /([\d,]+) rows loaded/.exec(text);
  assert.ok(match?.[1], `a rows-loaded line: ${text}`);
  return Number(match[1].replace(/,/g, ''));
}

test(
  'an analyst filters a price dataset to one location, resamples the last 7 days hourly, reloads and exports every row',
  async ({ page }) => {
    // From the catalog to the price dataset's query builder.
    await page.goto('/');
    await page
      .getByRole('link', { name: `Query ERCOT Real-Time Settlement Point Prices (15-minute)` })
      .click();
    await page.waitForURL(`**/datasets/${DATASET}/query**`);
    await page.getByRole('heading', { level: 1 }).filter({ hasText: 'Query' }).waitFor();

    // Shape the query with the controls only.
    await page.getByLabel('Time range').selectOption({ label: 'Last 7 days' });
    await page.getByLabel('Filter column').selectOption('location');
    await page.getByLabel('Filter value').fill(LOCATION);
    await page.getByLabel('Frequency unit').selectOption({ label: 'hours' });
    await page.getByLabel('Every').fill('1');
    await page.getByLabel('Function').selectOption('mean');
    await page.getByRole('button', { name: 'Run query', exact: true }).click();

    await eventually(async () => assert.match(await rowsStatus(page).innerText(), /all rows loaded/), 20_000);
    const rows = await loadedRows(page);
    // Seven market days of hourly buckets (one more when the range starts mid-hour).
    assert.ok(rows >= 167 && rows <= 170, `hourly rows for 7 days: ${rows}`);
    const text = await summary(page).innerText();
    assert.match(text, /location = HB_NORTH/);
    assert.match(text, /hourly mean/);
    const table = page.getByRole('table');
    await table.getByRole('columnheader', { name: /spp/ }).first().waitFor();
    await table.getByText(LOCATION, { exact: true }).first().waitFor();

    // Dragging a header's edge widens its column.
    const locationHeader = table.getByRole('columnheader', { name: 'location', exact: true });
    const resizer = table.getByRole('separator', { name: 'Resize column location', exact: true });
    await resizer.scrollIntoViewIfNeeded();
    const handle = await resizer.boundingBox();
    const before = (await locationHeader.boundingBox())?.width ?? 0;
    assert.ok(handle, 'the location column has a resize handle');
    await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
    await page.mouse.down();
    await page.mouse.move(handle.x + 120, handle.y + handle.height / 2, { steps: 5 });
    await page.mouse.up();
    const after = (await locationHeader.boundingBox())?.width ?? 0;
    assert.ok(Math.abs(after - before - 120) <= 4, `the column grew by the drag: ${before} → ${after}`);

    // The chart draws one line for the location.
    await page.getByRole('tab', { name: 'Chart', exact: true }).click();
    await eventually(
      async () => assert.ok((await page.locator('path.series-line').count()) >= 1, 'a line is drawn'),
      15_000,
    );
    // The zoom bar's two sliders are named for their ends and read out the times they hold, and
    // the last time tick ends inside the chart.
    const sliders = page.getByRole('slider');
    assert.equal(await sliders.count(), 2, 'two zoom sliders');
    for (const name of ['Zoom start', 'Zoom end']) {
      const time = await page.getByRole('slider', { name }).getAttribute('aria-valuetext');
      assert.match(time ?? '', /^\d{4}-\d{2}-\d{2} \d{2}:\d{2} \S+$/, `${name}: ${time}`);
    }
    const overflow = await page.evaluate(() => {
      const figure = document.querySelector('figure')?.getBoundingClientRect();
      const ticks = [...document.querySelectorAll('.time-axis text')];
      const right = Math.max(...ticks.map((t) => t.getBoundingClientRect().right));
      return figure ? right - figure.right : Number.NaN;
    });
    assert.ok(overflow <= 0, `the last time tick ends inside the chart (${overflow} px past its edge)`);

    // Hovering the line names the time and the location's value; Escape puts the tooltip away.
    const line = await page.locator('path.series-line').first().boundingBox();
    assert.ok(line, 'the line has a box');
    await page.mouse.move(line.x + line.width / 2, line.y + line.height / 2);
    const tip = page.getByText(new RegExp(`^${LOCATION}: -?[\\d,.]+$`));
    await tip.waitFor();
    await page.keyboard.press('Escape');
    await tip.waitFor({ state: 'detached' });

    // Reload: the URL alone restores the same query and results.
    const url = page.url();
    assert.match(url, /fcol=location/);
    assert.match(url, /fval=HB_NORTH/);
    await page.reload();
    await eventually(async () => assert.match(await rowsStatus(page).innerText(), /all rows loaded/), 20_000);
    assert.equal(page.url(), url);
    assert.equal(await page.getByLabel('Filter value').inputValue(), LOCATION);
    assert.equal(await summary(page).innerText(), text);
    assert.equal(await loadedRows(page), rows);

    // Export all rows: the file has the header and every row of the result.
    await page.getByRole('tab', { name: 'Export', exact: true }).click();
    const downloadPromise = page.waitForEvent('download', { timeout: 30_000 });
    await page.getByRole('button', { name: 'Export all rows', exact: true }).click();
    const download = await downloadPromise;
    // Named for what it holds: dataset, location, the 7 days in market time, the resampling.
    assert.match(
      download.suggestedFilename(),
      new RegExp(
        `^${DATASET}_${LOCATION}_\\d{4}-\\d{2}-\\d{2}(T\\d{4})?_\\d{4}-\\d{2}-\\d{2}(T\\d{4})?_hourly-mean\\.csv$`,
      ),
      `file name: ${download.suggestedFilename()}`,
    );
    const path = await download.path();
    const csv = await readFile(path, 'utf8');
    const lines = csv.split('\n').filter((line) => line !== '');
    const header = (lines[0] ?? '').split(',');
    assert.deepEqual(header.slice(0, 4), [
      'interval_start_local',
      'interval_start_utc',
      'interval_end_local',
      'interval_end_utc',
    ]);
    assert.ok(header.includes('location') && header.includes('spp'), `header: ${header.join(',')}`);
    assert.equal(lines.length - 1, rows, 'one CSV line per result row');
    assert.ok(!csv.includes('demo-key'), 'the key is never written into the file');
    // The progress line under the header says the export finished.
    await page
      .getByText(/Saved .*\.csv/)
      .first()
      .waitFor();
  },
  { timeoutMs: 90_000 },
);

test(
  'on a phone the results start near the top once a query has run, and switching result tabs never moves the page',
  async ({ page }) => {
    await page.goto(`/datasets/${DATASET}/query?v=1&fcol=location&fval=${LOCATION}&range=last_24h`);
    await eventually(async () => assert.match(await rowsStatus(page).innerText(), /all rows loaded/), 20_000);
    // The form has folded to its summary: the results begin within the first screen.
    const results = page.getByRole('region', { name: 'Results', exact: true });
    const top = (await results.boundingBox())?.y ?? Number.POSITIVE_INFINITY;
    assert.ok(top < 500, `results start ${top} px down`);
    await page.getByRole('button', { name: 'Edit query' }).waitFor();

    // Scrolled to the tabs, tapping Chart and back keeps the page where it is.
    const tabs = page.getByRole('tablist', { name: 'Results' });
    await tabs.scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollBy(0, 120));
    const before = await page.evaluate(() => window.scrollY);
    await page.getByRole('tab', { name: 'Chart', exact: true }).click();
    await page.getByRole('tab', { name: 'Code', exact: true }).click();
    await page.getByRole('tab', { name: 'Table', exact: true }).click();
    const after = await page.evaluate(() => window.scrollY);
    assert.ok(Math.abs(after - before) <= 1, `the page moved from ${before} to ${after} px`);
  },
  { viewport: { width: 375, height: 740 } },
);

test(
  'on a phone, tapping the Chart tab keeps the page where it is while the chart loads and once it is drawn',
  async ({ context, appUrl }) => {
    const phone = await openPhone({ context, appUrl });
    const errors: string[] = [];
    phone.on('console', (msg) => {
      if (msg.type() === 'error') errors.push(msg.text());
    });
    try {
      const page = await phone.newPage();
      await page.goto(`/datasets/${DATASET}/query?v=1&fcol=location&fval=${LOCATION}&range=last_24h`);
      await eventually(
        async () => assert.match(await rowsStatus(page).innerText(), /all rows loaded/),
        20_000,
      );
      // The form open above the results, as after Edit query: the page is long, the tabs far down.
      await page.getByRole('button', { name: 'Edit query' }).tap();
      await page.getByRole('button', { name: 'Run query', exact: true }).waitFor();
      const tabs = page.getByRole('tablist', { name: 'Results' });
      await tabs.evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 8));
      const before = await page.evaluate(() => window.scrollY);
      assert.ok(before > 400, `scrolled down to the tabs (${before} px)`);

      await page.getByRole('tab', { name: 'Chart', exact: true }).tap();
      await page.getByRole('figure', { name: /over time/ }).waitFor();
      // The chart measures its box after its first layout: give it a few frames to settle.
      await page.evaluate(
        () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(null)))),
      );
      const after = await page.evaluate(() => window.scrollY);
      assert.ok(Math.abs(after - before) <= 2, `tapping Chart moved the page from ${before} to ${after} px`);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(width <= 390, `the page stays as wide as the phone (${width} px)`);
      assert.deepEqual(errors, [], 'no console errors');
    } finally {
      await phone.close();
    }
  },
  { timeoutMs: 60_000 },
);

/** `2025-07-14`: the market (US/Central) date of an instant. */
function marketDate(ms: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(ms);
}

test('a typed “yesterday” reads back as market midnight in the Start field once the query runs', async ({
  page,
}) => {
  await page.goto(
    `/datasets/${DATASET}/query?v=1&fcol=location&fval=${LOCATION}&range=custom&start=2025-07-10`,
  );
  const start = page.getByLabel('Start (inclusive)');
  await start.waitFor();
  const asked = Date.now();
  await start.fill('yesterday');
  await page.getByRole('button', { name: 'Run query', exact: true }).click();

  // Yesterday of the market day the query ran on (checked either side of the click, for a run at midnight).
  const days = [asked, Date.now()].map((ms) => marketDate(ms - 86_400_000));
  await eventually(async () => {
    const shown = await page.getByLabel('Start (inclusive)').inputValue();
    assert.match(shown, /^\d{4}-\d{2}-\d{2} 00:00$/, `the field shows a market-time midnight: ${shown}`);
    assert.ok(
      days.includes(shown.slice(0, 10)),
      `${shown} is yesterday in market time (${days.join(' or ')})`,
    );
  });
  const day = (await page.getByLabel('Start (inclusive)').inputValue()).slice(0, 10);
  // The field shows the resolved time at once; the URL and the summary follow with the next render.
  await eventually(async () => {
    assert.match(page.url(), new RegExp(`start=${day}T00%3A00(&|$)`));
    assert.match(await summary(page).innerText(), new RegExp(`${day} → now \\(US/Central\\)`));
  });
  // The rows start at that instant: market midnight, with its offset.
  await eventually(async () => assert.match(await rowsStatus(page).innerText(), /rows loaded/), 20_000);
  await page
    .getByRole('table')
    .getByText(new RegExp(`^${day}T00:00:00-0[56]:00$`))
    .first()
    .waitFor();
});
