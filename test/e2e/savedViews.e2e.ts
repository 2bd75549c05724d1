/**
 * Saving a view on the built app (issue 28): the keyboard alone saves a query with a name, a
 * reload keeps the tab's open view and says it is saved, the library finds it and opens it as it
 * was (from the keyboard), and a browser that refuses to store (its quota full) keeps the page as it was
 * and hands the view over as a workspace file.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { assertAccessible, eventually, test } from './harness.ts';

const QUERY =
  '/datasets/ercot_spp_real_time_15_min/query?v=1&fcol=location&fval=HB_NORTH&range=custom&start=2025-07-14&end=2025-07-15&tz=UTC';

const bar = (page: Page) => page.getByRole('group', { name: 'Saved view' });
const status = (page: Page) => bar(page).getByRole('status');

async function openQuery(page: Page): Promise<void> {
  await page.goto(QUERY);
  await page.getByText('96 rows loaded · all rows loaded').waitFor({ timeout: 20_000 });
}

test('an analyst saves a query with Ctrl+S and a name, reloads, and the page still says it is saved', async ({
  page,
}) => {
  await openQuery(page);
  await assert.doesNotReject(status(page).filter({ hasText: 'Not saved' }).waitFor());

  // From inside a field of the form: the shortcut is the page's, not the browser's "Save page as".
  await page.getByLabel('Filter value').focus();
  await page.keyboard.press('Control+s');
  const name = bar(page).getByLabel('Name');
  await eventually(async () =>
    assert.equal(await name.evaluate((el) => el === document.activeElement), true),
  );
  await assertAccessible(page, 'query builder, save dialog open');
  await page.keyboard.type('North hub, 14 July');
  await page.keyboard.press('Enter');
  await eventually(async () =>
    assert.match(await status(page).innerText(), /^Saved as “North hub, 14 July” · \d\d:\d\d/),
  );

  await page.reload();
  await page.getByText('96 rows loaded · all rows loaded').waitFor({ timeout: 20_000 });
  await eventually(async () =>
    assert.match(await status(page).innerText(), /^Saved as “North hub, 14 July” · \d\d:\d\d$/),
  );

  // Saving again writes over the same view (its main-thread cost is the bench's: saved-work).
  await bar(page).getByRole('button', { name: 'Save', exact: true }).click();
  await eventually(async () =>
    assert.match(await status(page).innerText(), /^Saved as “North hub, 14 July” · \d\d:\d\d$/),
  );
  const count = await page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('gridscope');
        open.onerror = () => reject(new Error('the store did not open'));
        open.onsuccess = () => {
          const req = open.result.transaction('views').objectStore('views').count();
          req.onsuccess = () => {
            resolve(req.result);
            open.result.close();
          };
        };
      }),
  );
  assert.equal(count, 1, 'one view in the store: Save wrote over it');
});

test('a full store keeps the view in the page, says why beside Save and hands it over as a file', async ({
  page,
  context,
}) => {
  // The browser refuses every write, as it does when the site's quota is used up.
  // A script as text: the test's compiled functions carry helpers (`__name`) the page does not have.
  await context.addInitScript(`{
    const refuse = () => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
    IDBObjectStore.prototype.add = refuse;
    IDBObjectStore.prototype.put = refuse;
  }`);
  await openQuery(page);
  await bar(page).getByRole('button', { name: 'Save', exact: true }).click();
  await bar(page).getByLabel('Name').fill('North hub');
  await bar(page).getByLabel('Note (optional)').fill('Kept whatever the browser says');
  await bar(page).getByLabel('Note (optional)').press('Tab');
  await page.keyboard.press('Enter');

  const alert = bar(page).getByRole('alert');
  await alert.waitFor();
  assert.match(await alert.innerText(), /storage is full/);
  // Nothing lost: the query is still on screen, and the next try offers the same words.
  assert.match(page.url(), /fval=HB_NORTH/);
  await page.getByText('96 rows loaded · all rows loaded').waitFor();
  await assertAccessible(page, 'query builder, save refused');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    alert.getByRole('button', { name: 'Download as file' }).click(),
  ]);
  assert.equal(download.suggestedFilename(), 'North-hub.gridscope.json');
  const file = JSON.parse(await readFile(await download.path(), 'utf8')) as {
    format: string;
    views: { name: string; note: string; path: string; requests: { url: string }[] }[];
  };
  assert.equal(file.format, 'gridscope-workspace');
  const [view] = file.views;
  assert.ok(view, 'the file holds the view');
  assert.equal(view.name, 'North hub');
  assert.equal(view.note, 'Kept whatever the browser says');
  assert.equal(view.path, QUERY);
  assert.match(view.requests[0]?.url ?? '', /\/v1\/datasets\/ercot_spp_real_time_15_min\/query\?/);

  await bar(page).getByRole('button', { name: 'Save', exact: true }).click();
  assert.equal(await bar(page).getByLabel('Name').inputValue(), 'North hub');
  await page.keyboard.press('Escape');
});

test('a saved view is found in the library after a reload and opens as it was, from the keyboard alone', async ({
  page,
}) => {
  await openQuery(page);
  await page.keyboard.press('Control+s');
  await bar(page).getByLabel('Name').fill('Spike hunt');
  await page.keyboard.press('Enter');
  await eventually(async () => assert.match(await status(page).innerText(), /^Saved as “Spike hunt”/));

  // Somewhere else, a day later: the catalog, a reload, the library from the navigation.
  await page.goto('/');
  await page.reload();
  await page.getByRole('heading', { level: 1, name: 'Datasets' }).waitFor();
  const library = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Library' });
  await library.focus();
  await page.keyboard.press('Enter');
  await page.getByRole('heading', { level: 1, name: 'Library' }).waitFor();
  await page.getByLabel('Search saved views').focus();
  await page.keyboard.type('spike');
  const link = page.getByRole('list', { name: 'Saved views' }).getByRole('link', { name: 'Spike hunt' });
  await link.waitFor();
  await assertAccessible(page, 'library, one view found');
  await link.focus();
  await page.keyboard.press('Enter');

  await page.waitForURL(`**${QUERY}`);
  await page.getByText('96 rows loaded · all rows loaded').waitFor({ timeout: 20_000 });
  await eventually(async () => assert.match(await status(page).innerText(), /^Saved as “Spike hunt”/));
});
