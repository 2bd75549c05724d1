/**
 * The prerendered first screen (issue 31, decision 0033): the built HTML holds the catalog, the
 * navigation's shells and the shells of each demo dataset's page and query builder, painted before any of the app's code runs and hydrated in place; nobody
 * for whom it is untrue (another backend, another URL) ever sees it.
 */
import assert from 'node:assert/strict';
import type { BrowserContext, Page } from 'playwright-core';
import { ALL_DATASETS_TEXT, eventually, test } from './harness.ts';

/** What the page showed at each frame until the app had rendered, from the first one after the HTML is parsed. */
interface FirstFrame {
  links: number;
  visible: boolean;
  current: string | null;
}

interface Frames {
  /** At that first frame: dataset links in `#root`, whether it was visible, the page the navigation marks. */
  first: FirstFrame | null;
  /** Frames in which `#root` was visible and held `text`. */
  shownWith: number;
}

/**
 * Records every frame of the first three seconds. Runs before any of the page's scripts (an init
 * script is exempt from the page's CSP); a script as text, since the test's compiled functions
 * carry helpers (`__name`) the page does not have.
 */
async function recordFrames(context: BrowserContext, text: string): Promise<void> {
  await context.addInitScript({
    content: `(() => {
      const needle = ${JSON.stringify(text)};
      const frames = { first: null, shownWith: 0 };
      window.__frames = frames;
      const started = performance.now();
      function frame() {
        const root = document.getElementById('root');
        const visible = root !== null && getComputedStyle(root).visibility === 'visible';
        // The first frame once the HTML is parsed: a frame can come before the body is parsed, or
        // (CI met one under load) while the parser has yielded halfway through the root.
        const parsed = document.readyState !== 'loading';
        if (frames.first === null && parsed && root !== null && root.firstElementChild !== null) {
          const current = document.querySelector('nav [aria-current="page"]');
          frames.first = {
            links: root.querySelectorAll('a[href^="/datasets/"]:not([href$="/query"])').length,
            visible,
            current: current ? current.textContent : null,
          };
        }
        if (visible && root.textContent.includes(needle)) frames.shownWith += 1;
        if (performance.now() - started < 3000) requestAnimationFrame(frame);
      }
      requestAnimationFrame(frame);
    })();`,
  });
}

async function framesOf(page: Page): Promise<{ first: FirstFrame; shownWith: number }> {
  const frames = await page.evaluate(() => (window as unknown as { __frames: Frames }).__frames);
  assert.ok(frames.first !== null, 'a frame was recorded');
  return { first: frames.first, shownWith: frames.shownWith };
}

/** The catalog's dataset links in the page's main content. */
const listedDatasets = (page: Page): Promise<number> =>
  page.locator('main a[href^="/datasets/"]:not([href$="/query"])').count();

/** What the first-paint script judged the prerendered HTML (`fit`, `unfit`), or `hydrated` once boot took it over. */
const verdictOf = (page: Page): Promise<string | undefined> =>
  page.evaluate(() => document.documentElement.dataset.prerender);

/** Holds every one of the app's modules until the returned function is called: the page is its HTML alone. */
async function holdModules(context: BrowserContext): Promise<() => void> {
  let release = (): void => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await context.route('**/assets/*.js', async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/**
 * Opens a cold link to a page with a prerendered shell and waits for the page's heading: the
 * shell's header is still the node the HTML made (hydrated, not rendered again). Returns the
 * recorded first frame (`recordFrames` first).
 */
async function openShell(page: Page, path: string, heading: string): Promise<FirstFrame> {
  await page.goto(path, { waitUntil: 'commit' });
  const brand = await page.waitForSelector('#root .brand', { state: 'attached' });
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
  assert.equal(
    await brand.evaluate((a) => a.isConnected),
    true,
    `${path}: the shell is hydrated, not rendered again`,
  );
  return (await framesOf(page)).first;
}

test('a cold catalog link paints the whole list from the HTML, then hydrates it in place', async ({
  page,
  context,
}) => {
  await recordFrames(context, 'ercot_as_prices');
  await page.goto('/', { waitUntil: 'commit' });
  const link = await page.waitForSelector('#root a[href="/datasets/ercot_load"]', { state: 'attached' });
  // Hydrated: the coverage cells hold times, and the link is still the node the HTML made.
  await eventually(async () =>
    assert.ok((await page.locator('main time[datetime]').count()) > 0, 'the coverage times filled in'),
  );
  assert.equal(await link.evaluate((a) => a.isConnected), true, 'hydrated, not rendered again');
  const frames = await framesOf(page);
  assert.ok(frames.first.visible, 'the prerendered list is visible at the first frame');
  assert.ok(frames.first.links > 10, `every dataset at the first frame: ${frames.first.links}`);
  await page.getByText(ALL_DATASETS_TEXT).first().waitFor();
  // It works as a page: the filter answers.
  await page.getByLabel('Filter datasets', { exact: true }).fill('fuel_mix');
  await eventually(async () => assert.equal(await listedDatasets(page), 1));
});

test('a "/" pressed before the app has hydrated the catalog focuses its filter, and what is typed filters it', async ({
  page,
  context,
}) => {
  // The app's code is held back: the page is the HTML and the first-paint script alone.
  const release = await holdModules(context);
  await page.goto('/', { waitUntil: 'commit' });
  const field = page.getByLabel('Filter datasets', { exact: true });
  await field.waitFor();
  await page.keyboard.press('/');
  assert.equal(
    await field.evaluate((input) => input === document.activeElement),
    true,
    '"/" focused the filter',
  );
  await page.keyboard.type('fuel_mix');
  assert.equal(await verdictOf(page), 'fit', 'not hydrated yet');
  release();
  await eventually(async () => assert.equal(await verdictOf(page), 'hydrated'));
  await eventually(async () => assert.equal(await listedDatasets(page), 1));
  assert.equal(await field.inputValue(), 'fuel_mix');
});

test('a cold link to a page of the navigation paints its shell at once and its page into it', async ({
  page,
  context,
}) => {
  await recordFrames(context, 'GridScope');
  const first = await openShell(page, '/settings', 'Settings');
  assert.equal(first.current, 'Settings', 'the navigation marks the page at the first frame');
  assert.equal(first.links, 0, 'no catalog in a shell');
});

test('a user of another backend never sees the demo content the HTML holds', async ({
  page,
  context,
  apiUrl,
}) => {
  await context.addInitScript((baseUrl: string) => {
    if (window.location.protocol === 'about:') return;
    window.localStorage.setItem(
      'gridscope.connection',
      JSON.stringify({ mode: 'remote', baseUrl, remember: true, timeoutSeconds: 30 }),
    );
    window.localStorage.setItem('gridscope.apiKey', 'demo-key');
  }, apiUrl);
  await recordFrames(context, 'Built-in demo data');
  await page.goto('/', { waitUntil: 'commit' });
  await page.getByText(`Backend: ${new URL(apiUrl).host}`).waitFor();
  await page.getByRole('heading', { level: 1, name: 'Datasets' }).waitFor();
  assert.equal((await framesOf(page)).shownWith, 0, 'no frame showed the demo backend');
});

test('a link the HTML was not rendered for never shows the prerendered catalog', async ({
  page,
  context,
}) => {
  // The catalog with a filter: only its filtered list may ever be seen.
  await recordFrames(context, 'ercot_as_prices');
  await page.goto('/?q=fuel_mix', { waitUntil: 'commit' });
  await eventually(async () => assert.equal(await listedDatasets(page), 1));
  assert.equal((await framesOf(page)).shownWith, 0, 'no frame showed the unfiltered list');

  // A dataset the demo does not have: the SPA fallback serves the catalog's HTML, which is never seen.
  await page.goto('/datasets/not_a_dataset', { waitUntil: 'commit' });
  await page.getByRole('heading', { level: 1, name: 'Dataset not found' }).waitFor();
  assert.equal((await framesOf(page)).shownWith, 0, "no frame showed the catalog's list");
});

test('a cold dataset-page link paints its shell before any of the app code has run', async ({
  page,
  context,
}) => {
  // The modules are held back until the shell has been seen: whatever shows is the HTML's alone,
  // judged fit by the inline script.
  const release = await holdModules(context);
  await recordFrames(context, 'Loading page…');
  await page.goto('/datasets/ercot_load', { waitUntil: 'commit' });
  await eventually(async () => assert.ok((await framesOf(page)).shownWith > 0, 'the shell was shown'));
  const { first } = await framesOf(page);
  assert.ok(first.visible, 'the shell is visible at the first frame');
  assert.equal(first.links, 0, "no catalog in a dataset page's shell");
  const brand = await page.waitForSelector('#root .brand', { state: 'attached' });
  assert.equal(await verdictOf(page), 'fit', 'the first-paint script found the shell fit');
  // Then the code comes, and the page renders into the shell it hydrates.
  release();
  await page.getByRole('heading', { level: 1, name: 'ERCOT Load' }).waitFor();
  assert.equal(await brand.evaluate((a) => a.isConnected), true, 'hydrated, not rendered again');
});

test("a cold link to a dataset's page and to its query builder hydrate their shells in place", async ({
  page,
  context,
}) => {
  await recordFrames(context, 'GridScope');
  const dataset = await openShell(page, '/datasets/ercot_load', 'ERCOT Load');
  assert.ok(dataset.visible, 'the shell is visible at the first frame');

  // A query-builder link always carries its query: the shell holds no data, so it fits any.
  const query = await openShell(
    page,
    '/datasets/ercot_load/query?range=custom&start=2025-07-09&end=2025-07-16',
    'Query ERCOT Load',
  );
  assert.ok(query.visible, "the query builder's shell is visible at the first frame");
  assert.equal(query.links, 0);
});

test("a crafted dataset link shows no shell but renders the app's own answer", async ({ page, context }) => {
  await recordFrames(context, 'Loading page…');
  // Served a shell's file (vite decodes the path to find it), but not its path: hidden, rendered afresh.
  await page.goto('/datasets/ercot_load%2Fquery', { waitUntil: 'commit' });
  await page.getByRole('heading', { level: 1, name: 'Dataset not found' }).waitFor();
  const frames = await framesOf(page);
  assert.equal(frames.first.visible, false, 'the HTML it was served stayed hidden');
  // A very long id: the catalog's HTML, hidden, then the app's not-found.
  await page.goto(`/datasets/${'a'.repeat(3000)}`, { waitUntil: 'commit' });
  await page.getByRole('heading', { level: 1, name: 'Dataset not found' }).waitFor();
  assert.equal((await framesOf(page)).first.visible, false, "the catalog's HTML stayed hidden");
});
