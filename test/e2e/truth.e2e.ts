/**
 * Issue 26 §1–2: a resampled result never passes a part of a bucket off as the whole, and every
 * result says how complete it is, beside the numbers.
 */
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { eventually, test } from './harness.ts';

const DATASET = 'ercot_spp_real_time_15_min';
const QUERY = `/datasets/${DATASET}/query?v=1&fcol=location&fval=HB_NORTH`;

const quality = (page: Page) => page.getByLabel('Data quality');

async function rowsLoaded(page: Page): Promise<number> {
  const status = page.getByText(/rows loaded · all rows loaded/).first();
  await status.waitFor({ timeout: 20_000 });
  const match = /([\d,]+) rows loaded/.exec(await status.innerText());
  return Number(match?.[1]?.replace(/,/g, '') ?? NaN);
}

/** Yesterday's UTC date: a day whose every interval is published. */
function yesterdayUtc(): string {
  return new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
}

test('a resampled "last 7 days" asks for whole hours, says so, and each hour is the mean of its four intervals', async ({
  page,
  apiUrl,
}) => {
  await page.goto(`${QUERY}&range=last_7d&rs=1h&rsfn=mean&tz=UTC&cols=spp`);
  const summary = await page.getByLabel('Query summary').innerText();
  const aligned = /aligned to whole hours: (\d{4}-\d\d-\d\d \d\d:00) → (\d{4}-\d\d-\d\d \d\d:00)/.exec(
    summary,
  );
  assert.ok(aligned?.[1], `the summary says the range was aligned: ${summary}`);
  assert.equal(await rowsLoaded(page), 168);
  await eventually(
    async () => assert.match(await quality(page).innerText(), /^672 of 672 source intervals · no gaps/),
    20_000,
  );

  // The first hour, read from the API unresampled: its mean is the table's first value.
  const start = `${aligned[1].replace(' ', 'T')}:00+00:00`;
  const end = new Date(Date.parse(start) + 3_600_000).toISOString().replace('.000Z', '+00:00');
  const params = new URLSearchParams({
    start_time: start,
    end_time: end,
    filter_column: 'location',
    filter_value: 'HB_NORTH',
    columns: 'spp',
  });
  const answer = await fetch(`${apiUrl}/v1/datasets/${DATASET}/query?${params.toString()}`, {
    headers: { 'x-api-key': 'test-key' },
  });
  const body = (await answer.json()) as { data: { spp: number }[] };
  assert.equal(body.data.length, 4, 'four quarter hours in the first hour');
  const mean = body.data.reduce((sum, row) => sum + row.spp, 0) / 4;
  const firstRow = page.getByRole('row').nth(1);
  await eventually(async () =>
    assert.match(await firstRow.innerText(), new RegExp(mean.toFixed(2).replace('.', '\\.'))),
  );
});

test('a custom range that cuts its first and last hours marks them in the line, the table and the chart', async ({
  page,
}) => {
  const day = yesterdayUtc();
  await page.goto(`${QUERY}&range=custom&start=${day}T00:45&end=${day}T03:30&tz=UTC&rs=1h&rsfn=mean`);
  assert.equal(await rowsLoaded(page), 4);
  await eventually(async () => {
    const line = await quality(page).innerText();
    assert.match(line, /^11 of 11 source intervals · no gaps/);
    assert.match(
      line,
      new RegExp(`2 partial buckets: ${day} 00:00 HB_NORTH \\(1 of 4\\), ${day} 03:00 HB_NORTH \\(2 of 4\\)`),
    );
  }, 20_000);
  await page.getByText(`${day}T00:00:00+00:00 · partial (1 of 4 intervals)`).waitFor();

  await page.getByRole('tab', { name: 'Chart' }).click();
  await page.getByText(/Hatched: 2 buckets the range cuts/).waitFor({ timeout: 20_000 });
  await eventually(async () => assert.equal(await page.locator('.partial-bands rect').count(), 2), 20_000);

  // An item of the line opens the query over that bucket alone.
  await quality(page)
    .getByRole('link', { name: `${day} 00:00 HB_NORTH (1 of 4)` })
    .click();
  await page.waitForURL(/start=.*T00%3A00%3A00.*end=.*T01%3A00%3A00/);
  await page.getByRole('tab', { name: 'Table' }).click();
  assert.equal(await rowsLoaded(page), 1);
});
