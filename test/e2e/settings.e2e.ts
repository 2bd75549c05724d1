import { DATASET_IDS } from '../../src/contract/index.ts';
import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import type { Page, Request } from 'playwright-core';
import { ALL_DATASETS_TEXT, DATASET_COUNT, eventually, test } from './harness.ts';

const DEMO_KEY = 'demo-key';

interface SeenRequest {
  url: string;
  apiKeyHeader: string | undefined;
}

/** Every request the page makes, with the key header it carried (read before the request ends). */
function recordRequests(page: Page): SeenRequest[] {
  const seen: SeenRequest[] = [];
  page.on('request', (request: Request) => {
    seen.push({ url: request.url(), apiKeyHeader: request.headers()['x-api-key'] });
  });
  return seen;
}

async function fillCustomServer(page: Page, baseUrl: string, key: string): Promise<void> {
  await page.goto('/settings');
  await page.getByRole('radio', { name: 'Custom server' }).check();
  await page.getByLabel('Base URL', { exact: true }).fill(baseUrl);
  await page.getByLabel('API key', { exact: true }).fill(key);
}

async function saveAndOpenCatalog(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Catalog', exact: true })
    .click();
  await page.getByRole('heading', { level: 1, name: 'Datasets' }).waitFor();
}

test('a custom server over real HTTP serves the same datasets, with the key only in a header', async ({
  page,
  apiUrl,
}) => {
  const seen = recordRequests(page);
  await fillCustomServer(page, apiUrl, DEMO_KEY);

  await page.getByRole('button', { name: 'Test connection', exact: true }).click();
  await eventually(async () =>
    assert.match(
      await page.getByRole('status').filter({ hasText: 'Developer' }).first().innerText(),
      /Developer/,
    ),
  );

  await saveAndOpenCatalog(page);
  await page.getByRole('status').filter({ hasText: 'Backend: 127.0.0.1' }).first().waitFor();
  const links = page.getByRole('main').locator('a[href^="/datasets/"]:not([href$="/query"])');
  await eventually(async () => assert.equal(await links.count(), DATASET_COUNT));
  await page.getByText(ALL_DATASETS_TEXT).first().waitFor();

  const toApi = seen.filter((r) => r.url.startsWith(`${apiUrl}/v1/datasets`));
  assert.ok(
    toApi.length > 0,
    `the catalog was fetched from ${apiUrl}; saw ${seen.map((r) => r.url).join(', ')}`,
  );
  for (const r of toApi) assert.equal(r.apiKeyHeader, DEMO_KEY, `x-api-key header on ${r.url}`);
  const leaking = seen.filter((r) => r.url.includes(DEMO_KEY) || /[?&]api_key=/.test(r.url));
  assert.deepEqual(
    leaking.map((r) => r.url),
    [],
    'the key never appears in a URL',
  );
});

test(
  'a wrong key shows the server’s 401 message',
  async ({ page, apiUrl }) => {
    await fillCustomServer(page, apiUrl, 'not-a-real-key');
    await page.getByRole('button', { name: 'Test connection', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: 'Invalid API key.' }).first().waitFor();

    await saveAndOpenCatalog(page);
    await page.getByRole('alert').filter({ hasText: 'Invalid API key.' }).first().waitFor();
  },
  // Chromium logs each 401 answer as "Failed to load resource"; that is the point of this journey.
  { allowConsoleErrors: [/status of 401/] },
);

test('switching back to built-in demo data shows the demo backend again', async ({ page, apiUrl }) => {
  await fillCustomServer(page, apiUrl, DEMO_KEY);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByRole('status').filter({ hasText: 'Backend: 127.0.0.1' }).first().waitFor();

  await page.getByRole('radio', { name: 'Built-in demo data' }).check();
  await saveAndOpenCatalog(page);
  await page.getByRole('status').filter({ hasText: 'Backend: Built-in demo data' }).first().waitFor();
  await eventually(async () =>
    assert.equal(
      await page.getByRole('main').locator('a[href^="/datasets/"]:not([href$="/query"])').count(),
      DATASET_COUNT,
    ),
  );
});

test(
  'a server that refuses browsers: direct mode fails with the explanation, the app proxy loads the catalog, runs a query and exports every row',
  async ({ page, proxyAppUrl, noCorsApiUrl }) => {
    const seen = recordRequests(page);
    // Directly, the browser refuses the answers of a server without CORS headers.
    await page.goto(`${proxyAppUrl}/settings`);
    await page.getByRole('radio', { name: 'Custom server' }).check();
    await page.getByLabel('Base URL', { exact: true }).fill(noCorsApiUrl);
    await page.getByLabel('API key', { exact: true }).fill(DEMO_KEY);
    await page.getByRole('button', { name: 'Test connection', exact: true }).click();
    await page
      .getByText(/most likely does not allow requests from browsers on other origins \(CORS\)/)
      .waitFor();
    await page.getByText("Choose “Through this app's proxy” above.").waitFor();

    // Through the app's own origin it works, key and all; the page never learns where it forwards.
    await page.getByRole('radio', { name: "Through this app's proxy", exact: true }).check();
    await page.getByText('forwards them to the upstream it was started with').waitFor();
    assert.ok(
      !(await page.getByRole('main').innerText()).includes(new URL(noCorsApiUrl).host),
      'the settings name no upstream',
    );
    await page.getByLabel('API key', { exact: true }).fill(DEMO_KEY);
    await page.getByRole('button', { name: 'Test connection', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Server reachable' }).waitFor();
    await saveAndOpenCatalog(page);
    await eventually(async () =>
      assert.equal(
        await page.getByRole('link', { name: /^Query ERCOT/ }).count(),
        Object.keys(DATASET_IDS).length,
        'every dataset',
      ),
    );

    await page.goto(
      `${proxyAppUrl}/datasets/ercot_spp_real_time_15_min/query?v=1&fcol=location&fval=HB_NORTH&range=last_24h`,
    );
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
    await page.getByRole('tab', { name: 'Export', exact: true }).click();
    const download = page.waitForEvent('download', { timeout: 30_000 });
    await page.getByRole('button', { name: 'Export all rows', exact: true }).click();
    const csv = await (await download).path();
    assert.ok(csv, 'the export was saved');

    const proxied = seen.filter((r) => r.url.startsWith(`${proxyAppUrl}/upstream/`));
    assert.ok(proxied.length >= 3, `requests went through the proxy: ${proxied.length}`);
    assert.ok(
      proxied.every((r) => r.apiKeyHeader === DEMO_KEY),
      'the key travels in the header',
    );
    assert.ok(
      seen.every((r) => !r.url.includes(DEMO_KEY)),
      'the key is never in a URL',
    );
  },
  { allowConsoleErrors: [/CORS policy/, /Failed to load resource/], timeoutMs: 60_000 },
);

/** A request to the app's server with the Host header a DNS-rebinding page would send. */
function statusWithHost(url: string, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers: { host } }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}

test('the app’s proxy answers only its own host: a page rebound to 127.0.0.1 under another name is refused', async ({
  proxyAppUrl,
}) => {
  const own = new URL(proxyAppUrl).host;
  assert.equal(
    await statusWithHost(`${proxyAppUrl}/upstream/health`, own),
    200,
    'the proxy answers its own host',
  );
  assert.equal(
    await statusWithHost(`${proxyAppUrl}/upstream/health`, 'rebound.example'),
    403,
    'a foreign Host is refused before the proxy',
  );
});

/** A request to the app's server with its target sent as written (fetch would normalise it). */
function rawStatus(base: string, path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${base}/`, { path }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}

test('the app’s proxy says only that it exists, answers no other origin, refuses smuggled paths, and what it passes cannot run as a page of the app', async ({
  page,
  proxyAppUrl,
  noCorsApiUrl,
}) => {
  const info = await (await fetch(`${proxyAppUrl}/__gridscope/proxy`)).text();
  assert.deepEqual(JSON.parse(info), { proxy: true });
  assert.ok(!info.includes(new URL(noCorsApiUrl).host), `discovery names no upstream: ${info}`);

  const answer = await fetch(`${proxyAppUrl}/upstream/health`, {
    headers: { origin: 'http://localhost:3000' },
  });
  assert.equal(answer.status, 200);
  assert.equal(answer.headers.get('access-control-allow-origin'), null, 'no other origin may read it');
  assert.equal(answer.headers.get('content-security-policy'), "default-src 'none'; sandbox");
  assert.equal(answer.headers.get('x-content-type-options'), 'nosniff');
  assert.equal(answer.headers.get('cache-control'), 'private, no-store');

  for (const path of ['/upstream/v1/..;/..;/health', '/upstream/v1/%252e%252e/health', '/upstream/v1/a%5c..'])
    assert.equal(await rawStatus(proxyAppUrl, path), 400, path);

  // Opened in the browser, a proxied answer is a sandboxed document: the app's storage, where the
  // key lives, is out of its reach.
  await page.goto(`${proxyAppUrl}/settings`);
  await page.evaluate(() => sessionStorage.setItem('gridscope.probe', '1'));
  await page.goto(`${proxyAppUrl}/upstream/health`);
  const reach = await page.evaluate(() => {
    try {
      return sessionStorage.getItem('gridscope.probe') ?? 'empty';
    } catch {
      return 'refused';
    }
  });
  assert.equal(reach, 'refused');
});
