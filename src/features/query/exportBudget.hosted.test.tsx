// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { HostedApiUsage } from '@/contract';
import { setupHostedMockServer } from '@/test/mockServer';
import { renderApp } from '@/test/renderApp';

const { server } = setupHostedMockServer();

const QUERY =
  '/datasets/ercot_spp_real_time_15_min/query?v=1&fcol=location&fval=HB_NORTH&cols=spp&range=custom&start=2025-07-14&end=2025-07-15&tz=UTC';

/** A hosted usage answer whose plan caps rows per response at `perResponse` and limits rows it does not count. */
function hostedUsage(perResponse: number): HostedApiUsage {
  return {
    plan_name: 'Developer',
    limits: {
      api_rows_returned_limit: 1_000_000,
      api_requests_limit: 250_000,
      api_rows_per_response_limit: perResponse,
      per_second_api_rate_limit: null,
      per_minute_api_rate_limit: null,
      per_hour_api_rate_limit: null,
    },
    current_usage_period_start: '2025-07-01T00:00:00+00:00',
    current_usage_period_end: '2025-08-01T00:00:00+00:00',
    current_period_usage: { total_requests: 10, total_api_rows_returned: null },
  };
}

describe('Export budget against a server in the hosted shapes', () => {
  it("counts requests at the server's rows per response, pages the export at it, and names an uncounted rows limit", async () => {
    server.use(http.get('*/v1/api_usage', () => HttpResponse.json(hostedUsage(40))));
    const pageSizes: string[] = [];
    server.events.on('request:start', ({ request }) => {
      const url = new URL(request.url);
      if (url.pathname.endsWith('/query') && url.searchParams.get('download') === null)
        pageSizes.push(url.searchParams.get('page_size') ?? '');
    });
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:test'), revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { user } = renderApp(QUERY);
    await user.click(await screen.findByRole('tab', { name: 'Export' }));
    const budget = await screen.findByTestId('export-budget');
    // 96 quarter-hours of one hub: three answers of at most 40 rows, not one of 10,000.
    await waitFor(() => expect(budget).toHaveTextContent(/^3 requests of up to 40 rows\. /));
    expect(budget).toHaveTextContent(
      'The plan limits rows returned to 1,000,000 per usage period, and this server does not report how many have been returned, so the export may stop early.',
    );

    pageSizes.length = 0;
    await user.click(screen.getByRole('button', { name: 'Export all rows' }));
    expect(await screen.findByText(/: 96 rows, 3 pages/)).toBeInTheDocument();
    expect(pageSizes).toEqual(['40', '40', '40']);
    click.mockRestore();
    server.events.removeAllListeners();
  });
});
