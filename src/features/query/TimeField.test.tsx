// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { TEST_NOW } from '@/test/clock';
import { setupMockServer } from '@/test/mockServer';
import { renderApp } from '@/test/renderApp';

const { server } = setupMockServer();

const BASE = '/datasets/ercot_spp_real_time_15_min/query';

/** The `start_time` and `timezone` of every query request the page makes. */
function watchQueries(): { start: string | null; timezone: string | null }[] {
  const seen: { start: string | null; timezone: string | null }[] = [];
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    if (!url.pathname.endsWith('/query')) return;
    seen.push({ start: url.searchParams.get('start_time'), timezone: url.searchParams.get('timezone') });
  });
  return seen;
}

describe('A typed time in the query builder', () => {
  beforeEach(() => {
    // The words count from the page's clock: the mock's afternoon of 2025-07-15 (15:00 CDT).
    vi.useFakeTimers({ toFake: ['Date'], now: TEST_NOW });
  });
  afterEach(() => {
    vi.useRealTimers();
    server.events.removeAllListeners();
  });

  it('shows back a typed “yesterday” as market midnight, in the form it reads, and asks for that instant', async () => {
    const requests = watchQueries();
    const { user, router } = renderApp(
      `${BASE}?v=1&fcol=location&fval=HB_NORTH&range=custom&start=2025-07-10`,
    );
    await screen.findByText(/rows loaded/);
    const start = screen.getByLabelText('Start (inclusive)');
    expect(start).toHaveValue('2025-07-10');
    await user.clear(start);
    await user.type(start, 'yesterday');
    await user.click(screen.getByRole('button', { name: 'Run query' }));

    // The field reads market time (the query's zone): yesterday is 00:00 there, not 05:00 UTC.
    await waitFor(() => expect(screen.getByLabelText('Start (inclusive)')).toHaveValue('2025-07-14 00:00'));
    expect(router.state.location.search).toContain('start=2025-07-14T00%3A00');
    expect(screen.getByLabelText('Query summary')).toHaveTextContent('2025-07-14 → now (US/Central)');
    // Sent without an offset beside timezone=market, the API reads the same wall time.
    await waitFor(() => expect(requests.at(-1)).toEqual({ start: '2025-07-14T00:00', timezone: 'market' }));
    // The first row is that instant: market midnight, 05:00 UTC.
    const table = await screen.findByRole('table');
    expect(await within(table).findByText('2025-07-14T00:00:00-05:00')).toBeInTheDocument();
  });

  it('with UTC chosen, shows the word in UTC, the zone its field then reads', async () => {
    const { user, router } = renderApp(
      `${BASE}?v=1&fcol=location&fval=HB_NORTH&range=custom&start=2025-07-10&tz=UTC`,
    );
    await screen.findByText(/rows loaded/);
    const start = screen.getByLabelText('Start (inclusive)');
    await user.clear(start);
    await user.type(start, 'now-3h');
    await user.click(screen.getByRole('button', { name: 'Run query' }));
    await waitFor(() => expect(screen.getByLabelText('Start (inclusive)')).toHaveValue('2025-07-15 17:00'));
    expect(router.state.location.search).toContain('start=2025-07-15T17%3A00');
  });

  it('shows the resolved instant even when running it leaves the link as it was', async () => {
    const { user } = renderApp(
      `${BASE}?v=1&fcol=location&fval=HB_NORTH&range=custom&start=2025-07-14T00%3A00&tz=market`,
    );
    await screen.findByText(/rows loaded/);
    const start = screen.getByLabelText('Start (inclusive)');
    expect(start).toHaveValue('2025-07-14 00:00');
    await user.clear(start);
    await user.type(start, 'yesterday');
    await user.click(screen.getByRole('button', { name: 'Run query' }));
    await waitFor(() => expect(screen.getByLabelText('Start (inclusive)')).toHaveValue('2025-07-14 00:00'));
  });
});
