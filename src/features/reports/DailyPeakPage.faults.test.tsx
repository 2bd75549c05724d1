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
import { http, HttpResponse } from 'msw';
import { setupMockServer } from '@/test/mockServer';
import { renderApp } from '@/test/renderApp';

const { server } = setupMockServer();

const REPORT = '*/v1/reports/daily_peak/:iso';
const METADATA = '*/v1/datasets/:id';
const QUERY = '*/v1/datasets/:id/query';
const DAY = '/reports/daily-peak?date=2025-07-14';
const CURVE_TEXT = '2025-07-14: 288 five-minute intervals (24-hour day)';
const SLOW = { timeout: 5000 };

function panel(name: string): HTMLElement {
  return screen.getByRole('region', { name });
}

function expectPageShown(): void {
  expect(screen.getByRole('heading', { level: 1, name: 'Daily peak report' })).toBeInTheDocument();
  expect(pageText()).not.toBe('');
}

describe('Daily peak page under faults', () => {
  it("shows the server's detail in the Peak panel on a 500, keeps the other panels, and retries", async () => {
    server.use(serverError(REPORT, 'Report service restarting.', { once: true }).handler);
    const { user } = renderApp(DAY);
    const peak = await screen.findByRole('region', { name: 'Peak' });
    const alert = await within(peak).findByRole('alert');
    expect(alert).toHaveTextContent('Report service restarting.');
    expectPageShown();
    expect(await within(panel('Load curve')).findByText(CURVE_TEXT, {}, SLOW)).toBeInTheDocument();
    expect(screen.getByLabelText('Market date')).toHaveValue('2025-07-14');

    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await within(panel('Peak')).findByText('Peak load')).toBeInTheDocument();
  });

  it('says a report in neither known shape is one, in the Peak panel', async () => {
    server.use(http.get(REPORT, () => HttpResponse.json({ peak: 'tomorrow' })));
    // As built for production, where the contract's schema check (development only) does not run.
    vi.stubEnv('DEV', false);
    onTestFinished(() => void vi.unstubAllEnvs());
    renderApp(DAY);
    const peak = await screen.findByRole('region', { name: 'Peak' });
    expect(await within(peak).findByRole('alert', {}, SLOW)).toHaveTextContent(
      'The peak report is in neither known shape',
    );
    expectPageShown();
  });

  it('falls back to the last complete day of the load data when the report is unreachable', async () => {
    server.use(networkError(REPORT).handler);
    renderApp('/reports/daily-peak');
    const peak = await screen.findByRole('region', { name: 'Peak' });
    expect(await within(peak).findByRole('alert')).toHaveTextContent(/could not be reached/);
    expect(await within(panel('Load curve')).findByText(CURVE_TEXT, {}, SLOW)).toBeInTheDocument();
    expect(screen.getByLabelText('Market date')).toHaveValue('2025-07-14');
  });

  it('says the answer was not valid JSON in the panels whose query broke', async () => {
    server.use(malformedJson(QUERY).handler);
    renderApp(DAY);
    await screen.findByRole('region', { name: 'Load curve' });
    expect(await within(panel('Load curve')).findByRole('alert', {}, SLOW)).toHaveTextContent(
      'The answer was not valid JSON.',
    );
    expect(await within(panel('Daily peaks')).findByRole('alert', {}, SLOW)).toHaveTextContent(
      'The answer was not valid JSON.',
    );
    expect(await within(panel('Peak')).findByText('Peak load')).toBeInTheDocument();
    expectPageShown();
  });

  it('shows when to come back on a 429, and retries by itself when retries are on', async () => {
    server.use(rateLimited(REPORT, 2).handler);
    const first = renderApp(DAY);
    const peak = await screen.findByRole('region', { name: 'Peak' });
    expect(await within(peak).findByRole('alert')).toHaveTextContent('Try again in 2 seconds.');
    first.unmount();

    server.resetHandlers();
    const limited = rateLimited(REPORT, 2, { once: true });
    server.use(limited.handler);
    await renderAppWithRetries(DAY);
    expect(
      await within(await screen.findByRole('region', { name: 'Peak' })).findByText('Peak load'),
    ).toBeInTheDocument();
    expect(limited.requests).toHaveLength(1);
  });

  it('keeps working without the load metadata (the picker just has no limits)', async () => {
    server.use(serverError(METADATA, 'Metadata store unavailable.').handler);
    renderApp(DAY);
    const peak = await screen.findByRole('region', { name: 'Peak' });
    expect(await within(peak).findByText('Peak load')).toBeInTheDocument();
    expect(await within(panel('Load curve')).findByText(CURVE_TEXT, {}, SLOW)).toBeInTheDocument();
  });

  it('says so, instead of waiting forever, when neither the report nor the load data can give a day', async () => {
    server.use(networkError(REPORT, { once: true }).handler, networkError(METADATA, { once: true }).handler);
    const { user } = renderApp('/reports/daily-peak');
    const curve = await screen.findByRole('region', { name: 'Load curve' });
    const alert = await within(curve).findByRole('alert');
    expect(alert).toHaveTextContent(/could not be reached/);
    expect(within(panel('Daily peaks')).getByRole('alert')).toHaveTextContent(/could not be reached/);
    expect(screen.queryByText('Finding the latest complete market day…')).not.toBeInTheDocument();

    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await within(panel('Load curve')).findByText(CURVE_TEXT, {}, SLOW)).toBeInTheDocument();
    expect(screen.getByLabelText('Market date')).toHaveValue('2025-07-14');
  });

  it('shows loading statuses while answers are slow', async () => {
    server.use(slowResponse(REPORT, 800).handler, slowResponse(QUERY, 800).handler);
    renderApp(DAY);
    const peak = await screen.findByRole('region', { name: 'Peak' });
    expect(within(peak).getByText('Loading the daily peak report…')).toBeInTheDocument();
    expect(
      within(panel('Load curve')).getByText('Loading the load curve of 2025-07-14…'),
    ).toBeInTheDocument();
    expect(await within(peak).findByText('Peak load')).toBeInTheDocument();
    expect(await within(panel('Load curve')).findByText(CURVE_TEXT, {}, SLOW)).toBeInTheDocument();
  });

  it('cancels every request still open when the user leaves', async () => {
    const report = neverAnswers(REPORT);
    const query = neverAnswers(QUERY);
    server.use(report.handler, query.handler);
    const { user } = renderApp(DAY);
    await screen.findByText('Loading the daily peak report…');
    await screen.findByText('Loading the load curve of 2025-07-14…');
    await screen.findByText('Loading daily peaks…');

    await user.click(
      within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Usage' }),
    );
    await report.whenAborted();
    await query.whenAborted(2);
    expect([...report.requests, ...query.requests].every((r) => r.signal.aborted)).toBe(true);
    expect(await screen.findByRole('heading', { level: 1, name: 'Usage' })).toBeInTheDocument();
  });

  it('a server that never answers: every wait on the page ends at the time-out, saying so, with Retry', async () => {
    server.use(neverAnswers(REPORT).handler, neverAnswers(METADATA).handler);
    renderApp('/reports/daily-peak', { connection: { timeoutSeconds: 1 } });
    expect(await screen.findByText('Finding the latest complete market day…')).toBeInTheDocument();
    const curve = panel('Load curve');
    const alert = await within(curve).findByRole('alert', {}, { timeout: 4000 });
    expect(alert).toHaveTextContent('No answer from the server');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(within(panel('Peak')).getByRole('alert')).toHaveTextContent(
      'The server did not answer within 1 s.',
    );
    // No spinner is left counting a wait that is over.
    expect(screen.queryByText(/^Finding |^Loading |Waiting for the server/)).toBeNull();
  });
});
