import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { eventually, test } from './harness.ts';

const LEAD = 'Some settings in the link could not be read and were not used: ';

/** The link notice's sentence, once it names everything `expected` lists. */
async function noticeNaming(page: Page, expected: readonly string[]): Promise<string> {
  const notice = page.getByRole('status').filter({ hasText: LEAD });
  return eventually(async () => {
    const text = await notice.innerText();
    for (const part of expected) assert.ok(text.includes(part), `the notice names ${part}: ${text}`);
    return text;
  }, 20_000);
}

/** Waits until the table's status line reads `text` ("24 rows loaded · all rows loaded"). */
async function rowsLoadedReads(page: Page, text: string): Promise<void> {
  await eventually(
    async () =>
      assert.equal(
        await page
          .getByText(/rows loaded/)
          .first()
          .innerText(),
        text,
      ),
    20_000,
  );
}

test('a crafted Compare link opens what it can and names each setting it could not read', async ({
  page,
}) => {
  await page.goto(
    '/compare?from=2026-13-45&A=garbage&s=garbage&B=ercot_spp_day_ahead_hourly:spp;location=HB_HOUSTON&C=nope:spp',
  );
  await page.getByRole('heading', { level: 1, name: 'Compare' }).waitFor();
  const text = await noticeNaming(page, [
    'from (“2026-13-45” is not a real date (YYYY-MM-DD); ',
    'series A (“garbage” is not a series (dataset:column, or expr: and an expression); left out)',
    '“s” (not a setting of this page; left out)',
    'series C (there is no dataset “nope”; not drawn)',
  ]);
  assert.match(text, /from \(“2026-13-45” [^)]*\); \d{4}-\d{2}-\d{2} was used instead\)/);
  // What the link got right still opens.
  await page.getByRole('listitem', { name: 'Series B' }).waitFor();
});

test('a query link in the API’s parameter names runs that query and names what it did not take', async ({
  page,
}) => {
  await page.goto(
    '/datasets/ercot_spp_real_time_15_min/query?start_time=2025-07-14&end_time=2025-07-15&filter_column=location&filter_value=HB_NORTH&resample_frequency=1h&timezone=UTC&cursor=abc&foo=1',
  );
  await rowsLoadedReads(page, '24 rows loaded · all rows loaded');
  assert.match(
    await page.getByLabel('Query summary').innerText(),
    /location = HB_NORTH · 2025-07-14 → 2025-07-15 \(UTC\) · hourly mean/,
  );
  await noticeNaming(page, [
    '“cursor” (the builder pages through the rows itself, starting at the first; left out)',
    '“foo” (not a setting of this page; left out)',
  ]);

  // A start in a link that is no real date waits beside its field, as if it had been typed.
  await page.goto(
    '/datasets/ercot_spp_real_time_15_min/query?v=1&range=custom&start=2025-13-01&end=2025-07-15&tz=UTC&fcol=location&fval=HB_NORTH',
  );
  const start = page.getByLabel('Start (inclusive)');
  await eventually(async () => assert.equal(await start.getAttribute('aria-invalid'), 'true'));
  await page.getByText('“2025-13-01” is not a real date or time.', { exact: true }).waitFor();
  await page.getByText('The query runs once the times marked in the form can be read.').waitFor();
  await start.fill('2025-07-14');
  await page.getByRole('button', { name: 'Run query', exact: true }).click();
  await rowsLoadedReads(page, '96 rows loaded · all rows loaded');
});
