import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';
import type { DatasetQueryArraysResponse } from '../../src/contract/index.ts';
import {
  assertAccessible,
  eventually,
  openPhone,
  routeMockApi,
  test,
  type JourneyContext,
} from './harness.ts';

const LMP = 'ercot_lmp_by_settlement_point';

const slider = (page: Page): Locator => page.getByRole('slider', { name: 'Interval' });
const legend = (page: Page): Locator => page.getByTestId('legend-summary');
const highest = (page: Page): Locator => page.getByRole('table', { name: /^Highest 10/ });
const mapBox = (page: Page): Locator => page.getByTestId('price-map-box');

/** One location's price at one interval, asked of the mock over HTTP as any client would. */
async function apiPrice(apiUrl: string, location: string, time: string): Promise<number> {
  const params = new URLSearchParams({
    time,
    filter_column: 'location',
    filter_value: location,
    columns: 'location,lmp',
    json_schema: 'array_of_arrays',
  });
  const response = await fetch(`${apiUrl}/v1/datasets/${LMP}/query?${params.toString()}`, {
    headers: { 'x-api-key': 'test-key' },
  });
  assert.equal(response.status, 200);
  const body = (await response.json()) as DatasetQueryArraysResponse;
  const [header, row] = body.data;
  assert.ok(row, `the API has a price for ${location} at ${time}`);
  return Number(row[header.indexOf('lmp')]);
}

const money = (v: number): string =>
  `${v < 0 ? '−' : ''}$${Math.abs(v).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** The ERCOT market date (US/Central) of an instant, as YYYY-MM-DD. */
function marketDate(ms: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(ms);
}

async function openPriceMap(page: Page, search = ''): Promise<void> {
  await page.goto(`/price-map${search}`);
  await page.getByRole('heading', { level: 1, name: 'Price map' }).waitFor();
  await highest(page).waitFor({ timeout: 20_000 });
  await page.getByRole('region', { name: /^Map of prices by location/ }).waitFor({ timeout: 20_000 });
  await eventually(
    async () =>
      assert.ok(await mapBox(page).getAttribute('data-shown-interval'), 'the map shows an interval'),
    20_000,
  );
}

async function snapshot(page: Page): Promise<{ when: string; legend: string; table: string; shown: string }> {
  return {
    when: (await slider(page).getAttribute('aria-valuetext')) ?? '',
    legend: await legend(page).innerText(),
    table: await highest(page).innerText(),
    shown: (await mapBox(page).getAttribute('data-shown-interval')) ?? '',
  };
}

test(
  'price map: the keyboard moves the slider, legend and table follow, the panel agrees with the API, reload restores it',
  async ({ page, apiUrl }) => {
    // Yesterday's market day, not today's: in the first minutes after market midnight today has
    // only an interval or two, and two steps back would run off its start (CI failed at 00:05 CST).
    await openPriceMap(page, `?day=${marketDate(Date.now() - 86_400_000)}`);
    const before = await snapshot(page);
    assert.match(before.when, /^\d{4}-\d\d-\d\d \d\d:\d\d C[SD]T \(.+UTC\), interval \d+ of (276|288|300)$/);

    await slider(page).focus();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await page.waitForURL(/[?&]i=\d+/);
    await eventually(async () => {
      const now = await snapshot(page);
      assert.notEqual(now.when, before.when, 'the slider names another interval');
      assert.equal(
        Date.parse(now.shown),
        Date.parse(before.shown) - 10 * 60_000,
        'markers show two steps back',
      );
      assert.notEqual(now.table, before.table, 'the top table changed');
      assert.notEqual(now.legend, before.legend, 'the legend changed');
    }, 15_000);
    const after = await snapshot(page);

    // The top location's panel shows the same price as the API for that location and interval.
    const first = highest(page).getByRole('row').nth(1).getByRole('button');
    const name = (await first.innerText()).trim();
    await first.click();
    await page.waitForURL(/[?&]sel=/);
    const panel = page.getByRole('region', { name });
    await panel.waitFor();
    const expected = await apiPrice(apiUrl, name, after.shown);
    await eventually(async () =>
      assert.equal((await panel.getByTestId('panel-price').innerText()).split(' ')[0], money(expected)),
    );
    await panel.getByRole('img', { name: new RegExp(`^${name} over the day`) }).waitFor({ timeout: 15_000 });

    // Reload: the same interval, legend, table and panel.
    const url = page.url();
    await page.reload();
    await openPriceMap(page, new URL(url).search);
    await eventually(async () => {
      const restored = await snapshot(page);
      assert.equal(restored.when, after.when);
      assert.equal(restored.legend, after.legend);
      assert.equal(restored.table, after.table);
    }, 15_000);
    await page.getByRole('region', { name }).getByTestId('panel-price').waitFor();
  },
  { timeoutMs: 90_000 },
);

for (const day of ['2030-01-01', '2019-01-01']) {
  test(
    `price map: a day outside the data (${day}) says so, draws no markers and stops waiting`,
    async ({ page }) => {
      await page.goto(`/price-map?day=${day}`);
      const tables = page.getByRole('region', { name: 'Highest and lowest' });
      await tables.getByText(new RegExp(`^No .+ data for ${day}\\.$`)).waitFor({ timeout: 20_000 });
      const coverage = await tables.getByText(/^It covers market days /).innerText();
      const latest = /to (\d{4}-\d\d-\d\d)\.$/.exec(coverage)?.[1] ?? '';
      assert.ok(latest, `the coverage names its last day: ${coverage}`);
      const map = page.getByRole('region', { name: 'Map' });
      await map.getByText('No prices for this day.').first().waitFor();
      await eventually(async () =>
        assert.equal(
          await page.getByText(/locations? in view/).innerText(),
          'No locations in view.',
          'no marker is drawn, grey or otherwise',
        ),
      );
      // Past the moment a real wait starts to count its seconds: nothing is waiting here.
      await page.waitForTimeout(3_500);
      assert.equal(await page.getByText(/Waiting for the server/).count(), 0, 'no wait counts on');
      assert.equal(await page.getByText(/^Loading /).count(), 0, 'no loading state is left');
      assert.equal(await page.getByRole('button', { name: /^(Retry|Try again)$/ }).count(), 0);
      if (day === '2030-01-01') await assertAccessible(page, 'price map on a day without data');

      await tables.getByRole('button', { name: `Show the latest day, ${latest}` }).click();
      await page.waitForURL(new RegExp(`[?&]day=${latest}`));
      await highest(page).waitFor({ timeout: 20_000 });
      assert.equal(await map.getByText('No prices for this day.').count(), 0);
    },
    { timeoutMs: 60_000 },
  );
}

test(
  'price map: a crafted link names each setting it could not use and what it showed, and the server hears none of them',
  async (ctx) => {
    const { page } = ctx;
    // Over real HTTP (the demo answers inside the page, out of sight), so every request the app
    // makes is seen, the first screen's prefetch at boot included.
    const asked: string[] = [];
    await routeMockApi(ctx, (answer) => {
      asked.push(decodeURIComponent(answer.url.href));
      return undefined;
    });
    await openPriceMap(page, '?ds=garbage&measure=bogus&foo=1&i=9999&hub=HB_NOWHERE');
    const notice = page
      .getByRole('status')
      .filter({ hasText: /^Some settings in the link could not be read/ });
    await eventually(async () => {
      const text = await notice.innerText();
      const when = /the latest interval, (\d{4}-\d\d-\d\d \d\d:\d\d C[SD]T), was shown instead/.exec(
        text,
      )?.[1];
      assert.ok(when, `the notice names the interval shown: ${text}`);
      assert.equal(
        text,
        'Some settings in the link could not be read and were not used: ' +
          `interval (“9999” is not an interval of a day (-1 for the latest, or 0 to 299); the latest interval, ${when}, was shown instead), ` +
          '“measure” (not a setting of this page; left out), ' +
          '“foo” (not a setting of this page; left out), ' +
          'dataset (“garbage” is not a dataset of prices by location; ERCOT Real-Time LMP by Settlement Point was shown instead), ' +
          'hub (“HB_NOWHERE” is not a trading hub; HB_NORTH was used instead).',
      );
      assert.ok(
        ((await slider(page).getAttribute('aria-valuetext')) ?? '').startsWith(`${when} `),
        'the slider shows the interval the notice names',
      );
    }, 20_000);
    assert.equal(await page.getByLabel('Dataset').inputValue(), LMP);
    assert.equal(await page.getByLabel('Hub').inputValue(), 'HB_NORTH');
    assert.ok(
      asked.some((url) => url.includes(`/v1/datasets/${LMP}/query`)),
      'the shown interval was asked for',
    );
    const leaked = asked.filter((url) => /garbage|bogus|foo|9999|NOWHERE/.test(url));
    assert.deepEqual(leaked, [], 'no request carries a setting the page did not use');
    await assertAccessible(page, 'price map with a link it could not fully read');
  },
  { timeoutMs: 60_000 },
);

for (const theme of ['light', 'dark'] as const) {
  test(
    `axe: price map with a location panel (${theme})`,
    async ({ page, context }: JourneyContext) => {
      await context.addInitScript((t) => {
        try {
          window.localStorage.setItem('gridscope.theme', t);
        } catch {
          // not the app's origin
        }
      }, theme);
      await openPriceMap(page, '?m=basis&clip=5');
      const first = highest(page).getByRole('row').nth(1).getByRole('button');
      await first.click();
      await page.getByTestId('panel-price').waitFor();
      await page.waitForTimeout(250);
      await assertAccessible(page, `price map with a panel (${theme})`);
    },
    { timeoutMs: 120_000 },
  );
}

test(
  'price map: the legend is true to the map: a centre outside the prices is said, and no label reads −$0',
  async ({ page }) => {
    // Prices, centred on zero: when every price shown is above zero the legend must say so.
    await openPriceMap(page, '?m=value&ctr=zero');
    const lowestTable = page.getByRole('table', { name: /^Lowest 10/ });
    await lowestTable.waitFor({ timeout: 20_000 });
    const lowest = Number(
      (await lowestTable.locator('tbody tr').first().locator('td').last().innerText())
        .replace(/[^\d.−-]/g, '')
        .replace('−', '-'),
    );
    const summary = await legend(page).innerText();
    if (lowest > 0)
      assert.match(summary, /below every price shown/, `the centre is below every price: ${summary}`);
    assert.doesNotMatch(summary, /−\$0(?![.,\d]*[1-9])/, `no −$0 in the legend: ${summary}`);

    // Basis to the hub spans a few dollars: labels carry the cents they need, and none reads −$0.
    await openPriceMap(page, '?m=basis&ctr=zero');
    await eventually(async () => {
      const text = `${await legend(page).innerText()}\n${await mapBox(page).innerText()}`;
      assert.doesNotMatch(text, /−\$0(?![.,]?\d*[1-9])/, `no label reads −$0: ${text}`);
    }, 20_000);
  },
  { timeoutMs: 60_000 },
);

test(
  'price map on a 390 px phone: the page never scrolls sideways, and the highest table shows each name with its value',
  async ({ context, appUrl }) => {
    const phone = await openPhone({ context, appUrl });
    try {
      const page = await phone.newPage();
      await openPriceMap(page, `?day=${marketDate(Date.now() - 86_400_000)}`);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(width <= 390, `the page stays as wide as the phone (${width} px)`);
      // The name and the value are in view at once, without scrolling anything sideways; the
      // zone is left out on a phone (the location's panel names it).
      const value = highest(page).locator('tbody tr').first().locator('td').last();
      assert.match(await value.innerText(), /\$\d/);
      const right = await value.evaluate((el) => el.getBoundingClientRect().right);
      assert.ok(right <= 390, `the value is within the screen (its right edge at ${right} px)`);
      const shown = await highest(page)
        .locator('thead th')
        .evaluateAll((ths) => ths.filter((th) => th.checkVisibility()).map((th) => th.textContent));
      assert.deepEqual(shown, ['#', 'Location', 'Price ($/MWh)']);
    } finally {
      await phone.close();
    }
  },
  { timeoutMs: 60_000 },
);
