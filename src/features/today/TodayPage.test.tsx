// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { fetchAllRows } from '@/api/query/liveRows';
import { DATASET_IDS } from '@/contract';
import { TEST_NOW } from '@/test/clock';
import { setupMockServer } from '@/test/mockServer';
import { renderApp } from '@/test/renderApp';
import { loadParams } from './LoadForecastPanel';
import { formatMw } from './marketClock';
import { dayOf } from './marketDayParams';

// The mock's clock is the page's: both read Date.now, which each test fixes (or moves).
const { server } = setupMockServer({ now: () => Date.now() });

const panel = (name: string): HTMLElement => screen.getByRole('region', { name });
const fact = (container: HTMLElement, term: RegExp | string): string =>
  within(container).getByText(term, { selector: 'dt' }).nextElementSibling?.textContent ?? '';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: TEST_NOW });
});
afterEach(() => {
  vi.useRealTimers();
  server.events.removeAllListeners();
});

describe('The grid today', () => {
  it('opens on the current market day with the load as the API gives it', async () => {
    renderApp('/today');
    expect(await screen.findByRole('heading', { level: 1, name: 'The grid today' })).toBeInTheDocument();
    const rows = await fetchAllRows(DATASET_IDS.load, loadParams(dayOf('2025-07-15')));
    const last = rows[rows.length - 1];
    const load = panel('Load and forecast');
    await waitFor(() => expect(fact(load, /^Load at/)).toBe(formatMw(Number(last?.load))));
    expect(within(load).getByText(/^Load at/).textContent).toBe('Load at 15:00 CDT');
  });
});
