// @vitest-environment jsdom
import { act, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { DEMO_API_KEY, setConnection } from '@/api/connection';
import { getExportJobs } from '@/api/exports/exportJobList';
import { dismissExportJob, startExportJob } from '@/api/exports/exportJobs';
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
import { exportJobStopped } from '@/test/exportJobs';

const { server } = setupMockServer();

const DATASET = 'ercot_spp_real_time_15_min';
const METADATA = '*/v1/datasets/:id';
const QUERY = '*/v1/datasets/:id/query';
const URL = `/datasets/${DATASET}/query?v=1&fcol=location&fval=HB_NORTH&range=custom&start=2025-07-14&end=2025-07-15&tz=UTC`;
const ALL_LOADED = '96 rows loaded · all rows loaded';
/** The whole page renders in jsdom on a shared machine: allow more than findBy's default second. */
const SLOW = { timeout: 5000 };

async function resultsAlert(): Promise<HTMLElement> {
  return within(await screen.findByRole('region', { name: 'Results' }, SLOW)).findByRole('alert', {}, SLOW);
}

function mainNavLink(name: string): HTMLElement {
  return within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name });
}

describe('Query page under faults', () => {
  it("shows the server's detail on a 500 and retries it, keeping the draft the user was editing", async () => {
    server.use(serverError(QUERY, 'Query engine restarting.', { once: true }).handler);
    const { user, router } = renderApp(URL);
    const message = await resultsAlert();
    expect(message).toHaveTextContent('Query engine restarting.');
    expect(screen.getByRole('heading', { level: 1, name: /^Query ERCOT/ })).toBeInTheDocument();

    // An edit in progress, not run yet.
    const limit = screen.getByLabelText('Row limit');
    await user.clear(limit);
    await user.type(limit, '10');
    const search = router.state.location.search;

    await user.click(within(message).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(ALL_LOADED, {}, SLOW)).toBeInTheDocument();
    expect(screen.getByLabelText('Row limit')).toHaveValue(10);
    expect(screen.getByLabelText('Filter value')).toHaveValue('HB_NORTH');
    expect(router.state.location.search).toBe(search);
  });

  it('says the server could not be reached, and the form stays usable', async () => {
    server.use(networkError(QUERY, { once: true }).handler);
    const { user } = renderApp(URL);
    expect(await resultsAlert()).toHaveTextContent(/could not be reached/);
    expect(screen.getByLabelText('Filter value')).toHaveValue('HB_NORTH');
    await user.click(screen.getByRole('button', { name: 'Run query' }));
    expect(await screen.findByText(ALL_LOADED, {}, SLOW)).toBeInTheDocument();
  });

  it('says the answer was not valid JSON', async () => {
    server.use(malformedJson(QUERY).handler);
    renderApp(URL);
    const message = await resultsAlert();
    expect(message).toHaveTextContent('Unreadable answer');
    expect(message).toHaveTextContent('The answer was not valid JSON.');
    expect(pageText()).not.toBe('');
  });

  it('shows when to come back on a 429, and retries by itself when retries are on', async () => {
    server.use(rateLimited(QUERY, 2).handler);
    const first = renderApp(URL);
    expect(await resultsAlert()).toHaveTextContent('Try again in 2 seconds.');
    first.unmount();

    server.resetHandlers();
    const limited = rateLimited(QUERY, 2, { once: true });
    server.use(limited.handler);
    await renderAppWithRetries(URL);
    expect(await screen.findByText(ALL_LOADED, {}, SLOW)).toBeInTheDocument();
    expect(limited.requests).toHaveLength(1);
  });

  it('names the dataset under a heading when its metadata fails', async () => {
    server.use(serverError(METADATA, 'Metadata store unavailable.', { once: true }).handler);
    const { user } = renderApp(URL);
    const message = await screen.findByRole('alert');
    expect(message).toHaveTextContent('Metadata store unavailable.');
    expect(screen.getByRole('heading', { level: 1, name: `Query ${DATASET}` })).toBeInTheDocument();
    await user.click(within(message).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(ALL_LOADED, {}, SLOW)).toBeInTheDocument();
  });

  it('shows a heading and a loading status while the metadata is slow', async () => {
    server.use(slowResponse(METADATA, 800).handler);
    renderApp(URL);
    expect(await screen.findByText('Loading dataset…')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: `Query ${DATASET}` })).toBeInTheDocument();
    expect(await screen.findByText(ALL_LOADED, {}, SLOW)).toBeInTheDocument();
  });

  it('shows the query running while rows are slow', async () => {
    server.use(slowResponse(QUERY, 800).handler);
    renderApp(URL);
    expect(await screen.findByText('Running query…', {}, SLOW)).toBeInTheDocument();
    expect(await screen.findByText(ALL_LOADED, {}, SLOW)).toBeInTheDocument();
  });

  it('cancels a query that never answers on "Cancel query"', async () => {
    const never = neverAnswers(QUERY);
    server.use(never.handler);
    const { user } = renderApp(URL);
    expect(await screen.findByText('Running query…', {}, SLOW)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel query' }));
    await never.whenAborted();
    expect(await screen.findByText('Query cancelled.')).toBeInTheDocument();
    expect(screen.getByLabelText('Filter value')).toHaveValue('HB_NORTH');
  });

  it('cancels the open query when the user leaves the page', async () => {
    const never = neverAnswers(QUERY);
    server.use(never.handler);
    const { user } = renderApp(URL);
    expect(await screen.findByText('Running query…', {}, SLOW)).toBeInTheDocument();
    await user.click(mainNavLink('Catalog'));
    await never.whenAborted();
    expect(never.requests.every((r) => r.signal.aborted)).toBe(true);
    expect(await screen.findByRole('heading', { level: 1, name: 'Datasets' }, SLOW)).toBeInTheDocument();
  });
});

describe('An export interrupted by a fault', () => {
  const params = {
    filter_column: 'location',
    filter_value: 'HB_NORTH',
    start_time: '2025-07-13T00:00:00+00:00',
    end_time: '2025-07-15T00:00:00+00:00',
    columns: 'spp',
  };

  function exportOf(saved: Blob[]) {
    return startExportJob({
      datasetId: DATASET,
      label: 'HB_NORTH, two days',
      params,
      estimate: { rows: 192, kind: 'about' },
      pageSize: 50,
      retryDelaysMs: [5, 5],
      save: (blob) => saved.push(blob),
    });
  }

  afterEach(() => {
    // The header still shows the jobs until the page is cleaned up after this hook.
    act(() => {
      for (const job of getExportJobs()) dismissExportJob(job.id);
    });
  });

  it('resumes from the page that failed, and saves the same CSV as an export that never failed', async () => {
    setConnection({ mode: 'demo', baseUrl: '', apiKey: DEMO_API_KEY, remember: false });
    const reference: Blob[] = [];
    const referenceId = exportOf(reference);
    expect((await exportJobStopped(referenceId)).status).toBe('done');
    dismissExportJob(referenceId);
    const expected = (await reference[0]?.text()) ?? '';
    expect(expected.trimEnd().split('\n')).toHaveLength(193);

    // The third page (the third distinct cursor asked for) fails with a 500 until the fault is lifted.
    const cursors: string[] = [];
    let failing = true;
    let refused = 0;
    server.use(
      http.get(QUERY, ({ request }) => {
        const cursor = new globalThis.URL(request.url).searchParams.get('cursor') ?? '';
        if (!cursors.includes(cursor)) cursors.push(cursor);
        if (failing && cursors.indexOf(cursor) === 2) {
          refused += 1;
          return HttpResponse.json({ detail: 'Upstream timeout.' }, { status: 500 });
        }
        return undefined;
      }),
    );

    const saved: Blob[] = [];
    const id = exportOf(saved);
    const failed = await exportJobStopped(id);
    expect(failed.status).toBe('failed');
    expect(refused).toBe(3); // the first try and two retries
    expect(failed.rows).toBe(100);
    expect(saved).toHaveLength(0);

    const { user } = renderApp('/usage');
    const exports = await screen.findByRole('region', { name: 'Exports' });
    expect(
      within(exports).getByText(/Failed .*: 100 rows, 2 pages — stopped at page 3: Upstream timeout\./),
    ).toBeInTheDocument();

    failing = false;
    await user.click(within(exports).getByRole('button', { name: `Resume ${DATASET}.csv` }));
    expect(await within(exports).findByText(/Saved .*: 192 rows, 4 pages/)).toBeInTheDocument();
    expect(saved).toHaveLength(1);
    const text = (await saved[0]?.text()) ?? '';
    expect(text).toBe(expected);
    const lines = text.trimEnd().split('\n');
    expect(new Set(lines).size).toBe(lines.length);
    // Pages 1 and 2 were not asked for again.
    expect(cursors).toHaveLength(4);
  });

  it('offers no resume for an export the user cancelled', async () => {
    setConnection({ mode: 'demo', baseUrl: '', apiKey: DEMO_API_KEY, remember: false });
    const never = neverAnswers(QUERY);
    server.use(never.handler);
    const { user } = renderApp('/settings');
    await screen.findByRole('heading', { level: 1, name: 'Settings' });
    let id = 0;
    act(() => {
      id = exportOf([]);
    });
    const exports = await screen.findByRole('region', { name: 'Exports' });
    await user.click(within(exports).getByRole('button', { name: 'Cancel export' }));
    expect(await within(exports).findByText(/Cancelled/)).toBeInTheDocument();
    await never.whenAborted();
    expect((await exportJobStopped(id)).status).toBe('cancelled');
    expect(within(exports).queryByRole('button', { name: /Resume/ })).not.toBeInTheDocument();
  });
});

describe('Query page with a server that stops answering', () => {
  const results = () => within(screen.getByRole('region', { name: 'Results' }));

  it('counts the wait for the results with Cancel; Run query after that shows them', async () => {
    const never = neverAnswers(QUERY, { once: true });
    server.use(never.handler);
    const { user } = renderApp(URL);
    expect(await screen.findByText('Running query…', {}, SLOW)).toBeInTheDocument();
    expect(await results().findByText(/^Waiting for the server… \d+ s$/, {}, SLOW)).toBeInTheDocument();

    await user.click(results().getByRole('button', { name: 'Cancel' }));
    await never.whenAborted();
    expect(await results().findByText('Query cancelled.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Run query' }));
    expect(await screen.findByText(ALL_LOADED, {}, SLOW)).toBeInTheDocument();
  });

  it('says the server did not answer within the time-out; Retry shows the rows', async () => {
    const never = neverAnswers(QUERY, { once: true });
    server.use(never.handler);
    const { user } = renderApp(URL, { connection: { timeoutSeconds: 1 } });
    const message = await resultsAlert();
    expect(message).toHaveTextContent('No answer from the server');
    expect(message).toHaveTextContent('The server did not answer within 1 s.');
    expect(never.aborted()).toBe(1);

    await user.click(within(message).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(ALL_LOADED, {}, SLOW)).toBeInTheDocument();
    expect(results().queryByRole('alert')).not.toBeInTheDocument();
  });
});
