import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { test } from './harness.ts';

/** The text of a fact (`<dt>` then `<dd>`) in the Peak panel. */
async function peakFact(page: Page, term: string): Promise<string> {
  const dt = page
    .getByRole('region', { name: 'Peak', exact: true })
    .locator('dt', { hasText: new RegExp(`^${term}$`) });
  return (await dt.locator('xpath=following-sibling::dd[1]').textContent()) ?? '';
}

test('against a server in the hosted shapes (SHAPES=hosted), the Usage page and the peak report read its answers and say what it does not report', async ({
  page,
  hostedApiUrl,
}) => {
  await page.goto('/settings');
  await page.getByRole('radio', { name: 'Custom server' }).check();
  await page.getByLabel('Base URL', { exact: true }).fill(hostedApiUrl);
  await page.getByLabel('API key', { exact: true }).fill('demo-key');
  await page.getByRole('button', { name: 'Test connection', exact: true }).click();
  // The hosted shape counts per usage period, so the test's line names no day.
  await page
    .getByRole('status')
    .filter({ hasText: /Key accepted: plan Developer, [\d,]+ of 250,000 requests this usage period\./ })
    .first()
    .waitFor();
  await page.getByRole('button', { name: 'Save', exact: true }).click();

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Usage' }).click();
  await page.getByRole('heading', { level: 2, name: 'Plan: Developer' }).waitFor();
  const period = page.getByRole('progressbar', { name: 'Requests this usage period' });
  assert.equal(await period.getAttribute('max'), '250000');
  await page.getByText('Not reported. This server counts requests per usage period, not per day.').waitFor();
  await page.getByText('Not reported. This server does not report a count of rows returned.').waitFor();
  await page
    .getByText(/^The usage period runs from \d{4}-\d\d-01 00:00 UTC to \d{4}-\d\d-01 00:00 UTC\.$/)
    .waitFor();
  assert.equal(await page.getByRole('progressbar', { name: 'Requests today' }).count(), 0);

  // Without a date the hosted report is of the current market day so far.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Peak report' }).click();
  await page.getByRole('heading', { level: 1, name: 'Daily peak report' }).waitFor();
  const peak = page.getByRole('region', { name: 'Peak', exact: true });
  await peak.getByText('Peak load so far', { exact: true }).waitFor({ timeout: 20_000 });
  assert.match(await peakFact(page, 'Market date'), /^\d{4}-\d\d-\d\d \(the day so far\)$/);
  assert.match(await peakFact(page, 'Peak load so far'), /^[\d,]+(\.\d+)? MW$/);
  assert.match(await peakFact(page, 'Peak time \\(market\\)'), /^\d{4}-\d\d-\d\d \d\d:\d\d C[SD]T$/);

  // The day before is complete: the same page, without "so far".
  await page.getByRole('button', { name: 'Previous day' }).click();
  await peak.getByText('Peak load', { exact: true }).waitFor();
  assert.match(await peakFact(page, 'Market date'), /^\d{4}-\d\d-\d\d$/);
  assert.match(await peakFact(page, 'Peak load'), /^[\d,]+(\.\d+)? MW$/);
});
