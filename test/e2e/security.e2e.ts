import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Download, Page } from 'playwright-core';
import { startHttpServer } from '../../src/mock/server.ts';
import { ALL_DATASETS_TEXT, eventually, routeMockApi, test } from './harness.ts';

const KEY_STORAGE = 'gridscope.apiKey';

/** Reads a download into text. */
async function downloadText(download: Download): Promise<string> {
  return readFile(await download.path(), 'utf8');
}

async function runQuery(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Run query', exact: true }).click();
  await eventually(
    async () =>
      assert.match(
        await page
          .getByText(/rows loaded/)
          .first()
          .innerText(),
        /all rows loaded/,
      ),
    20_000,
  );
}

test(
  'a canary API key never leaves the settings: not in URLs, page HTML, the console, files or code, nor localStorage unless remembered',
  async ({ page, context }) => {
    const canary = `canary-${randomBytes(8).toString('hex')}`;
    const server = await startHttpServer({
      port: 0,
      keys: {
        [canary]: {
          plan: 'Canary',
          limit_per_day: null,
          limit_per_month: null,
          requestsPerSecond: null,
          dailyPeakReport: true,
        },
      },
    });
    try {
      const urls: string[] = [];
      const keyHeaders: string[] = [];
      const consoleTexts: string[] = [];
      context.on('request', (request) => {
        urls.push(request.url());
        // Preflights carry no headers of the request they announce.
        if (request.url().startsWith(server.url) && request.method() !== 'OPTIONS')
          keyHeaders.push(request.headers()['x-api-key'] ?? '');
      });
      context.on('console', (message) => consoleTexts.push(message.text()));

      const visibleAndHtml = async (where: string): Promise<void> => {
        const html = await page.content();
        assert.ok(!html.includes(canary), `the key is not in the HTML of ${where}`);
        const text = await page.locator('body').innerText();
        assert.ok(!text.includes(canary), `the key is not shown on ${where}`);
      };
      const localStorageDump = (): Promise<string> =>
        page.evaluate(() => JSON.stringify(Object.entries(window.localStorage)));

      // Settings → Custom server → the key, not remembered.
      await page.goto('/settings');
      await page.getByRole('radio', { name: 'Custom server' }).check();
      await page.getByLabel('Base URL', { exact: true }).fill(server.url);
      await page.getByLabel('API key', { exact: true }).fill(canary);
      await page.getByRole('button', { name: 'Test connection', exact: true }).click();
      await page.getByRole('status').filter({ hasText: 'Canary' }).first().waitFor();
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page
        .getByText(/^Saved\./)
        .first()
        .waitFor();
      assert.ok(!(await localStorageDump()).includes(canary), 'an unremembered key is not in localStorage');
      // The field holds the key as a DOM property only, never as markup.
      await visibleAndHtml('the settings page');

      // The catalog, over the custom server.
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Catalog' }).click();
      await page.getByRole('heading', { level: 1, name: 'Datasets' }).waitFor();
      await page.getByText(ALL_DATASETS_TEXT).first().waitFor();
      await visibleAndHtml('the catalog');

      // A query, its Code tab and both exports.
      await page.goto('/datasets/ercot_load/query?range=last_24h');
      await page.getByRole('heading', { level: 1 }).filter({ hasText: 'Query' }).waitFor();
      await runQuery(page);
      await visibleAndHtml('the query builder');

      await page.getByRole('tab', { name: 'Code', exact: true }).click();
      const code = await page.getByRole('tabpanel').innerText();
      assert.match(code, /curl/);
      assert.ok(!code.includes(canary), 'generated code names no key');
      await visibleAndHtml('the Code tab');

      await page.getByRole('tab', { name: 'Export', exact: true }).click();
      const pageDownload = page.waitForEvent('download');
      await page.getByRole('button', { name: 'CSV of this page', exact: true }).click();
      const pageCsv = await downloadText(await pageDownload);
      assert.match(pageCsv, /^interval_start/);
      assert.ok(!pageCsv.includes(canary), 'the page CSV holds no key');
      const allDownload = page.waitForEvent('download', { timeout: 30_000 });
      await page.getByRole('button', { name: 'Export all rows', exact: true }).click();
      const allCsv = await downloadText(await allDownload);
      assert.match(allCsv, /^interval_start/);
      assert.ok(!allCsv.includes(canary), 'the exported CSV holds no key');

      // Other pages that talk to the server.
      for (const [path, heading] of [
        ['/datasets/ercot_load', /load/i],
        ['/usage', /Usage/],
      ] as const) {
        await page.goto(path);
        await eventually(async () =>
          assert.match(await page.getByRole('heading', { level: 1 }).innerText(), heading),
        );
        await visibleAndHtml(path);
      }

      assert.ok(keyHeaders.length > 0, 'the custom server was asked');
      assert.ok(
        keyHeaders.every((h) => h === canary),
        'every request to the server carries the key in its header',
      );
      assert.deepEqual(
        urls.filter((u) => u.includes(canary) || /[?&]api_key=/.test(u)),
        [],
        'no URL carries the key',
      );
      assert.deepEqual(
        consoleTexts.filter((t) => t.includes(canary)),
        [],
        'the console never shows the key',
      );
      assert.ok(!(await localStorageDump()).includes(canary), 'still not in localStorage');

      // Remembered: now (and only now) it is in localStorage.
      await page.goto('/settings');
      await page.getByLabel('Remember key on this device').check();
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page
        .getByText(/^Saved\./)
        .first()
        .waitFor();
      assert.equal(await page.evaluate((k) => window.localStorage.getItem(k), KEY_STORAGE), canary);

      // And forgotten again when unticked.
      await page.getByLabel('Remember key on this device').uncheck();
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page
        .getByText(/^Saved\./)
        .first()
        .waitFor();
      assert.ok(!(await localStorageDump()).includes(canary), 'unticking removes it from localStorage');
    } finally {
      await server.close();
    }
  },
  { timeoutMs: 90_000 },
);

// ---------------------------------------------------------------------------------------------

const IMG_PAYLOAD = '<img src=x onerror=window.__xss=1>';
const SCRIPT_PAYLOAD = '<script>window.__xss=1</script>';
const DATASET_NAME = `${IMG_PAYLOAD} Load`;
const DATASET_DESCRIPTION = `${SCRIPT_PAYLOAD} Demand ${IMG_PAYLOAD}`;
const LOCATION_NAME = `${IMG_PAYLOAD}NODE`;
const LOCATION_ZONE = SCRIPT_PAYLOAD;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Rewrites, anywhere in an answer, the one dataset and the one location that carry payloads. */
function plantPayloads(value: Json, locationId: string): void {
  if (Array.isArray(value)) {
    for (const item of value) plantPayloads(item, locationId);
    return;
  }
  if (value === null || typeof value !== 'object') return;
  if (value.id === 'ercot_load' && typeof value.name === 'string') {
    value.name = DATASET_NAME;
    value.description = DATASET_DESCRIPTION;
  }
  if (value.gs_entity_id === locationId) {
    value.location = LOCATION_NAME;
    if ('zone' in value) value.zone = LOCATION_ZONE;
  }
  for (const child of Object.values(value)) plantPayloads(child, locationId);
}

async function assertNothingInjected(page: Page, where: string): Promise<void> {
  const state = await page.evaluate(() => ({
    xss: (window as { __xss?: unknown }).__xss,
    images: document.querySelectorAll('img[src="x"]').length,
    scripts: [...document.scripts].filter((s) => s.textContent.includes('__xss')).length,
  }));
  assert.deepEqual(state, { xss: undefined, images: 0, scripts: 0 }, `nothing injected on ${where}`);
}

/** The first resource node with coordinates: it sorts near the top of the list and is on the map. */
async function nodeWithCoordinates(apiUrl: string): Promise<{ id: string; name: string }> {
  const response = await fetch(
    `${apiUrl}/v1/pricing_locations?location_types=Resource%20Node&has_geo=true&page_size=1`,
    { headers: { 'x-api-key': 'test-key' } },
  );
  const body = (await response.json()) as { items: { gs_entity_id: string; location: string }[] };
  const first = body.items[0];
  assert.ok(first, 'a resource node with coordinates');
  return { id: first.gs_entity_id, name: first.location };
}

test(
  'names and descriptions holding HTML and script are shown as literal text on every page',
  async (ctx) => {
    const { page, apiUrl } = ctx;
    const node = await nodeWithCoordinates(apiUrl);
    await routeMockApi(ctx, (answer) => {
      if (!answer.contentType.includes('json') || answer.status !== 200) return undefined;
      const body = JSON.parse(answer.text) as Json;
      plantPayloads(body, node.id);
      return { json: body };
    });
    const literal = (text: string) => page.getByText(text, { exact: false }).first();

    // Catalog.
    await page.goto('/');
    await literal(DATASET_NAME).waitFor();
    await literal(SCRIPT_PAYLOAD).waitFor();
    await assertNothingInjected(page, 'the catalog');

    // Dataset page.
    await page.goto('/datasets/ercot_load');
    await page.getByRole('heading', { level: 1, name: DATASET_NAME }).waitFor();
    await literal(SCRIPT_PAYLOAD).waitFor();
    await assertNothingInjected(page, 'the dataset page');

    // Query builder: the heading names the dataset; the summary echoes a filter value as typed.
    await page.goto(
      `/datasets/ercot_load/query?range=last_24h&fcol=load&fop=%3D&fval=${encodeURIComponent('1')}`,
    );
    await page.getByRole('heading', { level: 1, name: `Query ${DATASET_NAME}` }).waitFor();
    await assertNothingInjected(page, 'the query builder');
    await page.goto('/datasets/ercot_spp_real_time_15_min/query?range=last_24h');
    await page.getByLabel('Filter column').selectOption('location');
    await page.getByLabel('Filter value').fill(SCRIPT_PAYLOAD);
    await page.getByRole('button', { name: 'Run query', exact: true }).click();
    await eventually(async () =>
      assert.ok(
        (await page.getByLabel('Query summary').innerText()).includes(SCRIPT_PAYLOAD),
        'the summary echoes the filter value as text',
      ),
    );
    await assertNothingInjected(page, 'the query summary');

    // Locations list, its map popup, and the detail page.
    await page.goto(`/locations?sel=${encodeURIComponent(node.id)}`);
    await page.getByRole('heading', { level: 1, name: 'Pricing locations' }).waitFor();
    await eventually(async () =>
      assert.ok(
        (await page.getByRole('main').locator('table').innerText()).includes(LOCATION_NAME),
        'the table names the location literally',
      ),
    );
    await eventually(async () =>
      assert.ok(
        (await page.locator('.leaflet-popup-content').innerText()).includes(LOCATION_NAME),
        'the popup names the location literally',
      ),
    );
    await assertNothingInjected(page, 'the locations page and its map popup');

    await page.goto(`/locations/${encodeURIComponent(node.id)}`);
    await page.getByRole('heading', { level: 1, name: LOCATION_NAME }).waitFor();
    await literal(SCRIPT_PAYLOAD).waitFor();
    await assertNothingInjected(page, 'the location page');
  },
  { timeoutMs: 60_000 },
);

// ---------------------------------------------------------------------------------------------

/** Hub → a name a spreadsheet would run as a formula. */
const FORMULA_NAMES: Record<string, string> = {
  HB_NORTH: '=1+2',
  HB_SOUTH: '+SUM(1,2)',
  HB_WEST: '-1+2',
  HB_HOUSTON: '@SUM(1)',
};
const NEGATIVE_PRICE = -12.34;

/** Renames the hubs and gives HB_WEST a negative price, in JSON (objects or arrays) and CSV. */
function plantFormulas(answer: { text: string; contentType: string }): string {
  if (answer.contentType.includes('csv')) {
    const lines = answer.text.split('\n');
    const header = (lines[0] ?? '').split(',');
    const at = header.indexOf('location');
    const price = header.indexOf('spp');
    return lines
      .map((line, i) => {
        if (i === 0 || line === '') return line;
        const cells = line.split(',');
        const name = cells[at] ?? '';
        if (name === 'HB_WEST') cells[price] = String(NEGATIVE_PRICE);
        const renamed = FORMULA_NAMES[name];
        // RFC 4180: the comma in SUM(1,2) needs quotes.
        if (renamed !== undefined) cells[at] = renamed.includes(',') ? `"${renamed}"` : renamed;
        return cells.join(',');
      })
      .join('\n');
  }
  const body = JSON.parse(answer.text) as { data: Json[] };
  const rows = body.data;
  if (Array.isArray(rows[0])) {
    const header = rows[0] as string[];
    const at = header.indexOf('location');
    const price = header.indexOf('spp');
    for (const row of rows.slice(1) as Json[][]) {
      const name = row[at] as string;
      if (name === 'HB_WEST') row[price] = NEGATIVE_PRICE;
      row[at] = FORMULA_NAMES[name] ?? name;
    }
  } else {
    for (const row of rows as Record<string, Json>[]) {
      const name = row.location as string;
      if (name === 'HB_WEST') row.spp = NEGATIVE_PRICE;
      row.location = FORMULA_NAMES[name] ?? name;
    }
  }
  return JSON.stringify(body);
}

test(
  'exported CSV neutralises text that starts like a formula and leaves numbers, negative prices too, alone',
  async (ctx) => {
    const { page } = ctx;
    await routeMockApi(ctx, (answer) =>
      answer.status === 200 && answer.url.pathname.endsWith('/query')
        ? { text: plantFormulas(answer) }
        : undefined,
    );
    const hubs = Object.keys(FORMULA_NAMES).join(',');
    await page.goto(
      `/datasets/ercot_spp_real_time_15_min/query?range=last_24h&tz=UTC&fcol=location&fop=in&fval=${hubs}&cols=location,spp`,
    );
    await runQuery(page);
    // The table shows the names as they are: neutralising is for files only.
    await page.getByRole('table').getByText('=1+2', { exact: true }).first().waitFor();

    await page.getByRole('tab', { name: 'Export', exact: true }).click();
    const files: string[] = [];
    const pageDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'CSV of this page', exact: true }).click();
    files.push(await downloadText(await pageDownload));
    const allDownload = page.waitForEvent('download', { timeout: 30_000 });
    await page.getByRole('button', { name: 'Export all rows', exact: true }).click();
    files.push(await downloadText(await allDownload));

    for (const [i, csv] of files.entries()) {
      const which = i === 0 ? 'the page CSV' : 'the full export';
      const lines = csv.split('\n').filter((l) => l !== '');
      const header = (lines[0] ?? '').split(',');
      const at = header.indexOf('location');
      const price = header.indexOf('spp');
      assert.ok(at >= 0 && price >= 0, `${which} has location and spp: ${header.join(',')}`);
      const rows = lines
        .slice(1)
        .map((l) => l.match(/("([^"]|"")*"|[^,]*)(,|$)/g)?.map((c) => c.replace(/,$/, '')) ?? []);
      assert.ok(rows.length >= 4, `${which} has rows`);
      const names = new Set(rows.map((r) => r[at]));
      assert.deepEqual(
        [...names].sort(),
        ["'=1+2", "'@SUM(1)", "'-1+2", `"'+SUM(1,2)"`].sort(),
        `${which}: every formula-like name is prefixed with '`,
      );
      const westPrices = rows.filter((r) => r[at] === "'-1+2").map((r) => r[price]);
      assert.ok(westPrices.length > 0, 'the export holds prices of the renamed location');
      assert.ok(
        westPrices.every((p) => p === String(NEGATIVE_PRICE)),
        `${which}: negative prices stay numbers: ${westPrices.slice(0, 3).join(' ')}`,
      );
      const otherPrices = rows.filter((r) => r[at] !== "'-1+2").map((r) => r[price] ?? '');
      assert.ok(
        otherPrices.every((p) => /^-?\d+(\.\d+)?$/.test(p)),
        `${which}: prices are plain numbers`,
      );
    }
  },
  { timeoutMs: 60_000 },
);

// ---------------------------------------------------------------------------------------------

test(
  'the built app is served with a Content-Security-Policy header and meta, and no framing or powerful features',
  async ({ page, appUrl }) => {
    const response = await fetch(`${appUrl}/`);
    const header = response.headers.get('content-security-policy') ?? '';
    for (const directive of [
      "default-src 'self'",
      "script-src 'self'",
      "worker-src 'self'",
      "style-src 'self'",
      "object-src 'none'",
      "base-uri 'self'",
      "frame-ancestors 'none'",
    ]) {
      assert.ok(header.includes(directive), `header has ${directive}: ${header}`);
    }
    // Only WebAssembly may be compiled (DuckDB on the SQL page, decision 0024): never eval of script.
    assert.ok(!header.includes("'unsafe-inline'") && !header.includes("'unsafe-eval'"), header);
    // …and one inline script, by its hash: the first-paint script (decision 0033), nothing else.
    const hashes = /script-src 'self' 'wasm-unsafe-eval' 'sha256-([A-Za-z0-9+/=]+)';/.exec(header);
    assert.ok(hashes, header);
    // Beside the policy: no framing by browsers that ignore frame-ancestors, no powerful features,
    // a browsing context group of its own.
    assert.equal(response.headers.get('x-frame-options'), 'DENY');
    assert.equal(response.headers.get('cross-origin-opener-policy'), 'same-origin');
    const permissions = response.headers.get('permissions-policy') ?? '';
    for (const feature of ['camera=()', 'microphone=()', 'geolocation=()'])
      assert.ok(permissions.includes(feature), `Permissions-Policy has ${feature}: ${permissions}`);
    await page.goto('/');
    const meta =
      (await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content')) ?? '';
    assert.ok(meta.includes("script-src 'self'"), `meta: ${meta}`);
    assert.ok(!meta.includes('frame-ancestors'), 'a meta cannot carry frame-ancestors');
    // One inline script in the page, the one the hash names: every other script has a same-origin src.
    const inline = await page.evaluate(() => [...document.scripts].filter((s) => !s.src).map((s) => s.text));
    assert.equal(inline.length, 1);
    assert.equal(
      createHash('sha256')
        .update(inline[0] ?? '')
        .digest('base64'),
      hashes[1],
    );

    // An inline script injected now is refused: the policy is in force, not just present.
    const ran = await page.evaluate(async () => {
      const refused = new Promise<string>((resolve) => {
        document.addEventListener('securitypolicyviolation', (e) => resolve(e.effectiveDirective), {
          once: true,
        });
      });
      const script = document.createElement('script');
      script.textContent = 'window.__inlineRan = true';
      document.body.append(script);
      const directive = await refused;
      script.remove();
      return { directive, ran: (window as { __inlineRan?: boolean }).__inlineRan === true };
    });
    assert.deepEqual(ran, { directive: 'script-src-elem', ran: false });
  },
  {
    // The probe above provokes one violation on purpose; the guard reports it as a console error.
    allowConsoleErrors: [
      /Content-Security-Policy violation: script-src-elem refused inline/,
      /Executing inline script violates the following Content Security Policy directive 'script-src 'self' 'wasm-unsafe-eval' 'sha256-[^']+''/,
    ],
  },
);
