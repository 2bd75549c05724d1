// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { DEMO_API_KEY, setConnection } from '@/api/connection';
import { fetchDatasetTablePage } from '@/api/query/fetchers';
import { createQueryClient } from '@/api/queryClient';
import type { DatasetQueryParams } from '@/contract';
import { setupMockServer } from '@/test/mockServer';
import { renderApp } from '@/test/renderApp';
import { ResultsChart } from './ResultsChart';

const { server } = setupMockServer();
beforeEach(() => setConnection({ mode: 'demo', baseUrl: '', apiKey: DEMO_API_KEY, remember: false }));

const DATASET = 'ercot_spp_real_time_15_min';
const BASE = `/datasets/${DATASET}/query`;

function wrap(children: ReactNode) {
  const client = createQueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>{children}</MemoryRouter>
    </QueryClientProvider>,
  );
}

async function chartOf(params: Omit<DatasetQueryParams, 'cursor' | 'page'>, cap?: number) {
  const first = await fetchDatasetTablePage(DATASET, params, '');
  const columns = first.dataset_metadata.all_columns;
  wrap(
    <ResultsChart
      datasetId={DATASET}
      params={params}
      columns={columns}
      timeColumn="interval_start_utc"
      groupColumn="location"
      timeZone="UTC"
      resampledHref="?rs=1h"
      cap={cap}
    />,
  );
}

describe('ResultsChart', () => {
  it('charts the whole query, not the rows the table has loaded', async () => {
    let requests = 0;
    server.events.on('request:start', () => (requests += 1));
    const { user } = renderApp(
      `${BASE}?v=1&fcol=location&fval=HB_NORTH&range=custom&start=2025-06-01&end=2025-07-01&tz=UTC&ps=100`,
    );
    await screen.findByText('100 rows loaded · more available');
    await user.click(screen.getByRole('tab', { name: 'Chart' }));
    // A month of quarter-hours: 2,880 rows, though the table holds 100.
    expect(await screen.findByText(/^All 2,880 rows of the query/)).toBeInTheDocument();
    server.events.removeAllListeners();
    expect(requests).toBeGreaterThan(1);
  });

  it('draws the hubs by default when every location is in the result, with a picker for the rest', async () => {
    const user = userEvent.setup();
    await chartOf({ start_time: '2025-07-14T00:00:00+00:00', end_time: '2025-07-14T06:00:00+00:00' });
    const picker = await screen.findByText(/^locations shown: 7 of [\d,]+$/);
    expect(screen.getByText(/locations drawn \(the hubs\)/)).toBeInTheDocument();
    await user.click(picker);
    const list = screen.getByRole('list', { name: 'locations to chart' });
    // The chosen first, then the others; a search finds any of hundreds.
    expect(within(list).getAllByRole('checkbox', { checked: true })).toHaveLength(7);
    await user.type(screen.getByLabelText('Find a location'), 'LZ_WEST');
    await user.click(within(list).getByRole('checkbox', { name: 'LZ_WEST' }));
    expect(screen.getByText(/^locations shown: 8 of/)).toBeInTheDocument();
    expect(screen.getByText(/8 of [\d,]+ locations drawn \(your choice\)/)).toBeInTheDocument();
  });

  it('says when it shows less than the whole query, and how to see all of it', async () => {
    await chartOf(
      {
        filter_column: 'location',
        filter_value: 'HB_NORTH',
        start_time: '2025-07-01T00:00:00+00:00',
        end_time: '2025-07-15T00:00:00+00:00',
      },
      500,
    );
    const note = await screen.findByText(/^Showing the first/);
    expect(note).toHaveTextContent(
      /^Showing the first 500 rows of this query, up to 2025-07-06 04:45 UTC: the chart stops there\./,
    );
    expect(screen.getByRole('link', { name: 'Resample hourly to chart the whole range' })).toHaveAttribute(
      'href',
      '/?rs=1h',
    );
  });
});
