import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { DATASET_IDS } from '../../src/contract/index.ts';
import { eventually, test } from './harness.ts';

interface Journey {
  id: string;
  /** Query settings added to the builder's URL once the catalog has led there. */
  query: string;
  /** Columns the exported file must have. */
  columns: readonly string[];
}

const YESTERDAY = 'range=yesterday&tz=market';

/** Each dataset of docs/decisions/0025 and the query an analyst would first ask of it. */
const JOURNEYS: readonly Journey[] = [
  {
    id: DATASET_IDS.solarActualAndForecast,
    query: `${YESTERDAY}&pt=latest`,
    columns: ['gen_system_wide', 'stppf_system_wide', 'pvgrpp_system_wide', 'hsl_system_wide'],
  },
  {
    id: DATASET_IDS.windActualAndForecast,
    query: `${YESTERDAY}&pt=latest`,
    columns: ['gen_system_wide', 'stwpf_system_wide', 'gen_lz_west'],
  },
  {
    id: DATASET_IDS.solarByGeoRegion,
    query: `${YESTERDAY}&pt=latest`,
    columns: ['stppf_farwest', 'gen_centereast'],
  },
  {
    id: DATASET_IDS.windByGeoRegion,
    query: `${YESTERDAY}&pt=latest`,
    columns: ['stwpf_panhandle', 'gen_coastal'],
  },
  { id: DATASET_IDS.systemLambda, query: 'range=last_24h', columns: ['sced_timestamp_utc', 'system_lambda'] },
  {
    id: DATASET_IDS.lmpByBus,
    query: 'range=last_hour&fcol=location&fop=in&fval=ABILENE_3%2CALICE_8',
    columns: ['location', 'location_type', 'lmp'],
  },
];

const rowsStatus = (page: Page) => page.getByText(/rows loaded/).first();

for (const { id, query, columns } of JOURNEYS) {
  test(
    `grid: ${id} goes from the catalog through a query to an exported file`,
    async ({ page }) => {
      await page.goto('/');
      await page.getByLabel('Filter datasets', { exact: true }).fill(id);
      const link = page.getByRole('link', { name: /^Query ERCOT/ });
      await eventually(async () => assert.equal(await link.count(), 1, `one dataset matches ${id}`));
      await link.click();
      await page.waitForURL(`**/datasets/${id}/query**`);

      await page.goto(`/datasets/${id}/query?v=1&${query}`);
      await eventually(
        async () => assert.match(await rowsStatus(page).innerText(), /all rows loaded/),
        30_000,
      );
      const rows = Number(
        /([\d,]+) rows loaded/.exec(await rowsStatus(page).innerText())?.[1]?.replace(/,/g, ''),
      );
      assert.ok(rows > 0, `${id} has rows`);

      await page.getByRole('tab', { name: 'Export', exact: true }).click();
      const downloadPromise = page.waitForEvent('download', { timeout: 30_000 });
      await page.getByRole('button', { name: 'Export all rows', exact: true }).click();
      const download = await downloadPromise;
      assert.ok(download.suggestedFilename().startsWith(id), `file name: ${download.suggestedFilename()}`);
      const csv = await readFile(await download.path(), 'utf8');
      const lines = csv.split('\n').filter((line) => line !== '');
      const header = (lines[0] ?? '').split(',');
      for (const column of columns) assert.ok(header.includes(column), `${column} in ${header.join(',')}`);
      assert.equal(lines.length - 1, rows, 'one CSV line per result row');
    },
    { timeoutMs: 90_000 },
  );
}
