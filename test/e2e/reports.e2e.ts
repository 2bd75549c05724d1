import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { eventually, test } from './harness.ts';

const loadCurve = (page: Page) => page.getByRole('region', { name: 'Load curve' });

test('the daily peak report of a DST day shows its 25-hour curve with the peak marked, and the nav reaches it', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Peak report' }).click();
  await page.getByRole('heading', { level: 1, name: 'Daily peak report' }).waitFor();

  await page.goto('/reports/daily-peak?date=2024-11-03');
  const curve = loadCurve(page);
  await curve
    .getByText('2024-11-03: 300 five-minute intervals — 25-hour day (DST)')
    .waitFor({ timeout: 20_000 });
  const chart = curve.getByRole('img', { name: /ERCOT load on 2024-11-03/ });
  await chart.waitFor();
  await eventually(
    async () => assert.equal(await chart.locator('[data-mark="peak"] circle').count(), 1),
    15_000,
  );
  await chart.getByText(/^Peak [\d,]+ MW at \d\d:\d\d$/).waitFor();
  // 300 points drawn: the line's path has one segment per interval.
  const path = (await chart.locator('path.series-line').first().getAttribute('d')) ?? '';
  assert.ok(path.split(/[LC]/).length >= 300, `a 300-point curve (${path.split(/[LC]/).length} segments)`);

  // The spring-forward day has 23 hours.
  await page.goto('/reports/daily-peak?date=2024-03-10');
  await loadCurve(page)
    .getByText('2024-03-10: 276 five-minute intervals — 23-hour day (DST)')
    .waitFor({ timeout: 20_000 });
});
