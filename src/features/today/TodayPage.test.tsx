// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { fetchAllRows } from '@/api/query/liveRows';
import { DATASET_IDS } from '@/contract';
import { TEST_NOW } from '@/test/clock';
import { serverError } from '@/test/faults';
import { setupMockServer } from '@/test/mockServer';
import { renderApp } from '@/test/renderApp';
import { loadParams } from './LoadForecastPanel';
import { renewableRequests, RESOURCES } from './RenewablesPanel';
import { marketClock } from '@/lib/marketClock';
import { startOf } from './dayRows';
import { formatMw, formatPercent, formatPrice } from './figures';
import { dayOf, dayRange } from './marketDayParams';
import { FIVE_MINUTES_MS } from '@/time';

// The mock's clock is the page's: both read Date.now, which each test fixes (or moves).
const { server } = setupMockServer({ now: () => Date.now() });

const panel = (name: string): HTMLElement => screen.getByRole('region', { name });
const fact = (container: HTMLElement, term: RegExp | string): string =>
  within(container).getByText(term, { selector: 'dt' }).nextElementSibling?.textContent ?? '';

/** The query requests the page sends, per dataset, with their parameters. */
function watchQueries(): { dataset: string; params: URLSearchParams }[] {
  const seen: { dataset: string; params: URLSearchParams }[] = [];
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    const match = /\/v1\/datasets\/([^/]+)\/query$/.exec(url.pathname);
    if (match?.[1]) seen.push({ dataset: match[1], params: url.searchParams });
  });
  return seen;
}

function setVisibility(state: 'hidden' | 'visible'): void {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  act(() => {
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

afterEach(() => {
  vi.useRealTimers();
  server.events.removeAllListeners();
  setVisibility('visible');
});

describe('The grid today, as it is', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'], now: TEST_NOW });
  });

  it('opens on the current market day with each panel’s figures as the API gives them', async () => {
    renderApp('/today');
    expect(await screen.findByRole('heading', { level: 1, name: 'The grid today' })).toBeInTheDocument();
    const day = dayOf('2025-07-15');

    const loads = await fetchAllRows(DATASET_IDS.load, loadParams(day));
    const load = panel('Load and forecast');
    await waitFor(() => expect(fact(load, /^Load at/)).toBe(formatMw(Number(loads.at(-1)?.load))));
    expect(within(load).getByText(/^Load at/).textContent).toBe('Load at 15:00 CDT');
    expect(within(load).getByTestId('load-as-of').textContent).toBe('As of 15:00 CDT');

    // The renewable share, worked out here from the API's own row of the newest interval.
    const fuels = await fetchAllRows(DATASET_IDS.fuelMix, dayRange(day));
    const last = fuels.at(-1) ?? {};
    const mw = (c: string) => Number(last[c]);
    const generation = [
      'nuclear',
      'coal_and_lignite',
      'natural_gas',
      'hydro',
      'wind',
      'solar',
      'power_storage',
      'other',
    ]
      .map(mw)
      .filter((v) => v > 0)
      .reduce((a, b) => a + b, 0);
    const fuelMix = panel('Fuel mix');
    await waitFor(() =>
      expect(fact(fuelMix, 'Renewable share at 15:00 CDT')).toBe(
        formatPercent((mw('wind') + mw('solar') + mw('hydro')) / generation),
      ),
    );
    expect(fact(fuelMix, /^Net load/)).toBe(formatMw(Number(loads.at(-1)?.load) - mw('wind') - mw('solar')));
    expect(fuels).toHaveLength(181); // 00:00 to 15:00 CDT, the interval in progress included

    // The day's highest real-time hub price over the hubs.
    const hubs = await fetchAllRows(DATASET_IDS.realTimeSpp, {
      ...dayRange(day),
      filter_column: 'location',
      filter_operator: 'in',
      filter_value: 'HB_HOUSTON,HB_NORTH,HB_SOUTH,HB_WEST,HB_HUBAVG',
    });
    const max = Math.max(...hubs.map((r) => Number(r.spp)));
    const prices = panel('Hub prices');
    await waitFor(() =>
      expect(fact(prices, 'Day’s highest real-time price so far')).toContain(formatPrice(max)),
    );
    // 15:00 has only just begun: like every dataset of the page, its node prices are asked for a
    // moment after the interval starts, so the newest shown is 14:55's, not a "missing" 15:00.
    expect(await within(prices).findByText(/^Highest node at 14:55 CDT/)).toBeInTheDocument();
    // The table names the interval its real-time column is from, and each hub's latest price is the API's.
    const hubTable = within(prices).getByRole('table', {
      name: 'Real-time at 15:00 CDT against the day-ahead price of its hour, $/MWh',
    });
    const northLatest = hubs.filter((r) => r.location === 'HB_NORTH').at(-1);
    expect(within(hubTable).getByRole('row', { name: /^HB_NORTH/ })).toHaveTextContent(
      Number(northLatest?.spp).toFixed(2),
    );
    expect(within(prices).getByRole('link', { name: 'Open the price map' })).toHaveAttribute(
      'href',
      expect.stringContaining('/price-map?ds=ercot_lmp_by_settlement_point&day=2025-07-15'),
    );

    await waitFor(() => expect(fact(panel('Reserves (PRC)'), /^PRC at 14:59 CDT/)).toMatch(/MW$/));
    expect(await within(panel('Solar and wind')).findAllByText(/^MAE/)).not.toHaveLength(0);
    expect(within(panel('Ancillary service prices')).getByRole('table')).toBeInTheDocument();
    expect(screen.getByTestId('ancillary-as-of').textContent).toBe('Day-ahead: 24 of 24 hours');
    // The newest hour with an actual, as the API's report of the newest vintages has it.
    const solar = RESOURCES[0];
    const solarRows = await fetchAllRows(solar.id, renewableRequests(day, solar).newest.params);
    const lastActual = solarRows.filter((r) => typeof r[solar.actual] === 'number').at(-1);
    expect(lastActual).toBeDefined();
    expect(screen.getByTestId('renewables-as-of').textContent).toBe(
      `As of ${marketClock(startOf(lastActual ?? {}))}`,
    );

    // Each panel opens the same series elsewhere: the fuel mix stacked in Compare too.
    const inCompare = within(fuelMix).getByRole('link', { name: 'Fuel mix in Compare' }).getAttribute('href');
    expect(new URLSearchParams(inCompare?.split('?')[1]).get('stack')).toBe('on');
    expect(within(fuelMix).getByRole('link', { name: 'Fuel mix in the query builder' })).toHaveAttribute(
      'href',
      `/datasets/ercot_fuel_mix/query?start_time=${encodeURIComponent('2025-07-15T05:00:00+00:00')}&end_time=${encodeURIComponent('2025-07-16T05:00:00+00:00')}&timezone=market`,
    );
  });

  it('keeps every other panel when one dataset fails, and says why in that panel', async () => {
    server.use(serverError('*/v1/datasets/ercot_fuel_mix/query', 'The fuel mix store is down.').handler);
    renderApp('/today');
    const fuelMix = await screen.findByRole('region', { name: 'Fuel mix' });
    expect(
      await within(fuelMix).findByText('The fuel mix store is down.', { exact: false }),
    ).toBeInTheDocument();
    // A failed panel is not still loading: it says it has no data, beside the server's reason.
    expect(within(fuelMix).getByTestId('fuel-mix-as-of').textContent).toBe('No data yet');
    await waitFor(() => expect(fact(panel('Load and forecast'), /^Load at/)).toMatch(/MW$/));
    await waitFor(() =>
      expect(fact(panel('Hub prices'), 'Day’s highest real-time price so far')).toMatch(/\$\/MWh/),
    );
  });

  it('says a panel is loading while its rows are on their way, not that the day has none', async () => {
    let release = (): void => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.get('*/v1/datasets/ercot_fuel_mix/query', async () => {
        // Answered by the mock's own handler once released (a resolver that returns nothing falls through).
        await held;
        return undefined;
      }),
    );
    renderApp('/today');
    const fuelMix = await screen.findByRole('region', { name: 'Fuel mix' });
    expect(within(fuelMix).getByTestId('fuel-mix-as-of').textContent).toBe('Loading…');
    await waitFor(() => expect(screen.getByTestId('load-as-of').textContent).toBe('As of 15:00 CDT'));
    expect(within(fuelMix).getByTestId('fuel-mix-as-of').textContent).toBe('Loading…');
    release();
    await waitFor(() =>
      expect(within(fuelMix).getByTestId('fuel-mix-as-of').textContent).toBe('As of 15:00 CDT'),
    );
  });

  it('draws the spring and autumn changes of daylight saving as 23- and 25-hour days', async () => {
    const { router } = renderApp('/today?date=2025-03-09');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'The grid on 2025-03-09' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/23 hours: a daylight-saving change/)).toBeInTheDocument();
    expect(screen.getByTestId('live-status')).toHaveTextContent('A past day');
    expect(dayOf('2025-03-09').steps).toHaveLength(276);
    await waitFor(() => expect(screen.getByTestId('fuel-mix-as-of').textContent).toBe('As of 23:55 CDT'));

    fireEvent.keyDown(window, { key: 'ArrowLeft' });
    await waitFor(() => expect(router.state.location.search).toBe('?date=2025-03-08'));
    expect(screen.getByText(/\(24 hours\)/)).toBeInTheDocument();

    await act(() => router.navigate('/today?date=2024-11-03'));
    expect(screen.getByText(/25 hours: a daylight-saving change/)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('fuel-mix-as-of').textContent).toBe('As of 23:55 CST'));
    // A day-ahead schedule holds the day's hours, as many as the day has.
    await waitFor(() =>
      expect(screen.getByTestId('ancillary-as-of').textContent).toBe('Day-ahead: 25 of 25 hours'),
    );
    // An ended day's figures are the day's, not "so far".
    expect(fact(panel('Hub prices'), 'Day’s highest real-time price')).toMatch(/\$\/MWh/);
  });

  it('says what a panel holds just after midnight, not a time that reads as yesterday’s', async () => {
    // 00:20 CDT: no hour of the day has ended, and the day-ahead market cleared the whole day.
    vi.setSystemTime(Date.UTC(2025, 6, 15, 5, 20));
    renderApp('/today');
    await waitFor(() => expect(screen.getByTestId('fuel-mix-as-of').textContent).toBe('As of 00:20 CDT'));
    // The day-ahead prices are for every hour of the day: "As of 23:00" read as last night.
    await waitFor(() =>
      expect(screen.getByTestId('ancillary-as-of').textContent).toBe('Day-ahead: 24 of 24 hours'),
    );
    const renewables = panel('Solar and wind');
    // Forecasts of the whole day are drawn: "No data yet" would deny them.
    await waitFor(() =>
      expect(within(renewables).getByTestId('renewables-as-of').textContent).toBe('No hour has ended yet'),
    );
    expect(within(renewables).getAllByText('No hour has ended yet', { selector: 'dd' })).toHaveLength(2);
  });

  it('names a crafted date it cannot draw and shows the current day; a day to come says what it can show', async () => {
    const { router } = renderApp('/today?date=9999-12-31');
    expect(await screen.findByRole('heading', { level: 1, name: 'The grid today' })).toBeInTheDocument();
    expect(screen.getByText(/is not a date from 1900-01-01 to 2100-12-31/)).toBeInTheDocument();

    await act(() => router.navigate('/today?date=0001-01-01'));
    expect(await screen.findByRole('heading', { level: 1, name: 'The grid today' })).toBeInTheDocument();

    await act(() => router.navigate('/today?date=2025-07-17'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'The grid on 2025-07-17' }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('live-status')).toHaveTextContent('A day still to come');
  });
});

describe('The grid today, as time passes', () => {
  beforeEach(() => {
    // Timers and the clock move together, and on their own too, so the page's work can settle.
    vi.useFakeTimers({
      toFake: ['Date', 'setTimeout', 'clearTimeout'],
      now: TEST_NOW,
      shouldAdvanceTime: true,
    });
  });

  it('asks only for the new interval when it is due and adds it to the day', async () => {
    renderApp('/today');
    const fuelMix = await screen.findByRole('region', { name: 'Fuel mix' });
    await waitFor(() =>
      expect(within(fuelMix).getByTestId('fuel-mix-as-of').textContent).toBe('As of 15:00 CDT'),
    );
    const requests = watchQueries();

    await act(() => vi.advanceTimersByTimeAsync(FIVE_MINUTES_MS));
    await waitFor(() =>
      expect(within(fuelMix).getByTestId('fuel-mix-as-of').textContent).toBe('As of 15:05 CDT'),
    );
    const asked = requests.filter((r) => r.dataset === DATASET_IDS.fuelMix);
    expect(asked).toHaveLength(1);
    expect(asked[0]?.params.get('start_time')).toBe('2025-07-15T20:05:00+00:00');
    expect(fact(fuelMix, /^Renewable share at/)).not.toBe('—');
    expect(within(fuelMix).getByText('Renewable share at 15:05 CDT')).toBeInTheDocument();
    expect(screen.getByTestId('live-status')).toHaveTextContent(/Last updated 15:0[5-9] CDT/);
    const prices = screen.getByRole('region', { name: 'Hub prices' });
    expect(await within(prices).findByText(/^Highest node at 15:05 CDT/)).toBeInTheDocument();
  });

  it('cancels a refresh still in flight when the updates are paused, and shows none of it', async () => {
    const { user } = renderApp('/today');
    const fuelMix = await screen.findByRole('region', { name: 'Fuel mix' });
    await waitFor(() =>
      expect(within(fuelMix).getByTestId('fuel-mix-as-of').textContent).toBe('As of 15:00 CDT'),
    );
    // The new interval's answer is held until the test lets it go; the request's signal is watched.
    let release = (): void => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let asked = false;
    let cancelled = false;
    server.use(
      http.get('*/v1/datasets/ercot_fuel_mix/query', async ({ request }) => {
        asked = true;
        request.signal.addEventListener('abort', () => {
          cancelled = true;
        });
        await held;
        return undefined;
      }),
    );

    await act(() => vi.advanceTimersByTimeAsync(FIVE_MINUTES_MS));
    await waitFor(() => expect(asked).toBe(true));
    await user.click(screen.getByRole('button', { name: 'Pause updates' }));
    await waitFor(() => expect(cancelled).toBe(true));
    release();
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(within(fuelMix).getByTestId('fuel-mix-as-of').textContent).toBe('As of 15:00 CDT');
  });

  it('says why a refresh failed, keeps the rows shown, and clears the warning once new rows come', async () => {
    renderApp('/today');
    const fuelMix = await screen.findByRole('region', { name: 'Fuel mix' });
    await waitFor(() =>
      expect(within(fuelMix).getByTestId('fuel-mix-as-of').textContent).toBe('As of 15:00 CDT'),
    );
    server.use(serverError('*/v1/datasets/ercot_fuel_mix/query', 'The fuel mix store is down.').handler);

    await act(() => vi.advanceTimersByTimeAsync(FIVE_MINUTES_MS));
    expect(
      await within(fuelMix).findByText(
        /New rows of the fuel mix could not be fetched: The fuel mix store is down\./,
      ),
    ).toBeInTheDocument();
    expect(within(fuelMix).getByTestId('fuel-mix-as-of').textContent).toBe('As of 15:00 CDT');

    server.resetHandlers();
    // Asked again a fifth of the cadence after the failure.
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    await waitFor(() =>
      expect(within(fuelMix).getByTestId('fuel-mix-as-of').textContent).toBe('As of 15:05 CDT'),
    );
    expect(within(fuelMix).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('asks for nothing while the tab is hidden or the updates are paused, and catches up after', async () => {
    const { user } = renderApp('/today');
    const fuelMix = await screen.findByRole('region', { name: 'Fuel mix' });
    await waitFor(() =>
      expect(within(fuelMix).getByTestId('fuel-mix-as-of').textContent).toBe('As of 15:00 CDT'),
    );
    const requests = watchQueries();

    setVisibility('hidden');
    expect(screen.getByTestId('live-status')).toHaveTextContent('Paused while the tab is hidden.');
    await act(() => vi.advanceTimersByTimeAsync(FIVE_MINUTES_MS));
    expect(requests.filter((r) => r.dataset === DATASET_IDS.fuelMix)).toHaveLength(0);

    setVisibility('visible');
    await waitFor(() =>
      expect(within(fuelMix).getByTestId('fuel-mix-as-of').textContent).toBe('As of 15:05 CDT'),
    );

    await user.click(screen.getByRole('button', { name: 'Pause updates' }));
    expect(screen.getByTestId('live-status')).toHaveTextContent('Paused: new intervals are not fetched');
    const before = requests.length;
    await act(() => vi.advanceTimersByTimeAsync(FIVE_MINUTES_MS));
    expect(requests.length).toBe(before);
    await user.click(screen.getByRole('button', { name: 'Resume updates' }));
    await waitFor(() =>
      expect(within(fuelMix).getByTestId('fuel-mix-as-of').textContent).toBe('As of 15:10 CDT'),
    );
  });
});
