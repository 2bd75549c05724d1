/**
 * Our VirtualTable holding a month of one resource type of the 60-day SCED disclosure, as the
 * query builder shows it: every output column of the mock's answer (30), 34,560 rows of the four
 * nuclear units, driven by bench/tableGrid.ts against the same frame targets as the 100,000-row
 * case. The rows come from the mock's engine before the clock starts, as a page's rows would have
 * arrived and been decoded.
 */
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { VirtualTable } from '@/components/VirtualTable';
import { cellText, type TableRows } from '@/components/tableRows';
import { cellValue, toColumnar } from '@/lib/columnar';
import { getDataset } from '@/mock/data/catalog';
import { runQuery } from '@/mock/engine/runQuery';
import { DAY_MS, formatUtc } from '@/time';
import { scrollTable, timeToPaint, type PageBench } from './pageBench';

const HEIGHT = 480;
const ROW_HEIGHT = 32;
const NOW = Date.UTC(2025, 5, 15, 12);

/** Every page of the month, as the results table would hold them after paging to the end. */
function monthOfNuclear() {
  const def = getDataset('ercot_sced_gen_resource_60_day');
  if (!def) throw new Error('no disclosure dataset');
  const end = def.lastTime(NOW) + def.stepMs;
  const query = {
    start_time: formatUtc(end - 30 * DAY_MS),
    end_time: formatUtc(end),
    filter_column: 'resource_type',
    filter_value: 'NUC',
    page_size: '50000',
  };
  const first = runQuery(def, new URLSearchParams(query), NOW);
  const cells = [...first.rows];
  for (let cursor = first.meta.cursor; cursor !== null;) {
    const next = runQuery(def, new URLSearchParams({ ...query, cursor }), NOW);
    cells.push(...next.rows);
    cursor = next.meta.cursor;
  }
  return { columns: first.columns, cells };
}

const month = monthOfNuclear();
const columns = month.columns.map((c) => ({
  id: c.name,
  header: c.name,
  unit: c.unit,
  numeric: c.type === 'DOUBLE PRECISION',
}));
const page = toColumnar(
  columns.map((c) => c.id),
  month.cells,
);
const rows: TableRows = {
  count: page.rowCount,
  text: (row, column) => cellText(cellValue(page, column, row)),
  result: page,
};
const container = document.getElementById('root');
if (!container) throw new Error('no #root');
let root: Root | null = null;

const bench: PageBench = {
  render: () =>
    timeToPaint(
      () => {
        root = createRoot(container);
        root.render(
          <VirtualTable
            caption="A month of nuclear units"
            columns={columns}
            rows={rows}
            height={HEIGHT}
            rowHeight={ROW_HEIGHT}
          />,
        );
      },
      () => document.querySelector('tbody tr[aria-rowindex="2"] td') !== null,
    ),
  unmount: () => {
    flushSync(() => root?.unmount());
    root = null;
    return Promise.resolve();
  },
  scroll: (kind) => {
    const el = document.querySelector<HTMLElement>('[role="region"]');
    if (!el) throw new Error('table not mounted');
    // The row's position, since the first column is a timestamp shared by four rows.
    return scrollTable(el, kind, () => {
      const drawn = document.querySelectorAll('tbody tr[aria-rowindex]');
      return drawn[drawn.length - 1]?.getAttribute('aria-rowindex') ?? '';
    });
  },
};
window.pageBench = bench;
