import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import type { WorkerPoolStats } from '../../src/mock/worker/workerPool.ts';
import { eventually, test } from './harness.ts';

/** Every hour of load-forecast history, filtered on a value no row reaches: one long scan. */
const HEAVY_QUERY =
  '/datasets/ercot_load_forecast_by_forecast_zone/query?v=1&range=custom&fcol=system_total&fop=%3E&fval=1000000';
const LIGHT_QUERY = '/demo-api/v1/datasets/ercot_load/query?start_time=2025-07-01&end_time=2025-07-02';

/** The demo backend's engine workers, as the page sees them (exposed in demo mode only). */
async function engineStats(page: Page): Promise<WorkerPoolStats> {
  const stats = await page.evaluate(() => window.gridscopeDemoEngine?.stats() ?? null);
  assert.ok(stats, 'the demo backend exposes its engine workers');
  return stats;
}

test(
  'in demo mode a user leaves a heavy query for the map: the page follows the link and the query stops',
  async ({ page }) => {
    await page.goto(HEAVY_QUERY);
    // The scan runs in an engine worker, not in the page.
    await eventually(async () => assert.equal((await engineStats(page)).running, 1), 20_000);

    // While it runs, the header's links still work.
    await page.getByRole('link', { name: 'Map', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Pricing locations' }).waitFor();

    // Leaving aborted the request, and that ended the worker running its scan.
    await eventually(async () => {
      const stats = await engineStats(page);
      assert.equal(stats.running, 0, 'no job still runs');
      assert.ok(stats.cancelled >= 1, `the heavy job was cancelled: ${JSON.stringify(stats)}`);
    });
    const before = await engineStats(page);
    assert.equal(before.crashed, 0);

    // The demo backend still answers queries, from a fresh worker, in this same page.
    const status = await page.evaluate(async (url) => {
      const response = await fetch(url, { headers: { 'x-api-key': 'demo-key' } });
      return response.status;
    }, LIGHT_QUERY);
    assert.equal(status, 200);
    const after = await engineStats(page);
    assert.equal(after.answered, before.answered + 1, `answered by a worker: ${JSON.stringify(after)}`);
    assert.equal(after.crashed, 0);
  },
  { timeoutMs: 60_000 },
);
