/**
 * axe on every page in its empty, loaded and error states: no serious or critical violations.
 * Figures per state land in test-results/axe.json.
 */
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import {
  ALL_DATASETS_TEXT,
  assertAccessible,
  eventually,
  routeMockApi,
  test,
  type JourneyContext,
} from './harness.ts';

type Theme = 'light' | 'dark';

/** Every state is checked; the journey fails at the end, listing every state that failed. */
class Audit {
  private readonly failures: string[] = [];
  constructor(
    private readonly page: Page,
    private readonly theme: Theme,
  ) {}

  async check(state: string): Promise<void> {
    // Let transitions and lazy chunks settle, so axe sees the final colours.
    await this.page.waitForTimeout(250);
    try {
      await assertAccessible(this.page, `${state} (${this.theme})`);
    } catch (error) {
      this.failures.push(error instanceof Error ? error.message : String(error));
    }
  }

  done(): void {
    if (this.failures.length > 0) throw new Error(this.failures.join('\n\n'));
  }
}

async function useTheme({ context }: JourneyContext, theme: Theme): Promise<void> {
  await context.addInitScript((t) => {
    // Also runs in about:blank and opaque frames, where localStorage throws.
    try {
      window.localStorage.setItem('gridscope.theme', t);
    } catch {
      // not the app's origin
    }
  }, theme);
}

const h1 = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name }).waitFor();

async function rowsLoaded(page: Page): Promise<void> {
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

/** A resource node with coordinates, to anchor the nearby search. */
async function someNode(apiUrl: string): Promise<string> {
  const response = await fetch(
    `${apiUrl}/v1/pricing_locations?location_types=Resource%20Node&has_geo=true&page_size=1`,
    { headers: { 'x-api-key': 'test-key' } },
  );
  const body = (await response.json()) as { items: { gs_entity_id: string }[] };
  const id = body.items[0]?.gs_entity_id;
  assert.ok(id, 'the nearby search found a location');
  return id;
}

for (const theme of ['light', 'dark'] as const) {
  test(
    `axe: catalog, dataset page and not-found page (${theme})`,
    async (ctx) => {
      const { page } = ctx;
      await useTheme(ctx, theme);
      const audit = new Audit(page, theme);

      await page.goto('/');
      await h1(page, 'Datasets');
      await page.getByText(ALL_DATASETS_TEXT).first().waitFor();
      await audit.check('catalog loaded');

      await page.getByLabel('Filter datasets', { exact: true }).fill('no dataset has this name');
      await page
        .getByText(/No datasets match|0 datasets/)
        .first()
        .waitFor();
      await audit.check('catalog filtered to empty');

      await page.goto('/datasets/ercot_spp_real_time_15_min');
      await h1(page, /Settlement Point Prices/);
      await page.getByRole('heading', { name: 'Audit', exact: true }).waitFor();
      await page.locator('table tbody tr').nth(5).waitFor();
      await audit.check('dataset page loaded');

      await page.goto('/datasets/no_such_dataset');
      await h1(page, 'Dataset not found');
      await audit.check('dataset page, unknown id');

      await page.goto('/no/such/page');
      await h1(page, 'Page not found');
      await audit.check('not found');
      audit.done();
    },
    { timeoutMs: 60_000, allowConsoleErrors: [/status of 404/] },
  );

  test(
    `axe: query builder before a run, with results, its tabs, and a refused query (${theme})`,
    async (ctx) => {
      const { page } = ctx;
      await useTheme(ctx, theme);
      const audit = new Audit(page, theme);

      await page.goto('/datasets/ercot_load/query');
      await h1(page, /^Query /);
      await page.getByRole('button', { name: 'Run query', exact: true }).waitFor();
      await audit.check('query builder before run');

      await page.getByRole('button', { name: 'Run query', exact: true }).click();
      await rowsLoaded(page);
      await audit.check('query builder with results');

      await page.getByRole('tab', { name: 'Chart', exact: true }).click();
      await eventually(
        async () =>
          assert.ok((await page.locator('path.series-line').count()) >= 1, 'a series line is drawn'),
        15_000,
      );
      await audit.check('query builder, Chart tab');
      await page.getByRole('tab', { name: 'Export', exact: true }).click();
      await page.getByRole('button', { name: 'Export all rows', exact: true }).waitFor();
      await audit.check('query builder, Export tab');
      await page.getByRole('tab', { name: 'Code', exact: true }).click();
      await page.getByRole('button', { name: 'Copy curl', exact: true }).waitFor();
      await audit.check('query builder, Code tab');

      // A filter value that is not a number on a numeric column: the API's 400 sits by the control.
      await page.goto('/datasets/ercot_load/query?fcol=load&fop=%3E&fval=abc');
      await h1(page, /^Query /);
      await page.getByRole('button', { name: 'Run query', exact: true }).click();
      await page.getByRole('alert').first().waitFor();
      await audit.check('query builder, 400 next to a control');
      audit.done();
    },
    { timeoutMs: 60_000, allowConsoleErrors: [/status of 400/] },
  );

  test(
    `axe: map page, nearby results and a location (${theme})`,
    async (ctx) => {
      const { page, apiUrl } = ctx;
      await useTheme(ctx, theme);
      const audit = new Audit(page, theme);
      const node = await someNode(apiUrl);

      await page.goto('/locations');
      await h1(page, 'Pricing locations');
      await page
        .getByText(/\d+ on the map/)
        .first()
        .waitFor();
      await audit.check('map page loaded');

      await page.goto('/locations?q=no-location-has-this-name');
      await h1(page, 'Pricing locations');
      await page
        .getByText(/^0 locations|No locations/)
        .first()
        .waitFor();
      await audit.check('map page filtered to empty');

      await page.goto(`/locations?near=${encodeURIComponent(node)}`);
      await h1(page, 'Pricing locations');
      await page.getByRole('columnheader', { name: 'Distance (mi)' }).waitFor();
      await audit.check('map page with nearby results');

      await page.goto(`/locations/${encodeURIComponent(node)}`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.getByRole('link', { name: /query/i }).first().waitFor();
      await audit.check('location detail');
      audit.done();
    },
    // axe walks every county of the basemap and every row of the list: slow, not stuck.
    { timeoutMs: 150_000 },
  );

  test(
    `axe: peak report, usage and settings (${theme})`,
    async (ctx) => {
      const { page, apiUrl } = ctx;
      await useTheme(ctx, theme);
      const audit = new Audit(page, theme);

      await page.goto('/reports/daily-peak');
      await h1(page, /peak/i);
      await page.getByText(/MW/).first().waitFor();
      await audit.check('peak report loaded');

      await page.goto('/reports/daily-peak?date=2001-01-01');
      await page.getByRole('alert').first().waitFor();
      await audit.check('peak report, 404 day');

      await page.goto('/usage');
      await h1(page, 'Usage');
      await page.getByText('Developer').first().waitFor();
      await audit.check('usage');

      await page.goto('/settings');
      await h1(page, 'Settings');
      await audit.check('settings, demo');

      await page.getByRole('radio', { name: 'Custom server' }).check();
      await page.getByLabel('Base URL', { exact: true }).fill(apiUrl);
      await page.getByLabel('API key', { exact: true }).fill('demo-key');
      await page.getByRole('button', { name: 'Test connection', exact: true }).click();
      await page.getByRole('status').filter({ hasText: 'Developer' }).first().waitFor();
      await audit.check('settings, custom server with a test result');

      await page.getByLabel('API key', { exact: true }).fill('not-a-key');
      await page.getByRole('button', { name: 'Test connection', exact: true }).click();
      await page.getByRole('alert').filter({ hasText: 'Invalid API key.' }).first().waitFor();
      await audit.check('settings, wrong key');

      // The free plan has no peak report: 403.
      await page.getByRole('radio', { name: 'Built-in demo data' }).check();
      await page.getByLabel('API key', { exact: true }).fill('free-key');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.goto('/reports/daily-peak');
      await page.getByRole('alert').filter({ hasText: 'paid plan' }).first().waitFor();
      await audit.check('peak report, free key 403');
      audit.done();
    },
    { timeoutMs: 60_000, allowConsoleErrors: [/status of (401|403|404)/] },
  );
}

test(
  'axe: the catalog when the API fails with 500',
  async (ctx) => {
    const { page } = ctx;
    await routeMockApi(ctx, (answer) =>
      answer.url.pathname.endsWith('/v1/datasets')
        ? { status: 500, json: { detail: 'Internal Server Error' } }
        : undefined,
    );
    const audit = new Audit(page, 'light');
    await page.goto('/');
    await h1(page, 'Datasets');
    await page
      .getByRole('alert')
      .filter({ hasText: 'Internal Server Error' })
      .first()
      .waitFor({ timeout: 20_000 });
    await audit.check('catalog, 500 error');
    audit.done();
  },
  { timeoutMs: 40_000, allowConsoleErrors: [/status of 500/] },
);
