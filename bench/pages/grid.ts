/** AG Grid Community on the same 100,000 rows, same viewport and row height, driven by bench/tableGrid.ts. */
import { AllCommunityModule, createGrid, ModuleRegistry, type GridApi } from 'ag-grid-community';
import { benchRows, TABLE_COLUMNS, type GridRow } from './benchData';
import { scrollTable, timeToPaint, type PageBench } from './pageBench';

ModuleRegistry.registerModules([AllCommunityModule]);

const HEIGHT = 480;
const ROW_HEIGHT = 32;
const rows = benchRows();
const container = document.getElementById('root');
if (!container) throw new Error('no #root');
let api: GridApi<GridRow> | null = null;

const firstRowPainted = (): boolean =>
  document.querySelector('.ag-row[row-index="0"] [role="gridcell"]') !== null;

const bench: PageBench = {
  render: () =>
    timeToPaint(() => {
      const host = document.createElement('div');
      // The scroll body is HEIGHT tall, like ours; the header sits on top.
      host.style.height = `${HEIGHT + ROW_HEIGHT}px`;
      container.append(host);
      api = createGrid<GridRow>(host, {
        columnDefs: TABLE_COLUMNS.map((c) => ({
          field: c.id,
          headerName: 'unit' in c ? `${c.header} (${c.unit})` : c.header,
          type: 'numeric' in c ? 'rightAligned' : undefined,
        })),
        rowData: rows,
        rowHeight: ROW_HEIGHT,
        headerHeight: ROW_HEIGHT,
      });
    }, firstRowPainted),
  unmount: () => {
    api?.destroy();
    api = null;
    container.replaceChildren();
    return Promise.resolve();
  },
  scroll: (kind) => {
    const el = document.querySelector<HTMLElement>('.ag-grid-viewport');
    if (!el) throw new Error('grid not mounted');
    return scrollTable(el, kind, () => {
      const cells = [...document.querySelectorAll('.ag-row [col-id="row"]')];
      const last = cells.sort((a, b) => Number(a.textContent) - Number(b.textContent)).pop();
      return last?.textContent ?? '';
    });
  },
};
window.pageBench = bench;
