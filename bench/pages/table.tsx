/**
 * Our results table, driven by bench/tableGrid.ts: VirtualTable holding 100,000 rows (against AG
 * Grid), and the app's ResultsTable over a million rows served as 50,000-row cursor pages by a
 * fake server in a worker, decoded by the app's own page decoder.
 */
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { VirtualTable } from '@/components/VirtualTable';
import { cellText, type TableRows } from '@/components/tableRows';
import { cellValue, toColumnar } from '@/lib/columnar';
import { benchRows, TABLE_COLUMNS } from './benchData';
import type { FakePageReply, FakePageRequest } from './fakeLmpServer';
import { nextFrame, scrollTable, timeToPaint, type FarScrollResult, type PageBench } from './pageBench';
import { decodeTablePage, type TablePage } from '@/api/query/tablePage';
import type { FetchTablePage, PagedRows } from '@/api/query/pagedRows';
import { ResultsTable } from '@/features/query/ResultsTable';
import { maxPagesFor, usePagedRows } from '@/features/query/usePagedRows';

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

// ---------------------------------------------------------------- a million rows by cursor

const FAR_PAGE_SIZE = 50_000;
/** A row of the second page: dropped by the end of the scroll, then fetched again. */
const FAR_ROW = 60_010;
let fakeServer: Worker | null = null;
let fakeId = 0;
const fakeWaiting = new Map<number, (body: ArrayBuffer) => void>();

/** A cursor page's text from the fake server, then the app's decoder (its worker), as the app does with `fetch`. */
const fetchFakePage: FetchTablePage = async (cursor, signal) => {
  if (!fakeServer) {
    fakeServer = new Worker(new URL('./fakeLmpServer.ts', import.meta.url), { type: 'module' });
    fakeServer.onmessage = (e: MessageEvent<FakePageReply>) => {
      fakeWaiting.get(e.data.id)?.(e.data.body);
      fakeWaiting.delete(e.data.id);
    };
  }
  const server = fakeServer;
  const id = ++fakeId;
  // The body's bytes, as `response.arrayBuffer()` gives them to `request()`.
  const body = await new Promise<ArrayBuffer>((resolve) => {
    fakeWaiting.set(id, resolve);
    server.postMessage({ id, cursor } satisfies FakePageRequest);
  });
  return decodeTablePage(body, signal);
};

function FarTable({ first, onStore }: { first: TablePage; onStore: (s: PagedRows) => void }) {
  const { store, state } = usePagedRows(first, fetchFakePage, maxPagesFor(FAR_PAGE_SIZE));
  if (!store || !state) return null;
  onStore(store);
  return (
    <ResultsTable
      caption="Far rows"
      columns={first.dataset_metadata.all_columns}
      store={store}
      state={state}
    />
  );
}

/** Watches the main thread while `work` runs: the Long Tasks API, and a 0-ms timer's longest gap. */
async function watchMainThread(work: () => Promise<void>): Promise<{ longTask: number; gap: number }> {
  let longTask = 0;
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) longTask = Math.max(longTask, entry.duration);
  });
  observer.observe({ type: 'longtask', buffered: false });
  let gap = 0;
  let last = performance.now();
  let on = true;
  const tick = () => {
    const now = performance.now();
    gap = Math.max(gap, now - last);
    last = now;
    if (on) setTimeout(tick, 0);
  };
  setTimeout(tick, 0);
  try {
    await work();
  } finally {
    on = false;
    observer.disconnect();
  }
  return { longTask, gap };
}

async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; !check(); i++) {
    if (i > 3000) throw new Error(`timed out waiting for ${what}`);
    await nextFrame();
  }
}

/** A body row's cells joined, or null when it is not drawn (or is a placeholder). */
const rowCells = (row: number): string | null => {
  const tr = document.querySelector(`tbody tr[aria-rowindex="${row + 2}"]:not([aria-busy])`);
  return tr ? [...tr.querySelectorAll('td')].map((td) => td.textContent).join('|') : null;
};

async function farScroll(): Promise<FarScrollResult> {
  const first = await fetchFakePage('', new AbortController().signal);
  const ref: { store: PagedRows | null } = { store: null };
  root = createRoot(container as HTMLElement);
  flushSync(() => root?.render(<FarTable first={first} onStore={(s) => (ref.store = s)} />));
  const store = (): PagedRows => {
    if (!ref.store) throw new Error('no store');
    return ref.store;
  };
  const el = document.querySelector<HTMLElement>('[role="region"]');
  if (!el) throw new Error('table not mounted');
  await until(() => rowCells(0) !== null, 'the first rows');

  let shown: string | null = null;
  let longTask = 0;
  let gap = 0;
  let arrivals = 0;
  while (store().getSnapshot().nextCursor !== null) {
    const before = store().getSnapshot().rowCount;
    // From the scroll that asks for the next page to its rows drawn: the page's whole arrival.
    const seen = await watchMainThread(async () => {
      el.scrollTop = el.scrollHeight;
      await until(() => store().getSnapshot().rowCount > before, 'the next page');
      await nextFrame();
      await nextFrame();
    });
    longTask = Math.max(longTask, seen.longTask);
    gap = Math.max(gap, seen.gap);
    arrivals++;
    if (shown === null && store().getSnapshot().rowCount > FAR_ROW) {
      // A row of page 2, as first shown.
      el.scrollTop = FAR_ROW * 32 - 160;
      await until(() => rowCells(FAR_ROW) !== null, 'page 2');
      shown = rowCells(FAR_ROW);
    }
  }
  // Back to the page dropped long ago: fetched again by its cursor.
  el.scrollTop = FAR_ROW * 32 - 160;
  await until(() => rowCells(FAR_ROW) !== null, 'page 2 again');
  const state = store().getSnapshot();
  return {
    rows: state.rowCount,
    arrivals,
    longestTaskMs: longTask,
    longestGapMs: gap,
    heldPages: store().heldPages(),
    pages: state.slots.length,
    sameAfterRefetch: shown !== null && rowCells(FAR_ROW) === shown,
  };
}

const bench: PageBench = {
  far: farScroll,
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
  scroll: (kind) => {
    const el = document.querySelector<HTMLElement>('[role="region"]');
    if (!el) throw new Error('table not mounted');
    return scrollTable(el, kind, () => {
      const cells = document.querySelectorAll('tbody tr[aria-rowindex] td:first-child');
      return cells[cells.length - 1]?.textContent ?? '';
    });
  },
};
window.pageBench = bench;
