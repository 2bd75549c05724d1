// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
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
import { DATASET_IDS } from '@/contract';
import { renderApp } from '@/test/renderApp';

/** Every dataset the contract names. */
const DATASET_COUNT = Object.keys(DATASET_IDS).length;

const { server } = setupMockServer();

const DATASETS = '*/v1/datasets';

async function alert(): Promise<HTMLElement> {
  return screen.findByRole('alert');
}

function expectPageShown(): void {
  expect(screen.getByRole('heading', { level: 1, name: 'Datasets' })).toBeInTheDocument();
  expect(pageText()).not.toBe('');
}

describe('Catalog page under faults', () => {
  it("shows the server's detail on a 500 and loads on Try again, keeping the filter text", async () => {
    server.use(serverError(DATASETS, 'The catalog is being rebuilt.', { once: true }).handler);
    const { user, router } = renderApp('/');
    expect(await alert()).toHaveTextContent('The catalog is being rebuilt.');
    expectPageShown();

    const filter = screen.getByRole('searchbox', { name: 'Filter datasets' });
    await user.type(filter, 'weather');
    await user.click(within(await alert()).getByRole('button', { name: 'Try again' }));

    expect(await screen.findByText(`1 of ${DATASET_COUNT} datasets`)).toBeInTheDocument();
    expect(filter).toHaveValue('weather');
    expect(router.state.location.search).toBe('?q=weather');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says the server could not be reached on a network error', async () => {
    server.use(networkError(DATASETS).handler);
    renderApp('/?q=load');
    const message = await alert();
    expect(message).toHaveTextContent('Server unreachable');
    expect(message).toHaveTextContent(/could not be reached/);
    expect(screen.getByRole('searchbox', { name: 'Filter datasets' })).toHaveValue('load');
    expectPageShown();
  });

  it('says the answer was not valid JSON when the body is cut off', async () => {
    server.use(malformedJson(DATASETS).handler);
    renderApp('/');
    const message = await alert();
    expect(message).toHaveTextContent('Unreadable answer');
    expect(message).toHaveTextContent('The answer was not valid JSON.');
    expectPageShown();
  });

  it('treats a text/plain body the same way', async () => {
    server.use(malformedJson(DATASETS, 'text/plain').handler);
    renderApp('/');
    expect(await alert()).toHaveTextContent('The answer was not valid JSON.');
  });

  it('shows when to come back on a 429 without retries', async () => {
    server.use(rateLimited(DATASETS, 2).handler);
    renderApp('/');
    const message = await alert();
    expect(message).toHaveTextContent('Request limit reached');
    expect(message).toHaveTextContent('Try again in 2 seconds.');
    expectPageShown();
  });

  it('retries a 429 by itself after Retry-After and then lists the datasets', async () => {
    const limited = rateLimited(DATASETS, 2, { once: true });
    server.use(limited.handler);
    await renderAppWithRetries('/');
    expect(await screen.findByText(`${DATASET_COUNT} datasets`)).toBeInTheDocument();
    expect(limited.requests).toHaveLength(1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('retries a 500 three times with backoff before showing it', async () => {
    const failing = serverError(DATASETS, 'Still broken.');
    server.use(failing.handler);
    await renderAppWithRetries('/');
    expect(await alert()).toHaveTextContent('Still broken.');
    expect(failing.requests).toHaveLength(4);
  });

  it('does not retry a 400, which will not change by asking again', async () => {
    let asked = 0;
    server.use(
      http.get(DATASETS, () => {
        asked += 1;
        return HttpResponse.json({ detail: 'source must be a market code.' }, { status: 400 });
      }),
    );
    await renderAppWithRetries('/');
    expect(await alert()).toHaveTextContent('source must be a market code.');
    expect(asked).toBe(1);
  });

  it('shows a loading status while the answer is slow, then the datasets', async () => {
    server.use(slowResponse(DATASETS, 800).handler);
    renderApp('/');
    expect(await screen.findByText('Loading datasets…')).toBeInTheDocument();
    expect(await screen.findByText(`${DATASET_COUNT} datasets`)).toBeInTheDocument();
  });

  it('waits visibly for an answer that never comes, and cancels it when the user leaves', async () => {
    const never = neverAnswers(DATASETS);
    server.use(never.handler);
    const { user } = renderApp('/?q=fuel');
    expect(await screen.findByText('Loading datasets…')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Filter datasets' })).toHaveValue('fuel');
    expect(never.requests).toHaveLength(1);
    expect(never.aborted()).toBe(0);

    await user.click(
      within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Usage' }),
    );
    await never.whenAborted();
    expect(never.requests[0]?.signal.aborted).toBe(true);
    expect(await screen.findByRole('heading', { level: 1, name: 'Usage' })).toBeInTheDocument();
  });

  it('counts the seconds of a slow wait, and Cancel gives up on it until the user loads again', async () => {
    const never = neverAnswers(DATASETS, { once: true });
    server.use(never.handler);
    const { user } = renderApp('/');
    expect(await screen.findByText('Loading datasets…')).toBeInTheDocument();
    // Shown once the wait is longer than a normal answer (2 s).
    const waiting = await screen.findByText(/^Waiting for the server… \d+ s$/, {}, { timeout: 5000 });
    expect(waiting.closest('[role="status"]')).not.toBeNull();

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await never.whenAborted();
    expect(await screen.findByText('Request cancelled.')).toBeInTheDocument();
    expect(screen.queryByText(/Waiting for the server/)).not.toBeInTheDocument();
    expectPageShown();

    await user.click(screen.getByRole('button', { name: 'Load again' }));
    expect(await screen.findByText(`${DATASET_COUNT} datasets`)).toBeInTheDocument();
    expect(never.requests).toHaveLength(1);
  });

  it('waits anew for another query shown in the same place after a cancel', async () => {
    const never = neverAnswers(DATASETS, { once: true });
    server.use(never.handler);
    const { user } = renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Cancel' }, { timeout: 5000 }));
    expect(await screen.findByText('Request cancelled.')).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Source' }), 'ercot');
    expect(screen.queryByText('Request cancelled.')).not.toBeInTheDocument();
    expect(await screen.findByText(`${DATASET_COUNT} datasets`)).toBeInTheDocument();
  });

  it('says the server did not answer within the time-out, and Retry loads the datasets', async () => {
    const never = neverAnswers(DATASETS, { once: true });
    server.use(never.handler);
    // The waiting line comes at half the time-out: 1.5 s of it leave a loaded machine time to show it.
    const { user } = renderApp('/?q=load', { connection: { timeoutSeconds: 3 } });
    expect(
      await screen.findByText(/^Waiting for the server… \d+ s$/, {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    const message = await screen.findByRole('alert', {}, { timeout: 6000 });
    expect(message).toHaveTextContent('No answer from the server');
    expect(message).toHaveTextContent('The server did not answer within 3 s.');
    expect(never.aborted()).toBe(1);
    expect(screen.queryByText(/Waiting for the server/)).not.toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Filter datasets' })).toHaveValue('load');

    await user.click(within(message).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(new RegExp(`of ${DATASET_COUNT} datasets`))).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('does not retry a time-out by itself, even with the retry policy on', async () => {
    const never = neverAnswers(DATASETS);
    server.use(never.handler);
    await renderAppWithRetries('/', { connection: { timeoutSeconds: 0.2 } });
    expect(await alert()).toHaveTextContent('The server did not answer within 0.2 s.');
    expect(never.requests).toHaveLength(1);
  });
});
