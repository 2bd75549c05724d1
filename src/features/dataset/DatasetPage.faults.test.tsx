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

const METADATA = '*/v1/datasets/:id';
const UPDATES = '*/v1/dataset-updates/:id';
const AUDIT = '*/v1/datasets/:id/audit';

function section(name: string): HTMLElement {
  return screen.getByRole('region', { name });
}

describe('Dataset page under faults', () => {
  it("shows the server's detail on a 500 of the metadata, under a heading naming the dataset, and retries", async () => {
    server.use(serverError(METADATA, 'Metadata store unavailable.', { once: true }).handler);
    const { user } = renderApp('/datasets/ercot_load');
    const message = await screen.findByRole('alert');
    expect(message).toHaveTextContent('Error 500');
    expect(message).toHaveTextContent('Metadata store unavailable.');
    expect(screen.getByRole('heading', { level: 1, name: 'Dataset ercot_load' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).toBeInTheDocument();

    await user.click(within(message).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'ERCOT Load' })).toBeInTheDocument();
  });

  it('says the server could not be reached', async () => {
    server.use(networkError(METADATA).handler);
    renderApp('/datasets/ercot_load');
    expect(await screen.findByRole('alert')).toHaveTextContent(/could not be reached/);
    expect(pageText()).not.toBe('');
  });

  it('says the answer was not valid JSON', async () => {
    server.use(malformedJson(METADATA).handler);
    renderApp('/datasets/ercot_load');
    expect(await screen.findByRole('alert')).toHaveTextContent('The answer was not valid JSON.');
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
  });

  it('shows when to come back on a 429, and retries it by itself when retries are on', async () => {
    server.use(rateLimited(METADATA, 2).handler);
    const first = renderApp('/datasets/ercot_load');
    expect(await screen.findByRole('alert')).toHaveTextContent('Try again in 2 seconds.');
    first.unmount();

    server.resetHandlers();
    const limited = rateLimited(METADATA, 2, { once: true });
    server.use(limited.handler);
    await renderAppWithRetries('/datasets/ercot_load');
    expect(await screen.findByRole('heading', { level: 1, name: 'ERCOT Load' })).toBeInTheDocument();
    expect(limited.requests).toHaveLength(1);
  });

  it('keeps the rest of the page when only the updates fail, and retries the updates alone', async () => {
    server.use(serverError(UPDATES, 'Updates log offline.', { once: true }).handler);
    const { user } = renderApp('/datasets/ercot_load');
    const updates = await screen.findByRole('region', { name: 'Recent updates' });
    const message = await within(updates).findByRole('alert');
    expect(message).toHaveTextContent('Updates log offline.');
    expect(within(section('Columns')).getByRole('rowheader', { name: 'load' })).toBeInTheDocument();
    expect(await within(section('Audit')).findByRole('table')).toBeInTheDocument();

    await user.click(within(message).getByRole('button', { name: 'Try again' }));
    expect(await within(section('Recent updates')).findByRole('table')).toBeInTheDocument();
  });

  it('keeps the rest of the page when the audit is unreachable', async () => {
    server.use(networkError(AUDIT).handler);
    renderApp('/datasets/ercot_load');
    const audit = await screen.findByRole('region', { name: 'Audit' });
    expect(await within(audit).findByRole('alert')).toHaveTextContent(/could not be reached/);
    expect(await within(section('Recent updates')).findByRole('table')).toBeInTheDocument();
  });

  it('shows a loading status while the metadata is slow', async () => {
    server.use(slowResponse(METADATA, 800).handler);
    renderApp('/datasets/ercot_load');
    expect(await screen.findByText('Loading dataset…')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'ERCOT Load' })).toBeInTheDocument();
  });

  it('cancels the updates and audit requests still open when the user leaves', async () => {
    const updates = neverAnswers(UPDATES);
    const audit = neverAnswers(AUDIT);
    server.use(updates.handler, audit.handler);
    const { user } = renderApp('/datasets/ercot_load');
    expect(await screen.findByText('Loading updates…')).toBeInTheDocument();
    expect(screen.getByText('Loading audit…')).toBeInTheDocument();

    await user.click(
      within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Settings' }),
    );
    await updates.whenAborted();
    await audit.whenAborted();
    expect(updates.requests.every((r) => r.signal.aborted)).toBe(true);
    expect(audit.requests.every((r) => r.signal.aborted)).toBe(true);
    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
  });
});

describe('Dataset page with a server that stops answering', () => {
  it('counts the wait with Cancel, then a time-out says so and Retry shows the dataset', async () => {
    const never = neverAnswers(METADATA);
    server.use(never.handler);
    // Long enough that Cancel is pressed well before the time-out (the line shows at half of it).
    const { user } = renderApp('/datasets/ercot_load', { connection: { timeoutSeconds: 3 } });
    expect(await screen.findByText(/^Waiting for the server… \d+ s$/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await never.whenAborted();
    expect(await screen.findByText('Request cancelled.')).toBeInTheDocument();

    // Asked again, the server still says nothing: after the time-out the page says so.
    await user.click(screen.getByRole('button', { name: 'Load again' }));
    const message = await screen.findByRole('alert', {}, { timeout: 6000 });
    expect(message).toHaveTextContent('No answer from the server');
    expect(message).toHaveTextContent('The server did not answer within 3 s.');
    expect(never.requests).toHaveLength(2);

    server.resetHandlers();
    await user.click(within(message).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'ERCOT Load' })).toBeInTheDocument();
  });
});
