// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { getConnection } from '@/api/connection';
import {
  malformedJson,
  networkError,
  neverAnswers,
  pageText,
  rateLimited,
  serverError,
  slowResponse,
} from '@/test/faults';
import { setupMockServer } from '@/test/mockServer';
import { renderApp } from '@/test/renderApp';

const { server } = setupMockServer();

const HEALTH = '*/health';
const USAGE = '*/v1/api_usage';
const REMOTE = 'https://api.example.com';

const page = () => within(screen.getByRole('main'));

/** Opens settings and fills in a custom server and key, not saved: the form the user must not lose. */
async function fillRemoteForm() {
  const rendered = renderApp('/settings');
  await screen.findByRole('heading', { level: 1, name: 'Settings' });
  const { user } = rendered;
  await user.click(page().getByRole('radio', { name: 'Custom server' }));
  await user.type(page().getByLabelText('Base URL'), REMOTE);
  await user.type(page().getByLabelText('API key'), 'test-key');
  return rendered;
}

function expectFormKept(): void {
  expect(page().getByRole('radio', { name: 'Custom server' })).toBeChecked();
  expect(page().getByLabelText('Base URL')).toHaveValue(REMOTE);
  expect(page().getByLabelText('API key')).toHaveValue('test-key');
  expect(screen.getByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
  expect(pageText()).not.toBe('');
  // Testing never saves.
  expect(getConnection().mode).toBe('demo');
}

async function testConnection(user: ReturnType<typeof renderApp>['user']): Promise<void> {
  await user.click(page().getByRole('button', { name: 'Test connection' }));
}

describe('Settings page under faults', () => {
  it("shows the server's detail when the health check answers 500, keeping the form", async () => {
    server.use(serverError(HEALTH, 'Database is down.').handler);
    const { user } = await fillRemoteForm();
    await testConnection(user);
    const alert = await page().findByRole('alert');
    expect(alert).toHaveTextContent('Error 500');
    expect(alert).toHaveTextContent('Database is down.');
    expectFormKept();
  });

  it('says the server could not be reached, and a second test after the fault succeeds', async () => {
    server.use(networkError(HEALTH, { once: true }).handler, networkError(USAGE, { once: true }).handler);
    const { user } = await fillRemoteForm();
    await testConnection(user);
    expect(await page().findByRole('alert')).toHaveTextContent(/could not be reached/);
    expectFormKept();

    await testConnection(user);
    expect(await page().findByText(/Server reachable: health ok/)).toBeInTheDocument();
    expect(page().queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says the answer was not valid JSON (a wrong base URL serving a page)', async () => {
    server.use(malformedJson(HEALTH, 'text/plain').handler, malformedJson(USAGE, 'text/plain').handler);
    const { user } = await fillRemoteForm();
    await testConnection(user);
    const alert = await page().findByRole('alert');
    expect(alert).toHaveTextContent('The answer was not valid JSON. Check the base URL.');
    expectFormKept();
  });

  it('tells a reachable server from a rate-limited key', async () => {
    server.use(rateLimited(USAGE, 2).handler);
    const { user } = await fillRemoteForm();
    await testConnection(user);
    const alert = await page().findByRole('alert');
    expect(alert).toHaveTextContent('Request limit reached');
    expect(alert).toHaveTextContent('Try again in 2 seconds.');
    expect(page().getByText(/Server reachable: health ok/)).toBeInTheDocument();
    expectFormKept();
  });

  it('shows that the test is running while the server is slow', async () => {
    server.use(slowResponse(HEALTH, 800).handler);
    const { user } = await fillRemoteForm();
    await testConnection(user);
    expect(page().getByText('Testing the connection…')).toBeInTheDocument();
    expect(page().getByRole('button', { name: 'Test connection' })).toBeDisabled();
    expect(await page().findByText(/Server reachable: health ok/)).toBeInTheDocument();
    expectFormKept();
  });

  it('cancels a test that never answers when the user leaves the page', async () => {
    const health = neverAnswers(HEALTH);
    const usage = neverAnswers(USAGE);
    server.use(health.handler, usage.handler);
    const { user } = await fillRemoteForm();
    await testConnection(user);
    expect(page().getByText('Testing the connection…')).toBeInTheDocument();
    expect(health.requests).toHaveLength(1);

    await user.click(
      within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Catalog' }),
    );
    await health.whenAborted();
    await usage.whenAborted();
    expect(await screen.findByRole('heading', { level: 1, name: 'Datasets' })).toBeInTheDocument();
  });

  it('cancels a test that never answers when the user switches the backend', async () => {
    const health = neverAnswers(HEALTH);
    server.use(health.handler);
    const { user } = await fillRemoteForm();
    await testConnection(user);
    await user.click(page().getByRole('radio', { name: 'Built-in demo data' }));
    await health.whenAborted();
    expect(page().queryByText('Testing the connection…')).not.toBeInTheDocument();
  });
});
