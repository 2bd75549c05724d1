import { DATASET_IDS } from '../../src/contract/index.ts';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { eventually, test } from './harness.ts';

const SCREENSHOT = fileURLToPath(new URL('../../docs/screenshots/catalog.png', import.meta.url));
/** Every dataset the contract names. */
const DATASET_COUNT = Object.keys(DATASET_IDS).length;

const datasetLinks = (page: Page) =>
  page.getByRole('main').locator('a[href^="/datasets/"]:not([href$="/query"])');

async function openCatalog(page: Page): Promise<void> {
  await page.goto('/');
  await page.getByRole('heading', { level: 1, name: 'Datasets' }).waitFor();
  await eventually(async () => assert.equal(await datasetLinks(page).count(), DATASET_COUNT));
  // The list is painted from the prerendered HTML before the app's code runs (decision 0033); the
  // page answers keys once hydrated, when the coverage times fill in.
  await eventually(async () =>
    assert.ok((await page.locator('main time[datetime]').count()) > 0, 'the catalog is hydrated'),
  );
}

const isFocused = (page: Page, label: string): Promise<boolean> =>
  page.getByLabel(label, { exact: true }).evaluate((el) => el === document.activeElement);

test('the catalog lists every dataset, filters them and opens one with its columns and audit', async ({
  page,
}) => {
  await openCatalog(page);
  await page.getByText(`${DATASET_COUNT} datasets`).first().waitFor();
  const hrefs = await datasetLinks(page).evaluateAll((links) => links.map((a) => a.getAttribute('href')));
  assert.ok(hrefs.includes('/datasets/ercot_load'), `ercot_load is listed: ${hrefs.join(', ')}`);
  assert.ok(
    hrefs.includes('/datasets/ercot_spp_real_time_15_min'),
    `the SPP dataset is listed: ${hrefs.join(', ')}`,
  );

  await page.getByLabel('Filter datasets', { exact: true }).fill('fuel_mix');
  await eventually(async () => assert.equal(await datasetLinks(page).count(), 1));
  const link = datasetLinks(page).first();
  assert.equal(await link.getAttribute('href'), '/datasets/ercot_fuel_mix');

  await link.click();
  await page.waitForURL('**/datasets/ercot_fuel_mix');
  const title = page.getByRole('heading', { level: 1 });
  await eventually(async () => assert.match(await title.innerText(), /fuel mix/i));
  for (const section of ['Columns', 'Coverage', 'Recent updates', 'Audit']) {
    await page.getByRole('heading', { name: section, exact: true }).waitFor();
  }
  await page.getByText('natural_gas', { exact: true }).first().waitFor();

  // The audit table covers the last 30 complete market days.
  const audit = page
    .getByRole('heading', { name: 'Audit', exact: true })
    .locator('xpath=ancestor::*[.//table][1]');
  await eventually(async () => assert.equal(await audit.locator('table tbody tr').count(), 30));
});

/** Table cells whose content is wider than the cell, i.e. text drawn over the next column. */
const overflowingCells = (page: Page): Promise<string[]> =>
  page
    .getByRole('main')
    .evaluate((main) =>
      [...main.querySelectorAll('table th, table td')]
        .filter((cell) => cell.scrollWidth > cell.clientWidth + 1)
        .map((cell) => `${cell.textContent.slice(0, 40)}… (${cell.scrollWidth}px in ${cell.clientWidth}px)`),
    );

test('at desktop width every table cell holds its own text (catalog and dataset page)', async ({ page }) => {
  await openCatalog(page);
  assert.deepEqual(await overflowingCells(page), [], 'catalog cells whose text runs into the next column');

  await page.goto('/datasets/ercot_lmp_by_settlement_point');
  await page.getByRole('heading', { name: 'Columns', exact: true }).waitFor();
  await page.getByText('sced_timestamp_utc', { exact: true }).first().waitFor();
  assert.deepEqual(
    await overflowingCells(page),
    [],
    'dataset page cells whose text runs into the next column',
  );
});

test('catalog screenshot for the README (1280×800)', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });
  await openCatalog(page);
  await page.getByText(`${DATASET_COUNT} datasets`).first().waitFor();
  mkdirSync(fileURLToPath(new URL('../../docs/screenshots/', import.meta.url)), { recursive: true });
  await page.screenshot({ path: SCREENSHOT });
});

test('the catalog works from the keyboard: "/" focuses the filter and Tab reaches the dataset links', async ({
  page,
}) => {
  await openCatalog(page);
  await page.keyboard.press('/');
  await eventually(async () => assert.ok(await isFocused(page, 'Filter datasets'), 'the filter has focus'));
  assert.equal(
    await page.getByLabel('Filter datasets', { exact: true }).inputValue(),
    '',
    '"/" is not typed',
  );

  let href: string | null = null;
  for (let i = 0; i < 30 && !href?.startsWith('/datasets/'); i += 1) {
    await page.keyboard.press('Tab');
    href = await page.evaluate(() => document.activeElement?.getAttribute('href') ?? null);
  }
  assert.ok(href?.startsWith('/datasets/'), `Tab reached a dataset link (last focus: ${href ?? 'none'})`);

  await page.keyboard.press('Enter');
  await page.waitForURL(`**${href}`);
  await page.getByRole('heading', { name: 'Columns', exact: true }).waitFor();
});

test(
  'on a phone-size screen the catalog fits without horizontal page scroll',
  async ({ page }) => {
    await openCatalog(page);
    const { scrollWidth, innerWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
    }));
    assert.ok(scrollWidth <= innerWidth, `page is ${scrollWidth}px wide in a ${innerWidth}px viewport`);
    await page.getByLabel('Filter datasets', { exact: true }).waitFor({ state: 'visible' });
  },
  { viewport: { width: 375, height: 740 } },
);
