import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { DATASET_IDS } from '../../src/contract/index.ts';
import { eventually, test } from './harness.ts';

interface Journey {
  id: string;
  /** Query settings added to the builder's URL once the catalog has led there ('' = its defaults). */
  query: string;
  /** Text columns whose cells must be readable whole, on screen or in their title. */
  textColumns: readonly string[];
  /** Columns the exported file must have. */
  columns: readonly string[];
}

/** The wide and sparse datasets of docs/decisions/0026 and the query an analyst would first ask. */
const JOURNEYS: readonly Journey[] = [
  {
    id: DATASET_IDS.scedGenResource60Day,
    query: 'fcol=resource_type&fop=%3D&fval=NUC',
    textColumns: ['resource_name', 'resource_type', 'telemetered_resource_status'],
    columns: [
      'interval_start_utc',
      'qse',
      'resource_name',
      'resource_type',
      'base_point',
      'start_up_hot_offer',
    ],
  },
  {
    id: DATASET_IDS.scedGenResource60Day,
    query: 'fcol=resource_name&fop=in&fval=CPSES_UNIT1%2CSTP_STP_G2',
    textColumns: ['resource_name'],
    columns: ['resource_name', 'telemetered_net_output', 'hsl'],
  },
  {
    id: DATASET_IDS.shadowPricesSced,
    query: '',
    textColumns: ['constraint_name', 'contingency_name', 'limiting_facility'],
    columns: ['constraint_name', 'contingency_name', 'limiting_facility', 'shadow_price', 'cct_status'],
  },
  {
    id: DATASET_IDS.shadowPricesDam,
    query: '',
    textColumns: ['constraint_name', 'contingency_name'],
    columns: ['constraint_name', 'contingency_name', 'constraint_limit', 'shadow_price'],
  },
];

const rowsStatus = (page: Page) => page.getByText(/rows loaded/).first();

interface CellReading {
  column: string;
  text: string;
  clipped: boolean;
  title: string | null;
}

/**
 * Every cell of the named columns in the rows drawn: its text, whether the box cuts it off, and
 * its title. The table draws only the columns in view, so the reader's scroll is done here: half
 * a view sideways at a time to the right edge, then back.
 */
async function readCells(page: Page, columns: readonly string[]): Promise<CellReading[]> {
  const table = page.getByRole('table').first();
  const seen = new Map<string, CellReading>();
  for (let step = 0; step < 100; step++) {
    const { cells, atEnd } = await table.evaluate((table, wanted) => {
      // Header and body rows hold the same cells in the same places (spacers included).
      const headers = [...table.querySelectorAll('thead th')].map((th) => th.textContent.trim());
      const out: (CellReading & { key: string })[] = [];
      for (const row of table.querySelectorAll('tbody tr[aria-rowindex]')) {
        [...row.querySelectorAll('td')].forEach((td, i) => {
          const column = headers[i] ?? '';
          if (!wanted.some((w) => column.startsWith(w))) return;
          out.push({
            key: `${row.getAttribute('aria-rowindex')}:${td.getAttribute('aria-colindex')}`,
            column,
            text: td.textContent,
            clipped: td.scrollWidth > td.clientWidth,
            title: td.getAttribute('title'),
          });
        });
      }
      const region = table.closest('[role="region"]');
      const end = region === null || region.scrollLeft + region.clientWidth >= region.scrollWidth - 1;
      return { cells: out, atEnd: end };
    }, columns);
    for (const { key, ...cell } of cells) seen.set(key, cell);
    if (atEnd) break;
    await table.evaluate(scrollSideways, 'half');
  }
  await table.evaluate(scrollSideways, 'start');
  return [...seen.values()];
}

/** Scrolls the table's region half a view to the right (`half`) or back to its `start`, and waits for the frame after. */
function scrollSideways(table: HTMLElement | SVGElement, to: string): Promise<void> {
  const region = table.closest('[role="region"]');
  if (region) region.scrollLeft = to === 'start' ? 0 : region.scrollLeft + region.clientWidth / 2;
  return new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));
}

for (const { id, query, textColumns, columns } of JOURNEYS) {
  test(
    `sparse: ${id} ${query || 'on its defaults'} goes from the catalog through a query to an exported file`,
    async ({ page }) => {
      await page.goto('/');
      await page.getByLabel('Filter datasets', { exact: true }).fill(id);
      const link = page.getByRole('link', { name: /^Query ERCOT/ });
      await eventually(async () => assert.equal(await link.count(), 1, `one dataset matches ${id}`));
      await link.click();
      await page.waitForURL(`**/datasets/${id}/query**`);

      if (query !== '') await page.goto(`/datasets/${id}/query?v=1&${query}`);
      await eventually(
        async () => assert.match(await rowsStatus(page).innerText(), /[\d,]+ rows loaded/),
        60_000,
      );
      // A day of the disclosure or of binding constraints can be more than the table's first page.
      const allLoaded = /all rows loaded/.test(await rowsStatus(page).innerText());
      const rows = Number(
        /([\d,]+) rows loaded/.exec(await rowsStatus(page).innerText())?.[1]?.replace(/,/g, ''),
      );
      assert.ok(rows > 0, `${id} has rows`);

      // Long names are cut with an ellipsis only where the whole text is in the cell's title.
      const cells = await readCells(page, textColumns);
      assert.ok(cells.length > 0, `cells of ${textColumns.join(', ')} are drawn`);
      for (const column of textColumns)
        assert.ok(
          cells.some((c) => c.column.startsWith(column) && c.text !== ''),
          `${column} shows text`,
        );
      for (const cell of cells.filter((c) => c.clipped))
        assert.equal(
          cell.title,
          cell.text,
          `clipped ${cell.column} cell "${cell.text}" carries its text as a title`,
        );

      await page.getByRole('tab', { name: 'Export', exact: true }).click();
      const downloadPromise = page.waitForEvent('download', { timeout: 60_000 });
      await page.getByRole('button', { name: 'Export all rows', exact: true }).click();
      const download = await downloadPromise;
      assert.ok(download.suggestedFilename().startsWith(id), `file name: ${download.suggestedFilename()}`);
      const csv = await readFile(await download.path(), 'utf8');
      const lines = csv.split('\n').filter((line) => line !== '');
      const header = (lines[0] ?? '').split(',');
      for (const column of columns) assert.ok(header.includes(column), `${column} in ${header.join(',')}`);
      if (allLoaded) assert.equal(lines.length - 1, rows, 'one CSV line per result row');
      else assert.ok(lines.length - 1 > rows, 'every row is exported, not only the pages loaded');
    },
    { timeoutMs: 120_000 },
  );
}
