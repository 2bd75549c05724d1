/**
 * The library of saved views in the built app (issue 28): a workspace file imported after its
 * preview, kept across a reload, exported and imported into a fresh browser profile; a corrupt
 * file that changes nothing; a share link opened in another profile; two tabs in step; axe.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, Page } from 'playwright-core';
import { assertAccessible, eventually, test } from './harness.ts';

const FIXTURE = fileURLToPath(
  new URL('../../src/workspace/fixtures/workspace-v1.gridscope.json', import.meta.url),
);

const savedViews = (page: Page) => page.getByRole('list', { name: 'Saved views' });
const viewCount = async (page: Page) => savedViews(page).getByRole('listitem').count();

async function openLibrary(page: Page, url = '/library'): Promise<void> {
  await page.goto(url);
  await page.getByRole('heading', { level: 1, name: 'Library' }).waitFor();
}

async function importFile(page: Page, name: string, text: string): Promise<void> {
  await page
    .getByLabel('Import file…')
    .setInputFiles({ name, mimeType: 'application/json', buffer: Buffer.from(text) });
}

async function freshProfile(context: BrowserContext, appUrl: string): Promise<BrowserContext> {
  const browser = context.browser();
  assert.ok(browser, 'the journey runs in a browser');
  return browser.newContext({ baseURL: appUrl, acceptDownloads: true });
}

test(
  'library: import a workspace file after its preview, keep it across a reload, export a view and import it into a fresh profile; a corrupt file changes nothing',
  async ({ page, context, appUrl }) => {
    await openLibrary(page);
    await page.getByText('No saved views yet.').waitFor();

    await importFile(page, 'team.gridscope.json', await readFile(FIXTURE, 'utf8'));
    const preview = page.getByRole('region', { name: 'Import from “team.gridscope.json”' });
    await preview.getByRole('heading', { name: 'Will be added (6)' }).waitFor();
    await preview.getByRole('button', { name: 'Confirm import' }).click();
    await page.getByText('Imported: added 6 views, replaced 0 views.').waitFor();
    await eventually(async () => assert.equal(await viewCount(page), 6));

    await page.reload();
    await savedViews(page).waitFor();
    assert.equal(await viewCount(page), 6, 'the views outlive a reload');

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export North hub prices, last week' }).click();
    const file = await download;
    assert.equal(file.suggestedFilename(), 'North-hub-prices-last-week.gridscope.json');
    const exported = await readFile(await file.path(), 'utf8');

    const other = await freshProfile(context, appUrl);
    try {
      const fresh = await other.newPage();
      await openLibrary(fresh);
      await fresh.getByText('No saved views yet.').waitFor();

      // A corrupt file: the message names the problem and nothing is saved.
      await importFile(fresh, 'cut.gridscope.json', exported.slice(0, exported.length / 2));
      await fresh
        .getByRole('alert')
        .getByText(/The file is not JSON/)
        .waitFor();
      await fresh.getByText('No saved views yet.').waitFor();
      await fresh.getByRole('button', { name: 'Dismiss' }).click();

      await importFile(fresh, file.suggestedFilename(), exported);
      await fresh.getByRole('button', { name: 'Confirm import' }).click();
      await savedViews(fresh).waitFor();
      assert.equal(await viewCount(fresh), 1);

      // Opening it restores the view at its own address.
      await fresh.getByRole('link', { name: 'North hub prices, last week' }).click();
      await fresh.waitForURL('**/datasets/ercot_spp/query?locations=HB_NORTH**');
      await fresh.getByRole('heading', { level: 1 }).waitFor();

      // A partial file (one bad view among good ones) is refused whole.
      const partial = JSON.parse(await readFile(FIXTURE, 'utf8')) as { views: { path: string }[] };
      (partial.views[4] as { path: string }).path = '//evil.example/reports/daily-peak';
      await openLibrary(fresh);
      await importFile(fresh, 'partial.gridscope.json', JSON.stringify(partial));
      await fresh
        .getByRole('alert')
        .getByText('view 5 (“Peak day before the cold front”): path is not a page of this app')
        .waitFor();
      assert.equal(await viewCount(fresh), 1, 'nothing of a partial file is imported');
    } finally {
      await other.close();
    }
  },
  { timeoutMs: 90_000 },
);

test(
  'library: a share link opens as an import preview in another profile, and two tabs stay in step',
  async ({ page, context, appUrl }) => {
    await openLibrary(page);
    await importFile(page, 'team.gridscope.json', await readFile(FIXTURE, 'utf8'));
    await page.getByRole('button', { name: 'Confirm import' }).click();
    await savedViews(page).waitFor();

    await page.getByLabel('Select Hubs').check();
    await page.getByLabel('Select Houston vs West spread').check();
    await page.getByRole('button', { name: 'Share selection' }).click();
    const link = await page.getByLabel('Link to 2 views').inputValue();
    assert.match(link, /\/library#share=[\w-]+$/);
    assert.ok(link.length <= 8_000, `a link of ${String(link.length)} characters`);

    // A second tab of the same profile sees a rename made in the first, without a reload.
    const second = await context.newPage();
    await openLibrary(second);
    await second.getByRole('link', { name: 'Hubs' }).waitFor();
    await page.getByRole('button', { name: 'Rename Hubs' }).click();
    await page.getByLabel(/New name for Hubs/).fill('Trading hubs');
    await page.getByLabel(/New name for Hubs/).press('Enter');
    await second.getByRole('link', { name: 'Trading hubs' }).waitFor({ timeout: 10_000 });

    const other = await freshProfile(context, appUrl);
    try {
      const fresh = await other.newPage();
      await fresh.goto(link);
      const preview = fresh.getByRole('region', { name: 'Import from the link' });
      await preview.getByRole('heading', { name: 'Will be added (2)' }).waitFor();
      // The fragment is gone from the address once read: a reload does not offer it again.
      await eventually(() => Promise.resolve(assert.equal(new URL(fresh.url()).hash, '')));
      await assertAccessible(fresh, 'library, share link preview');
      await preview.getByRole('button', { name: 'Confirm import' }).click();
      await fresh.getByRole('link', { name: 'Houston vs West spread' }).waitFor();
      assert.equal(await viewCount(fresh), 2);
      await assertAccessible(fresh, 'library with views');
    } finally {
      await other.close();
    }
  },
  { timeoutMs: 90_000 },
);
