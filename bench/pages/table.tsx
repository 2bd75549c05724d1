/** Our results table (VirtualTable) holding 100,000 rows, driven by bench/tableGrid.ts. */
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { VirtualTable } from '@/components/VirtualTable';
import { cellText } from '@/components/columnWidths';
import type { TableRows } from '@/components/tableRows';
import { cellValue, toColumnar } from '@/lib/columnar';
import { benchRows, TABLE_COLUMNS } from './benchData';
import { scrollToEnd, timeToPaint, type PageBench } from './pageBench';

const HEIGHT = 480;
const ROW_HEIGHT = 32;
// The rows as the app holds them once a page has arrived: in columns (decoded off the main thread).
const names = TABLE_COLUMNS.map((c) => c.id);
const page = toColumnar(
  names,
  benchRows().map((r) => names.map((n) => r[n])),
);
const rows: TableRows = {
  count: page.rowCount,
  text: (row, column) => cellText(cellValue(page, column, row)),
  result: page,
};
const container = document.getElementById('root');
if (!container) throw new Error('no #root');
let root: Root | null = null;

const firstRowPainted = (): boolean => document.querySelector('tbody tr[aria-rowindex="2"] td') !== null;

const bench: PageBench = {
  render: () =>
    timeToPaint(() => {
      root = createRoot(container);
      root.render(
        <VirtualTable
          caption="Bench rows"
          columns={TABLE_COLUMNS}
          rows={rows}
          height={HEIGHT}
          rowHeight={ROW_HEIGHT}
        />,
      );
    }, firstRowPainted),
  unmount: () => {
    flushSync(() => root?.unmount());
    root = null;
    return Promise.resolve();
  },
  scroll: () => {
    const el = document.querySelector<HTMLElement>('[role="region"]');
    if (!el) throw new Error('table not mounted');
    return scrollToEnd(el, 800, () => {
      const cells = document.querySelectorAll('tbody tr[aria-rowindex] td:first-child');
      return cells[cells.length - 1]?.textContent ?? '';
    });
  },
};
window.pageBench = bench;
