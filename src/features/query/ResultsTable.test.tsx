// @vitest-environment jsdom
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { DEMO_API_KEY, setConnection } from '@/api/connection';
import { fetchDatasetQuery, fetchDatasetTablePage } from '@/api/query/fetchers';
import type { FetchTablePage, PagedRows } from '@/api/query/pagedRows';
import type { TablePage } from '@/api/query/tablePage';
import type { DatasetQueryParams } from '@/contract';
import { setupMockServer } from '@/test/mockServer';
import { ResultsTable } from './ResultsTable';
import { usePagedRows } from './usePagedRows';

setupMockServer();
beforeEach(() => setConnection({ mode: 'demo', baseUrl: '', apiKey: DEMO_API_KEY, remember: false }));

const ROW_HEIGHT = 32;
type Params = Omit<DatasetQueryParams, 'cursor' | 'page'>;

function Harness(props: {
  first: TablePage;
  fetchPage: FetchTablePage;
  maxPages: number;
  onStore: (store: PagedRows) => void;
}) {
  const { store, state } = usePagedRows(props.first, props.fetchPage, props.maxPages);
  if (!store || !state) return null;
  props.onStore(store);
  return (
    <ResultsTable
      caption="Results"
      columns={props.first.dataset_metadata.all_columns}
      store={store}
      state={state}
    />
  );
}

/** The real mock behind the real fetcher; the cursors asked for are recorded. */
async function mount(id: string, params: Params, maxPages: number) {
  const cursors: string[] = [];
  const fetchPage: FetchTablePage = (cursor, signal) => {
    cursors.push(cursor);
    return fetchDatasetTablePage(id, params, cursor, { signal });
  };
  const first = await fetchPage('', new AbortController().signal);
  const ref: { store: PagedRows | null } = { store: null };
  render(
    <Harness first={first} fetchPage={fetchPage} maxPages={maxPages} onStore={(s) => (ref.store = s)} />,
  );
  const store = (): PagedRows => {
    if (!ref.store) throw new Error('no store');
    return ref.store;
  };
  return { first, cursors, store };
}

const region = () => screen.getByRole('region', { name: 'Results' });

function scrollToRow(row: number) {
  const el = region();
  act(() => {
    el.scrollTop = row * ROW_HEIGHT;
    fireEvent.scroll(el);
  });
}

/** The texts of the body row at `row` (0-based), or null when it is not drawn. */
/** The texts of a row's drawn cells (the columns in view), or null when the row is not drawn. */
function cellsOf(row: number): string[] | null {
  const cells = drawnCells(row);
  return cells ? cells.map(([, text]) => text) : null;
}

/** A row's drawn cells as [column index from 0, text]: the table draws only the columns in view. */
function drawnCells(row: number): [number, string][] | null {
  const tr = region().querySelector(`tbody tr[aria-rowindex="${row + 2}"]`);
  return tr
    ? [...tr.querySelectorAll('td[aria-colindex]')].map((td) => [
        Number(td.getAttribute('aria-colindex')) - 1,
        td.textContent,
      ])
    : null;
}

/** Scrolls the table sideways, as a reader does to see the columns past the view. */
function scrollToLeft(px: number) {
  const el = region();
  act(() => {
    el.scrollLeft = px;
    fireEvent.scroll(el);
  });
}

describe('ResultsTable over cursor pages', () => {
  const params: Params = {
    filter_column: 'location',
    filter_value: 'HB_NORTH',
    start_time: '2025-07-12T00:00:00+00:00',
    end_time: '2025-07-15T00:00:00+00:00',
    page_size: 20,
  };

  it('drops far pages, keeps the scroll height, and fetches a dropped page again by its cursor', async () => {
    const { cursors, store } = await mount('ercot_spp_real_time_15_min', params, 3);
    // The first rows of page 2 (rows 20–39), as first shown.
    scrollToRow(20);
    await waitFor(() => expect(cellsOf(25)?.[0]).toMatch(/^2025-07-12T/));
    const before = cellsOf(25);
    const page2Cursor = cursors[1];

    // Scroll to the end of the result, page by page: 3 days of 15-minute rows.
    for (let i = 0; i < 20 && !screen.queryByText(/all rows loaded/); i++) {
      scrollToRow(store().getSnapshot().rowCount);
      await waitFor(() => expect(store().getSnapshot().fetchingNext).toBe(false));
    }
    expect(await screen.findByText('288 rows loaded · all rows loaded')).toBeInTheDocument();
    const state = store().getSnapshot();
    expect(state.slots).toHaveLength(15);
    expect(store().heldPages()).toBeLessThanOrEqual(3);
    expect(state.slots[1]?.rows).toBeNull();
    // The scroll height covers every row, dropped or not.
    expect(screen.getByRole('table')).toHaveAttribute('aria-rowcount', '289');

    // Back to page 2: a placeholder while it is fetched again with the cursor that fetched it first.
    const asked = cursors.length;
    scrollToRow(20);
    expect(within(region()).getAllByText('Loading rows…').length).toBeGreaterThan(0);
    await waitFor(() => expect(cellsOf(25)).toEqual(before));
    expect(cursors.slice(asked)).toContain(page2Cursor);
    expect(store().heldPages()).toBeLessThanOrEqual(3);
    expect(screen.getByRole('table')).toHaveAttribute('aria-rowcount', '289');
  });
});

describe('ResultsTable cells', () => {
  /**
   * Every drawn body cell is the API's own JSON value (null as empty), a number rounded to its
   * column's precision (prices to the cent, MW to a tenth) with the whole value in its tooltip.
   */
  async function expectCellsAsSent(id: string, params: Params) {
    const { first } = await mount(id, params, 4);
    const sent = await fetchDatasetQuery(id, { ...params, page: 1 });
    const columns = first.dataset_metadata.all_columns;
    const names = columns.map((c) => c.name);
    let drawn = 0;
    const seen = new Set<number>();
    // The columns in view first, then those past the right edge, scrolled to as a reader would.
    for (const left of [0, Number.MAX_SAFE_INTEGER]) {
      if (left > 0) scrollToLeft(left);
      sent.data.forEach((row, i) => {
        const cells = drawnCells(i);
        if (!cells) return;
        drawn++;
        const expected = columns.map(({ name, unit }) => {
          const v = row[name];
          if (v === null || v === undefined) return '';
          if (typeof v !== 'number') return String(v);
          const decimals = unit?.startsWith('$') ? 2 : unit === 'MW' ? 1 : null;
          return decimals === null ? String(v) : v.toFixed(decimals);
        });
        expect(cells).toEqual(cells.map(([c]) => [c, expected[c]]));
        for (const [c] of cells) seen.add(c);
      });
    }
    expect(drawn).toBeGreaterThan(20);
    expect(seen.size).toBe(columns.length);
    scrollToLeft(0);
    return { sent, names };
  }

  it('prints negative prices and local timestamps exactly as the API sent them', async () => {
    const { sent, names } = await expectCellsAsSent('ercot_spp_real_time_15_min', {
      filter_column: 'location',
      filter_value: 'HB_WEST',
      start_time: '2025-04-05T03:00:00',
      end_time: '2025-04-05T12:00:00',
      timezone: 'US/Central',
      page_size: 40,
    });
    expect(names).toContain('interval_start_local');
    expect(within(region()).getAllByText(/^-\d+\.\d+$/).length).toBeGreaterThan(0);
    expect(within(region()).getByText(String(sent.data[0]?.interval_start_local))).toBeInTheDocument();
    expect(String(sent.data[0]?.interval_start_local)).toMatch(/-05:00$/);
  });

  it('shows resampled prices to the cent, never floating-point noise, with the whole value in the tooltip', async () => {
    const { sent } = await expectCellsAsSent('ercot_spp_real_time_15_min', {
      filter_column: 'location',
      filter_value: 'HB_NORTH',
      start_time: '2025-07-01T00:00:00+00:00',
      end_time: '2025-07-02T00:00:00+00:00',
      resample_frequency: '1 hour',
      resample_function: 'mean',
    });
    const prices = sent.data.map((r) => r.spp as number);
    // The mean of four quarter-hours is rarely a whole number of cents: the API sends noise.
    const noisy = prices.findIndex((p) => (String(p).split('.')[1]?.length ?? 0) > 2);
    expect(noisy).toBeGreaterThanOrEqual(0);
    const cell = region().querySelector(`tbody tr[aria-rowindex="${noisy + 2}"] td:last-child`);
    expect(cell?.textContent).toBe(prices[noisy]?.toFixed(2));
    expect(cell).toHaveAttribute('title', String(prices[noisy]));
    expect(within(region()).queryAllByText(/\.\d{3,}$/)).toHaveLength(0);
  });

  it('prints null cells as empty', async () => {
    // ECRS prices start on 2023-06-10: the hours before it are null.
    const { sent } = await expectCellsAsSent('ercot_as_prices', {
      start_time: '2023-06-09T10:00:00',
      end_time: '2023-06-10T04:00:00',
      timezone: 'US/Central',
    });
    expect(sent.data.some((r) => r.ercot_contingency_reserve_service === null)).toBe(true);
  });
});
