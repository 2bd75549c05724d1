import assert from 'node:assert/strict';
import { eventually, test } from './harness.ts';

const DATASET = 'ercot_spp_real_time_15_min';
const QUERY = `/datasets/${DATASET}/query?v=1&fcol=location&fval=HB_NORTH&range=custom&start=2025-07-14&end=2025-07-15&tz=UTC`;
const OTHER = `/datasets/${DATASET}/query?v=1&fcol=location&fval=HB_WEST&range=custom&start=2025-07-14&end=2025-07-15&tz=UTC`;

test('a query run from a link is in the history after a reload, and Open runs it again', async ({ page }) => {
  await page.goto(QUERY);
  await page.getByText('96 rows loaded · all rows loaded').waitFor();
  // A second query, so that opening the first one changes the page.
  await page.goto(OTHER);
  await page.getByText('96 rows loaded · all rows loaded').waitFor();
  // The history is written when the page is idle: by now, or at the latest when the page goes.
  await page.reload();
  await page.getByText('96 rows loaded · all rows loaded').waitFor();

  const toggle = page.getByRole('button', { name: 'History', exact: true });
  assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
  await toggle.click();
  const list = page.getByRole('list', { name: 'Recorded queries' });
  const first = list.getByRole('listitem').filter({ hasText: 'location = HB_NORTH' });
  await eventually(async () => assert.equal(await first.count(), 1), 10_000);
  assert.match(await first.innerText(), /96 rows/);
  // The reload ran HB_WEST again: both of its runs are listed.
  assert.equal(await list.getByRole('listitem').filter({ hasText: 'location = HB_WEST' }).count(), 2);

  await first.getByRole('link', { name: /^Open:/ }).click();
  await eventually(() => assert.match(page.url(), /fval=HB_NORTH/));
  // The form follows the URL in the render after it changed: a loaded machine can read it between.
  await eventually(async () => assert.equal(await page.getByLabel('Filter value').inputValue(), 'HB_NORTH'));
  await page.getByText('96 rows loaded · all rows loaded').waitFor();
});
