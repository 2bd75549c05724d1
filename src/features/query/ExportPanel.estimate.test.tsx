// @vitest-environment jsdom
import { act, screen, waitFor, within } from '@testing-library/react';
import { holdUntilFirstScreenDone, markFirstScreenDone } from '@/api/firstScreen';
import { DATASET_IDS } from '@/contract';
import { formatInteger } from '@/lib/format';
import { setupMockServer } from '@/test/mockServer';
import { renderApp } from '@/test/renderApp';

const { api } = setupMockServer();

const SOLAR = `/datasets/${DATASET_IDS.solarActualAndForecast}/query`;
const SCED = `/datasets/${DATASET_IDS.shadowPricesSced}/query`;
/** The last 24 hours before the test clock (2025-07-15T20:00Z), and the seven days before it. */
const DAY = { start: '2025-07-14T20:00:00Z', end: '2025-07-15T20:00:00Z' };
const WEEK = { start: '2025-07-08T20:00:00Z', end: '2025-07-15T20:00:00Z' };
const range = (r: { start: string; end: string }) =>
  `range=custom&start=${encodeURIComponent(r.start)}&end=${encodeURIComponent(r.end)}&tz=UTC`;

/** The rows the mock really returns for a query: every page of it, counted. */
async function rowsOf(dataset: string, query: Record<string, string>): Promise<number> {
  let rows = 0;
  for (let page = 1; ; page++) {
    const search = new URLSearchParams({ ...query, page_size: '50000', page: String(page) });
    const response = await api.handle(
      new Request(`http://mock.test/v1/datasets/${dataset}/query?${search}`, {
        headers: { 'x-api-key': 'test-key' },
      }),
    );
    const body = (await response.json()) as { data: unknown[]; meta: { hasNextPage: boolean } };
    rows += body.data.length;
    if (!body.meta.hasNextPage) return rows;
  }
}

async function openExport(url: string) {
  const { user } = renderApp(url);
  await user.click(await screen.findByRole('tab', { name: 'Export' }));
  return screen.findByTestId('export-estimate');
}

describe('The Export tab’s row estimate, against what the server returns', () => {
  it('counts every forecast vintage of the solar report: hundreds of rows an hour, not one', async () => {
    const truth = await rowsOf(DATASET_IDS.solarActualAndForecast, {
      start_time: DAY.start,
      end_time: DAY.end,
    });
    // Each hour has every report that covered it so far: far more than 24 rows.
    expect(truth).toBeGreaterThan(24 * 100);
    const estimate = await openExport(`${SOLAR}?v=1&${range(DAY)}`);
    await waitFor(() =>
      expect(estimate).toHaveTextContent(
        `About ${formatInteger(truth)} rows in this query: every forecast vintage of each interval is a row, as the server counts them.`,
      ),
    );
    expect(screen.getByTestId('export-budget')).toHaveTextContent(/^1 request of up to 10,000 rows\./);
  });

  it('prices a week of every solar vintage at the requests it takes', async () => {
    const truth = await rowsOf(DATASET_IDS.solarActualAndForecast, {
      start_time: WEEK.start,
      end_time: WEEK.end,
    });
    expect(truth).toBeGreaterThan(30_000);
    const estimate = await openExport(`${SOLAR}?v=1&${range(WEEK)}`);
    await waitFor(() =>
      expect(estimate).toHaveTextContent(`About ${formatInteger(truth)} rows in this query`),
    );
    const requests = Math.ceil(truth / 10_000);
    expect(screen.getByTestId('export-budget')).toHaveTextContent(
      new RegExp(`^${requests} requests of up to 10,000 rows\\.`),
    );
  });

  it('says it is counting, not a guess, until the server’s count is in', async () => {
    holdUntilFirstScreenDone();
    try {
      const estimate = await openExport(`${SOLAR}?v=1&${range(DAY)}`);
      expect(estimate).toHaveTextContent(
        "Counting this query's rows on the server (1 request), for its row estimate…",
      );
      expect(screen.queryByTestId('export-budget')).not.toBeInTheDocument();
      act(() => markFirstScreenDone());
      await waitFor(() => expect(estimate).toHaveTextContent(/^About [\d,]+ rows/));
      expect(estimate).not.toHaveTextContent('About 24 rows');
    } finally {
      markFirstScreenDone();
    }
  });

  it('keeps one row an hour for the latest vintage', async () => {
    const truth = await rowsOf(DATASET_IDS.solarActualAndForecast, {
      start_time: DAY.start,
      end_time: DAY.end,
      publish_time: 'latest',
    });
    expect(truth).toBe(24);
    const estimate = await openExport(`${SOLAR}?v=1&pt=latest&${range(DAY)}`);
    expect(estimate).toHaveTextContent(/^About 24 rows in this query\.$/);
  });

  it('counts the shadow prices of binding constraints, which have rows only while they bind', async () => {
    const truth = await rowsOf(DATASET_IDS.shadowPricesSced, { start_time: DAY.start, end_time: DAY.end });
    const estimate = await openExport(`${SCED}?v=1&${range(DAY)}`);
    await waitFor(() =>
      expect(estimate).toHaveTextContent(
        `About ${formatInteger(truth)} rows in this query, as the server counts them: the rows of each interval vary with the constraint_name values it has.`,
      ),
    );
  });

  it('counts the resampled shadow prices: one row per hour and constraint that binds in it', async () => {
    const truth = await rowsOf(DATASET_IDS.shadowPricesSced, {
      start_time: DAY.start,
      end_time: DAY.end,
      resample_frequency: '1h',
    });
    const estimate = await openExport(`${SCED}?v=1&rs=1h&rsfn=mean&${range(DAY)}`);
    await waitFor(() =>
      expect(estimate).toHaveTextContent(`About ${formatInteger(truth)} rows in this query`),
    );
  });

  it('says why there is no estimate when the server’s count fails', async () => {
    const estimate = await openExport(`${SCED}?v=1&${range(DAY)}&fcol=shadow_price&fval=abc`);
    await waitFor(() =>
      expect(estimate).toHaveTextContent(
        /^No row estimate: the server's count of this query's rows failed \(/,
      ),
    );
    const exportAll = screen.getByRole('group', { name: 'Export all rows' });
    expect(within(exportAll).getByTestId('export-estimate')).toHaveClass(/warning/);
  });
});

describe('The data-quality line over constraints', () => {
  it('names the constraints by their column, never as locations', async () => {
    const { user } = renderApp(`${SCED}?v=1&${range(DAY)}`);
    const line = await screen.findByLabelText('Data quality');
    await waitFor(() =>
      expect(line).toHaveTextContent('Completeness over every constraint_name value is not counted yet.'),
    );
    await user.click(within(line).getByRole('button', { name: 'Count intervals (1 request)' }));
    await waitFor(() => expect(line).toHaveTextContent(/\([\d,]+ constraint_name values\)/));
    expect(line).not.toHaveTextContent(/location/);
    // Counted against one row per interval, a constraint's intervals without a binding look like
    // gaps: the line says that may be the data's shape, not rows missing.
    expect(line).toHaveTextContent(
      "constraint_name values need not have one row every interval, so these gaps and duplicates may be the data's shape rather than rows missing",
    );
  });
});
