// @vitest-environment jsdom
import { onlineManager } from '@tanstack/react-query';
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
import { renderApp } from '@/test/renderApp';

const { server } = setupMockServer();

const USAGE = '*/v1/api_usage';

async function openUsage() {
  const rendered = renderApp('/usage');
  await screen.findByRole('heading', { level: 1, name: 'Usage' });
  return rendered;
}

function expectPageShown(): void {
  expect(screen.getByRole('heading', { level: 1, name: 'Usage' })).toBeInTheDocument();
  expect(pageText()).not.toBe('');
}

describe('Usage page under faults', () => {
  it("shows the server's detail on a 500 and loads on Try again", async () => {
    server.use(serverError(USAGE, 'Usage counters are being rebuilt.', { once: true }).handler);
    const { user } = await openUsage();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Usage counters are being rebuilt.');
    expectPageShown();
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Plan: Developer' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says the server could not be reached, and Refresh asks again', async () => {
    server.use(networkError(USAGE, { once: true }).handler);
    const { user } = await openUsage();
    expect(await screen.findByRole('alert')).toHaveTextContent(/could not be reached/);
    expectPageShown();
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Plan: Developer' })).toBeInTheDocument();
  });

  it('says the answer was not valid JSON', async () => {
    server.use(malformedJson(USAGE).handler);
    await openUsage();
    expect(await screen.findByRole('alert')).toHaveTextContent('The answer was not valid JSON.');
    expectPageShown();
  });

  it('says an answer in neither known shape is one, instead of showing NaN', async () => {
    server.use(http.get(USAGE, () => HttpResponse.json({ error: 'not the usage you asked for' })));
    // As built for production, where the contract's schema check (development only) does not run.
    vi.stubEnv('DEV', false);
    onTestFinished(() => void vi.unstubAllEnvs());
    await openUsage();
    expect(await screen.findByRole('alert')).toHaveTextContent('The usage answer is in neither known shape');
    expect(screen.queryByText(/NaN/)).not.toBeInTheDocument();
    expectPageShown();
  });

  it('shows when to come back on a 429, and retries by itself when retries are on', async () => {
    server.use(rateLimited(USAGE, 2).handler);
    const first = await openUsage();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Request limit reached');
    expect(alert).toHaveTextContent('Try again in 2 seconds.');
    first.unmount();

    server.resetHandlers();
    const limited = rateLimited(USAGE, 2, { once: true });
    server.use(limited.handler);
    await renderAppWithRetries('/usage');
    expect(await screen.findByRole('heading', { level: 2, name: 'Plan: Developer' })).toBeInTheDocument();
    expect(limited.requests).toHaveLength(1);
  });

  it('keeps the figures it has when a refresh fails', async () => {
    server.use(serverError(USAGE, 'Usage counters are being rebuilt.', { once: true }).handler);
    const { user } = await openUsage();
    await screen.findByRole('alert');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('heading', { level: 2, name: 'Plan: Developer' });

    server.use(networkError(USAGE, { once: true }).handler);
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/could not be reached/);
    expect(screen.getByRole('heading', { level: 2, name: 'Plan: Developer' })).toBeInTheDocument();
  });

  it('shows a loading status while the answer is slow', async () => {
    server.use(slowResponse(USAGE, 800).handler);
    await openUsage();
    expect(screen.getByText('Loading usage…')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refreshing…' })).toBeDisabled();
    expect(await screen.findByRole('heading', { level: 2, name: 'Plan: Developer' })).toBeInTheDocument();
  });

  it('cancels a request that never answers when the user leaves', async () => {
    const never = neverAnswers(USAGE);
    server.use(never.handler);
    const { user } = await openUsage();
    expect(screen.getByText('Loading usage…')).toBeInTheDocument();
    await user.click(
      within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Settings' }),
    );
    await never.whenAborted();
    expect(never.requests.every((r) => r.signal.aborted)).toBe(true);
    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
  });

  it('a key the server refuses says where to change it, and offers no Retry that would only fail again', async () => {
    server.use(http.get(USAGE, () => HttpResponse.json({ detail: 'Invalid API key.' }, { status: 401 })));
    await openUsage();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Invalid API key.');
    expect(within(alert).getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/settings');
    expect(within(alert).queryByRole('button')).toBeNull();
  });
});

describe('Usage page: every wait ends', () => {
  it('a server that never answers: the wait ends at the time-out, saying so, with Retry', async () => {
    const never = neverAnswers(USAGE);
    server.use(never.handler);
    const { user } = renderApp('/usage', { connection: { timeoutSeconds: 1 } });
    expect(await screen.findByText('Loading usage…')).toBeInTheDocument();
    const alert = await screen.findByRole('alert', {}, { timeout: 4000 });
    expect(alert).toHaveTextContent('No answer from the server');
    expect(alert).toHaveTextContent('The server did not answer within 1 s.');
    expect(screen.queryByText('Loading usage…')).toBeNull();

    server.resetHandlers();
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Plan: Developer' })).toBeInTheDocument();
  });

  it('a browser that believes it is offline still asks (the demo backend runs in the page): no wait for nothing', async () => {
    onlineManager.setOnline(false);
    try {
      renderApp('/usage');
      expect(await screen.findByRole('heading', { level: 2, name: 'Plan: Developer' })).toBeInTheDocument();
    } finally {
      onlineManager.setOnline(true);
    }
  });
});
