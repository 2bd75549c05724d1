import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { assertAccessible, eventually, test } from './harness.ts';

/** 2025-07-15 15:00:02 CDT: a July afternoon, a couple of seconds into an interval. */
const CLOCK = Date.UTC(2025, 6, 15, 20, 0, 2);
const PANELS = ['fuel-mix', 'load', 'prices', 'renewables', 'ancillary', 'reserves'];

const asOf = (page: Page, panel: string) => page.getByTestId(`${panel}-as-of`);

async function everyPanelDrawn(page: Page): Promise<void> {
  for (const panel of PANELS) {
    await eventually(
      async () =>
        assert.match(
          await asOf(page, panel).innerText(),
          // The day-ahead prices say how many of the day's hours they hold, not a time.
          panel === 'ancillary' ? /^Day-ahead: \d+ of 2[345] hours$/ : /^As of \d\d:\d\d C[SD]T$/,
          panel,
        ),
      30_000,
    );
  }
}

test(
  'today: the current market day with every panel, the fuel mix stacked, axe clean, and a moved clock brings the next interval',
  async ({ page }) => {
    // The page's clock is the built-in demo's: both move together.
    await page.clock.install({ time: CLOCK });
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Today' }).click();
    await page.getByRole('heading', { level: 1, name: 'The grid today' }).waitFor();
    await everyPanelDrawn(page);
    assert.equal(await asOf(page, 'fuel-mix').innerText(), 'As of 15:00 CDT');
    const fuelMix = page.getByRole('region', { name: 'Fuel mix' });
    // The chart's code is a chunk of its own: it may arrive after the panel's figures.
    await eventually(
      async () => assert.equal(await fuelMix.locator('path.stack-area[data-series="Nuclear"]').count(), 1),
      20_000,
    );
    assert.ok((await fuelMix.locator('path.series-line').count()) >= 2, 'load and net load drawn as lines');
    await assertAccessible(page, '/today');

    await page.clock.fastForward('05:00');
    await eventually(
      async () => assert.equal(await asOf(page, 'fuel-mix').innerText(), 'As of 15:05 CDT'),
      20_000,
    );
    await eventually(
      async () => assert.equal(await asOf(page, 'load').innerText(), 'As of 15:05 CDT'),
      20_000,
    );
    assert.match(await page.getByTestId('live-status').innerText(), /Last updated 15:0\d CDT/);

    await page.getByRole('button', { name: 'Pause updates' }).click();
    await page.clock.fastForward('05:00');
    await page.waitForTimeout(1_000);
    assert.equal(await asOf(page, 'fuel-mix').innerText(), 'As of 15:05 CDT', 'paused: no new interval');
  },
  { timeoutMs: 120_000 },
);

/**
 * The hub table needs no sideways scroll on the phone, even when a hub's price carries its time
 * (" (14:05)": that hub's newest price is older than the others'). Held to one line, its heads
 * left no room for that, and the DART column was cut off at "-2." until scrolled sideways.
 */
async function assertHubTableFits(page: Page): Promise<void> {
  const region = page.getByRole('region', { name: 'Hub prices table' });
  await region
    .getByRole('cell', { name: /^-?\d+\.\d\d$/ })
    .first()
    .waitFor();
  const fit = await region.evaluate((el) => {
    const plain = { scroll: el.scrollWidth, client: el.clientWidth };
    const cell = el.querySelector('tbody td') as HTMLElement;
    const note = document.createTextNode(' (14:05)');
    cell.append(note);
    const noted = { scroll: el.scrollWidth, client: el.clientWidth };
    note.remove();
    return { plain, noted };
  });
  for (const [what, { scroll, client }] of Object.entries(fit))
    assert.ok(scroll <= client, `the hub table fits the phone, ${what} (${scroll} px in ${client} px)`);
}

test(
  'today: a DST day is drawn as 25 hours, ← moves a day back, and the page fits a 390 px phone',
  async ({ page }) => {
    await page.clock.install({ time: CLOCK });
    await page.goto('/today?date=2024-11-03');
    await page.getByRole('heading', { level: 1, name: 'The grid on 2024-11-03' }).waitFor();
    await page.getByText(/25 hours: a daylight-saving change/).waitFor();
    await eventually(
      async () => assert.equal(await asOf(page, 'fuel-mix').innerText(), 'As of 23:55 CST'),
      30_000,
    );
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 390, `the page stays as wide as the phone (${width} px)`);
    await assertHubTableFits(page);

    await page.getByRole('heading', { level: 1 }).click();
    await page.keyboard.press('ArrowLeft');
    await page.getByRole('heading', { level: 1, name: 'The grid on 2024-11-02' }).waitFor();
    assert.match(page.url(), /\/today\?date=2024-11-02$/);

    await page.goto('/today?date=2025-03-09');
    await page.getByText(/23 hours: a daylight-saving change/).waitFor();
    await eventually(
      async () => assert.equal(await asOf(page, 'fuel-mix').innerText(), 'As of 23:55 CDT'),
      30_000,
    );
    await assertHubTableFits(page);
    await assertAccessible(page, '/today on a phone');

    // A summer day's prices in the same columns.
    await page.goto('/today?date=2025-07-14');
    await eventually(
      async () => assert.equal(await asOf(page, 'fuel-mix').innerText(), 'As of 23:55 CDT'),
      30_000,
    );
    await assertHubTableFits(page);
  },
  { timeoutMs: 120_000, viewport: { width: 390, height: 844 } },
);
