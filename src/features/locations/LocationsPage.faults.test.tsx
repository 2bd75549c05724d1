// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import {
  malformedJson,
  networkError,
  neverAnswers,
  pageText,
  rateLimited,
  renderAppWithRetries,
  serverError,
  slowResponse,
} from '@/test/faults';
import { setupMockServer } from '@/test/mockServer';
import { renderApp } from '@/test/renderApp';

const { server } = setupMockServer();

const LIST = '*/v1/pricing_locations';
const ONE = '*/v1/pricing_locations/:id';
const SLOW = { timeout: 5000 };

async function listSection(): Promise<HTMLElement> {
  return screen.findByRole('region', { name: 'List' }, SLOW);
}

function expectPageShown(): void {
  expect(screen.getByRole('heading', { level: 1, name: 'Pricing locations' })).toBeInTheDocument();
  expect(pageText()).not.toBe('');
}

describe('Pricing locations page under faults', () => {
  it("shows the server's detail in the list on a 500, keeps the search text, and retries", async () => {
    server.use(serverError(LIST, 'Location index rebuilding.').handler);
    const { user } = renderApp('/locations?q=houston');
    const list = await listSection();
    const alert = await within(list).findByRole('alert', {}, SLOW);
    expect(alert).toHaveTextContent('Location index rebuilding.');
    expectPageShown();
    expect(screen.getByRole('searchbox', { name: /search/i })).toHaveValue('houston');

    server.resetHandlers();
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await within(list).findByRole('table', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: /search/i })).toHaveValue('houston');
  });

  it('says the server could not be reached', async () => {
    server.use(networkError(LIST).handler);
    renderApp('/locations');
    const list = await listSection();
    expect(await within(list).findByRole('alert', {}, SLOW)).toHaveTextContent(/could not be reached/);
    expectPageShown();
  });

  it('says the answer was not valid JSON', async () => {
    server.use(malformedJson(LIST).handler);
    renderApp('/locations');
    const list = await listSection();
    expect(await within(list).findByRole('alert', {}, SLOW)).toHaveTextContent(
      'The answer was not valid JSON.',
    );
    expectPageShown();
  });

  it('shows when to come back on a 429, and retries by itself when retries are on', async () => {
    server.use(rateLimited(LIST, 2).handler);
    const first = renderApp('/locations');
    expect(await within(await listSection()).findByRole('alert', {}, SLOW)).toHaveTextContent(
      'Try again in 2 seconds.',
    );
    first.unmount();

    server.resetHandlers();
    const limited = rateLimited(LIST, 2, { once: true });
    server.use(limited.handler);
    await renderAppWithRetries('/locations');
    expect(await within(await listSection()).findByRole('table', {}, SLOW)).toBeInTheDocument();
    expect(limited.requests).toHaveLength(1);
  });

  it('shows a loading status while the list is slow', async () => {
    server.use(slowResponse(LIST, 800).handler);
    renderApp('/locations');
    const list = await listSection();
    expect(within(list).getByText('Loading locations…')).toBeInTheDocument();
    expect(await within(list).findByRole('table', {}, SLOW)).toBeInTheDocument();
  });

  it('cancels the requests still open when the user leaves', async () => {
    const never = neverAnswers(LIST);
    server.use(never.handler);
    const { user } = renderApp('/locations');
    await within(await listSection()).findByText('Loading locations…');
    expect(never.requests.length).toBeGreaterThan(0);
    const open = never.requests.length;

    await user.click(
      within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Usage' }),
    );
    await never.whenAborted(open);
    expect(never.requests.every((r) => r.signal.aborted)).toBe(true);
    expect(await screen.findByRole('heading', { level: 1, name: 'Usage' })).toBeInTheDocument();
  });
});

describe('Pricing location page under faults', () => {
  it("shows the server's detail on a 500 and retries", async () => {
    server.use(serverError(ONE, 'Location store unavailable.', { once: true }).handler);
    const { user } = renderApp('/locations/ercot-hb_north');
    const alert = await screen.findByRole('alert', {}, SLOW);
    expect(alert).toHaveTextContent('Location store unavailable.');
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: /HB_NORTH/ }, SLOW)).toBeInTheDocument();
  });

  it('cancels the request when the user leaves', async () => {
    const never = neverAnswers(ONE);
    server.use(never.handler);
    const { user } = renderApp('/locations/ercot-hb_north');
    expect(await screen.findByText('Loading location…', {}, SLOW)).toBeInTheDocument();
    await user.click(
      within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Catalog' }),
    );
    await never.whenAborted();
    expect(await screen.findByRole('heading', { level: 1, name: 'Datasets' }, SLOW)).toBeInTheDocument();
  });
});

describe('Pricing locations page: a location that does not exist', () => {
  it('nearby a location the server does not know: no Retry, a link to the names like it', async () => {
    const { user } = renderApp('/locations?near=ercot-hb_nort');
    const nearby = await screen.findByRole('region', { name: 'Nearby' }, SLOW);
    const alert = await within(nearby).findByRole('alert', {}, SLOW);
    expect(alert).toHaveTextContent('Not found');
    expect(within(nearby).queryByRole('button', { name: /^(Retry|Try again)$/ })).toBeNull();
    await user.click(within(nearby).getByRole('link', { name: 'Locations named like “ercot-hb_nort”' }));
    const suggestions = (await screen.findByRole('heading', { name: 'Did you mean' }, SLOW)).closest(
      'section',
    );
    expect(within(suggestions as HTMLElement).getByRole('link', { name: 'HB_NORTH' })).toBeInTheDocument();
  });
});
