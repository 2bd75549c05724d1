// @vitest-environment jsdom
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { DEMO_API_KEY } from '@/api/connection';
import { holdUntilFirstScreenDone, markFirstScreenDone } from '@/api/firstScreen';
import { serverError } from '@/test/faults';
import { setupMockServer } from '@/test/mockServer';
import { renderApp } from '@/test/renderApp';

const { server } = setupMockServer();

const NAME = 'ERCOT Real-Time Settlement Point Prices (15-minute)';
const BASE = '/datasets/ercot_spp_real_time_15_min/query';
const ONE_DAY = 'range=custom&start=2025-07-14&end=2025-07-15&tz=UTC';

function renderQueryPage(url: string) {
  return renderApp(url);
}

describe('QueryPage', () => {
  it('builds its controls from the dataset metadata and shows the rows of the query in the URL', async () => {
    renderQueryPage(`${BASE}?v=1&fcol=location&fval=HB_NORTH&${ONE_DAY}`);
    const filterColumn = await screen.findByLabelText('Filter column');
    expect(within(filterColumn).getByRole('option', { name: 'spp' })).toBeInTheDocument();
    expect(within(filterColumn).getByRole('option', { name: 'location_type' })).toBeInTheDocument();
    expect(screen.getByLabelText('Filter value')).toHaveValue('HB_NORTH');
    expect(screen.getByRole('checkbox', { name: 'spp' })).toBeInTheDocument();
    // No publish column on this dataset: no vintage control.
    expect(screen.queryByRole('group', { name: 'Forecast vintage' })).not.toBeInTheDocument();

    expect(screen.getByLabelText('Query summary')).toHaveTextContent(
      `${NAME} · location = HB_NORTH · 2025-07-14 → 2025-07-15 (UTC)`,
    );
    expect(await screen.findByText('96 rows loaded · all rows loaded')).toBeInTheDocument();
    const table = screen.getByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'spp ($/MWh)' })).toBeInTheDocument();
    expect(within(table).getAllByText('HB_NORTH').length).toBeGreaterThan(0);
    expect(within(table).getByText('2025-07-14T00:00:00+00:00')).toBeInTheDocument();
  });

  it('runs an edited query on "Run query" and puts it in the URL', async () => {
    const { user, router } = renderQueryPage(`${BASE}?v=1&fcol=location&fval=HB_NORTH&${ONE_DAY}`);
    await screen.findByText('96 rows loaded · all rows loaded');
    await user.click(screen.getByRole('checkbox', { name: 'spp' }));
    await user.clear(screen.getByLabelText('Row limit'));
    await user.type(screen.getByLabelText('Row limit'), '10');
    // Nothing runs while editing.
    expect(router.state.location.search).not.toContain('limit=');
    await user.click(screen.getByRole('button', { name: 'Run query' }));
    await waitFor(() => expect(router.state.location.search).toContain('limit=10'));
    expect(router.state.location.search).toContain('cols=spp');
    expect(await screen.findByText('10 rows loaded · all rows loaded')).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'location' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Query summary')).toHaveTextContent('at most 10 rows');
  });

  it('names the settings of a bad link it ignored and runs with the defaults for them', async () => {
    renderQueryPage(`${BASE}?v=1&fop=like&ps=-3&fcol=location&fval=HB_NORTH&${ONE_DAY}`);
    expect(
      await screen.findByText(
        'Some settings in the link could not be read and were not used: filter operator (“like” is not a filter operator (= != > >= < <= in); = was used instead), page size (“-3” is not a page size from 1 to 50,000; 500 rows a page were used).',
      ),
    ).toBeInTheDocument();
    expect(await screen.findByText('96 rows loaded · all rows loaded')).toBeInTheDocument();
  });

  it('asks a resampled "last 7 days" for whole buckets and says so in the summary', async () => {
    renderQueryPage(`${BASE}?v=1&fcol=location&fval=HB_NORTH&range=last_7d&rs=1d&rsfn=mean&tz=UTC`);
    // The mock's data ends on its own clock, long before now: the summary says so.
    expect(await screen.findByLabelText('Query summary')).toHaveTextContent(
      /last 7 days of its data, which ends \d+ \w+ ago, aligned to whole days: 2025-07-08 00:00 → 2025-07-15 00:00 \(UTC\)/,
    );
    expect(screen.getByLabelText('Time range')).toHaveAccessibleDescription(
      /the range counts back from there/,
    );
    expect(screen.getByText(/the range counts back from there/)).toHaveTextContent(
      /This dataset's data ends \d+ \w+ ago \(2025-07-15 \d\d:\d\d UTC\): the range counts back from there\./,
    );
    // Seven whole days, the first starting at midnight: no day stands for a part of itself.
    expect(await screen.findByText('7 rows loaded · all rows loaded')).toBeInTheDocument();
    expect(within(screen.getByRole('table')).getByText('2025-07-08T00:00:00+00:00')).toBeInTheDocument();
  });

  it('says above the results how complete they are, and marks the buckets a custom range cuts', async () => {
    renderQueryPage(`${BASE}?v=1&fcol=location&fval=HB_NORTH&${ONE_DAY}`);
    expect(await screen.findByLabelText('Data quality')).toHaveTextContent('96 of 96 intervals · no gaps');

    cleanup();
    renderQueryPage(
      `${BASE}?v=1&fcol=location&fval=HB_NORTH&range=custom&start=2025-07-14T00:45&end=2025-07-14T03:30&tz=UTC&rs=1h&rsfn=mean`,
    );
    const line = await screen.findByLabelText('Data quality');
    await waitFor(() => expect(line).toHaveTextContent('11 of 11 source intervals'));
    expect(line).toHaveTextContent(
      '2 partial buckets: 2025-07-14 00:00 HB_NORTH (1 of 4), 2025-07-14 03:00 HB_NORTH (2 of 4)',
    );
    // The table marks the rows of the cut buckets.
    const table = screen.getByRole('table');
    expect(
      within(table).getByText('2025-07-14T00:00:00+00:00 · partial (1 of 4 intervals)'),
    ).toBeInTheDocument();
    expect(within(table).getByText('2025-07-14T01:00:00+00:00')).toBeInTheDocument();
    // Each item opens the query over that bucket alone.
    expect(within(line).getByRole('link', { name: '2025-07-14 00:00 HB_NORTH (1 of 4)' })).toHaveAttribute(
      'href',
      expect.stringContaining('start=2025-07-14T00%3A00%3A00%2B00%3A00'),
    );
  });

  it('asks before counting the completeness of every location', async () => {
    const { user } = renderQueryPage(`${BASE}?v=1&${ONE_DAY}`);
    const line = await screen.findByLabelText('Data quality');
    expect(line).toHaveTextContent('not counted yet');
    await user.click(within(line).getByRole('button', { name: 'Count intervals (1 request)' }));
    await waitFor(() => expect(line).toHaveTextContent(/of [\d,]+ intervals \([\d,]+ locations\) · no gaps/));
  });

  it("shows the server's 400 beside the filter control", async () => {
    renderQueryPage(`${BASE}?v=1&fcol=spp&fval=abc&${ONE_DAY}`);
    const message = await screen.findByText("filter_value 'abc' is not a number; column spp is numeric.");
    const filter = screen.getByRole('group', { name: 'Filter' });
    expect(filter).toContainElement(message);
    expect(screen.getByLabelText('Filter value')).toHaveAttribute('aria-describedby', message.id);
  });

  it('exports all rows of a small query as CSV with the right header and row count', async () => {
    const blobs: Blob[] = [];
    const createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:test';
    });
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { user } = renderQueryPage(`${BASE}?v=1&fcol=location&fval=HB_NORTH&cols=spp&${ONE_DAY}`);
    await user.click(await screen.findByRole('tab', { name: 'Export' }));
    await user.click(screen.getByRole('button', { name: 'Export all rows' }));
    // Named for what it holds, not just the dataset.
    expect(
      await screen.findByText(
        /Saved ercot_spp_real_time_15_min_HB_NORTH_2025-07-14_2025-07-15\.csv: 96 rows, 1 page/,
      ),
    ).toBeInTheDocument();
    const blob = blobs[0];
    if (!blob) throw new Error('no file saved');
    const lines = (await blob.text()).trimEnd().split('\n');
    expect(lines[0]).toBe('interval_start_utc,interval_end_utc,spp');
    expect(lines).toHaveLength(97);
    expect(click).toHaveBeenCalled();
    click.mockRestore();
  });

  it('estimates the rows of a filtered query from the locations it covers, and says when a filter only bounds them', async () => {
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:test'), revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { user } = renderQueryPage(`${BASE}?v=1&fcol=location_type&fval=Trading+Hub&cols=spp&${ONE_DAY}`);
    await user.click(await screen.findByRole('tab', { name: 'Export' }));
    // Seven trading hubs × 96 quarter-hours, not every location of the registry.
    expect(await screen.findByText('About 672 rows in this query.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Export all rows' }));
    expect(
      await screen.findByText(
        /Saved ercot_spp_real_time_15_min_Trading-Hub_2025-07-14_2025-07-15\.csv: 672 rows, 1 page/,
      ),
    ).toBeInTheDocument();
    click.mockRestore();
  });

  it('writes Parquet with a sidecar that names the HTTP mock, and never the key', async () => {
    const blobs: Blob[] = [];
    Object.assign(URL, {
      createObjectURL: vi.fn((blob: Blob) => {
        blobs.push(blob);
        return 'blob:test';
      }),
      revokeObjectURL: vi.fn(),
    });
    const names: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      names.push(this.download);
    });
    const { user } = renderQueryPage(`${BASE}?v=1&fcol=location&fval=HB_NORTH&cols=spp&${ONE_DAY}`);
    // The data-quality line's count goes into the sidecar.
    expect(await screen.findByLabelText('Data quality')).toHaveTextContent('96 of 96 intervals');
    await user.click(await screen.findByRole('tab', { name: 'Export' }));
    await user.selectOptions(screen.getByLabelText('Format'), 'Parquet');
    expect(
      screen.getByText(/timestamps as UTC instants, the _local ones as the market clock/),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Export all rows' }));
    // The Parquet writer's module loads with the first Parquet export; on a busy machine that
    // outlasted the default wait (the export sat at "96 of 96 rows" while it arrived).
    expect(
      await screen.findByText(
        /Saved ercot_spp_real_time_15_min_HB_NORTH_2025-07-14_2025-07-15\.parquet: 96 rows/,
        undefined,
        { timeout: 20_000 },
      ),
    ).toBeInTheDocument();
    expect(names).toEqual([
      'ercot_spp_real_time_15_min_HB_NORTH_2025-07-14_2025-07-15.parquet',
      'ercot_spp_real_time_15_min_HB_NORTH_2025-07-14_2025-07-15.parquet.query.json',
    ]);
    expect(blobs[0]?.type).toBe('application/vnd.apache.parquet');
    const sidecar = JSON.parse((await blobs[1]?.text()) ?? '{}') as Record<string, unknown>;
    expect(sidecar.api_url).toMatch(
      /^http:\/\/127\.0\.0\.1:4010\/v1\/datasets\/ercot_spp_real_time_15_min\/query\?.*filter_value=HB_NORTH/,
    );
    expect(sidecar.rows).toBe(96);
    expect(sidecar.data_quality).toMatchObject({
      checked: true,
      intervals_expected: 96,
      intervals_present: 96,
      gaps: [],
      partial_buckets: [],
    });
    expect(JSON.stringify(sidecar)).not.toContain(DEMO_API_KEY);
    click.mockRestore();
  }, 40_000);

  it('weighs an export against the quota left: a free key is warned before an export it cannot finish today', async () => {
    const { user } = renderApp(
      '/datasets/ercot_lmp_by_settlement_point/query?v=1&range=custom&start=2025-06-01&end=2025-07-01&tz=UTC',
      { connection: { apiKey: 'free-key' } },
    );
    await user.click(await screen.findByRole('tab', { name: 'Export' }));
    const budget = await screen.findByTestId('export-budget');
    await waitFor(() => expect(budget).toHaveTextContent(/That is more requests than are left today/));
    expect(budget).toHaveTextContent(/This key has [\d,]+ requests left today and [\d,]+ left this month\./);
    expect(budget).toHaveTextContent(/can be resumed after it resets at/);
  });

  it('says what a small export costs, with no warning, on the demo key', async () => {
    const { user } = renderQueryPage(`${BASE}?v=1&fcol=location&fval=HB_NORTH&cols=spp&${ONE_DAY}`);
    await user.click(await screen.findByRole('tab', { name: 'Export' }));
    const budget = await screen.findByTestId('export-budget');
    await waitFor(() =>
      expect(budget).toHaveTextContent(
        /^1 request of up to 10,000 rows\. This key has [\d,]+ requests left today and [\d,]+ left this month\.$/,
      ),
    );
  });

  it('calls the estimate of a filter on prices an upper bound', async () => {
    const { user } = renderQueryPage(`${BASE}?v=1&fcol=spp&fop=>&fval=1000&${ONE_DAY}`);
    await user.click(await screen.findByRole('tab', { name: 'Export' }));
    expect(
      await screen.findByText(/^At most [\d,]+ rows in this query: the filter on spp may keep fewer\.$/),
    ).toBeInTheDocument();
  });

  /**
   * Runs `test` with the first screen held, as boot holds it on a cold link; `test` releases it
   * with `release` and reads `registryAsks()`, the requests for the location registry so far.
   */
  async function withFirstScreenHeld(
    test: (registryAsks: () => number, release: () => void) => Promise<void>,
  ): Promise<void> {
    const asked: string[] = [];
    const note = ({ request }: { request: Request }) => void asked.push(new URL(request.url).pathname);
    server.events.on('request:start', note);
    holdUntilFirstScreenDone();
    try {
      await test(
        () => asked.filter((path) => path.endsWith('/pricing_locations')).length,
        () => act(() => markFirstScreenDone()),
      );
    } finally {
      markFirstScreenDone();
      server.events.removeListener('request:start', note);
    }
  }

  it('asks for the location registry, for its check of a typed value, only once the first screen is done', () =>
    withFirstScreenHeld(async (registryAsks, release) => {
      renderQueryPage(`${BASE}?v=1&fcol=location&fval=HB_NOWHERE&${ONE_DAY}`);
      expect(await screen.findByText('No rows match this query.')).toBeInTheDocument();
      expect(registryAsks()).toBe(0);
      expect(screen.queryByText(/is not a known location/)).not.toBeInTheDocument();

      release();
      expect(
        await screen.findByText(/“HB_NOWHERE” is not a known location; the nearest are/),
      ).toBeInTheDocument();
      expect(registryAsks()).toBeGreaterThan(0);
    }));

  it('holds the export’s row count from the registry until the first screen is done, and says it is counting until then', () =>
    withFirstScreenHeld(async (registryAsks, release) => {
      const { user } = renderQueryPage(`${BASE}?v=1&fcol=spp&fop=>&fval=1000&${ONE_DAY}`);
      await user.click(await screen.findByRole('tab', { name: 'Export' }));
      expect(await screen.findByRole('button', { name: /^Export/ })).toBeInTheDocument();
      // No number stands for the count it has not made: the estimate says it is coming, not a guess.
      expect(screen.getByTestId('export-estimate')).toHaveTextContent(
        'Counting the locations this query covers, for its row estimate…',
      );
      expect(screen.queryByText(/rows in this query/)).not.toBeInTheDocument();
      expect(registryAsks()).toBe(0);

      release();
      expect(
        await screen.findByText(/^At most [\d,]+ rows in this query: the filter on spp may keep fewer\.$/),
      ).toBeInTheDocument();
      expect(registryAsks()).toBeGreaterThan(0);
    }));

  it('says the export has no row estimate, and why, when the location count fails', async () => {
    server.use(serverError('*/v1/pricing_locations', 'The registry is being rebuilt.').handler);
    const { user } = renderQueryPage(`${BASE}?v=1&fcol=spp&fop=>&fval=1000&${ONE_DAY}`);
    await user.click(await screen.findByRole('tab', { name: 'Export' }));
    await waitFor(
      () =>
        expect(screen.getByTestId('export-estimate')).toHaveTextContent(
          /^No row estimate: the count of locations failed \(.*The registry is being rebuilt\..*\)\. The export still runs/,
        ),
      { timeout: 5000 },
    );
    expect(screen.queryByText(/rows in this query/)).not.toBeInTheDocument();
    // Beside the control it is about.
    const exportAll = screen.getByRole('group', { name: 'Export all rows' });
    expect(within(exportAll).getByTestId('export-estimate')).toHaveClass(/warning/);
    expect(within(exportAll).getByRole('button', { name: 'Export all rows' })).toBeEnabled();
  });

  it('says plainly that a mistyped location returns nothing, and offers the nearest known ones', async () => {
    const { user, router } = renderQueryPage(`${BASE}?v=1&fcol=location&fval=HB_NOWHERE&${ONE_DAY}`);
    const empty = await screen.findByText('No rows match this query.');
    const results = screen.getByRole('region', { name: 'Results' });
    expect(results).toContainElement(empty);
    expect(
      within(results).getByText(/“HB_NOWHERE” is not a known location; the nearest are/),
    ).toBeInTheDocument();
    // The filter says so too, where the value is typed, with the nearest names to use instead.
    const filter = screen.getByRole('group', { name: 'Filter' });
    expect(within(filter).getByText(/No location named “HB_NOWHERE”\. Did you mean/)).toBeInTheDocument();
    expect(screen.getByLabelText('Filter value')).toHaveAccessibleDescription(
      /No location named “HB_NOWHERE”/,
    );
    // A suggestion is a link that runs the query with it.
    await user.click(within(results).getByRole('link', { name: 'HB_NORTH' }));
    await waitFor(() => expect(router.state.location.search).toContain('fval=HB_NORTH'));
    expect(await screen.findByText('96 rows loaded · all rows loaded')).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Filter' })).queryByText(/No location named/)).toBeNull();
  });

  it('offers a small known set of values as a list to pick from: location types', async () => {
    const { user, router } = renderQueryPage(`${BASE}?v=1&${ONE_DAY}`);
    await user.selectOptions(await screen.findByLabelText('Filter column'), 'location_type');
    const value = await screen.findByRole('combobox', { name: 'Filter value' });
    expect(
      within(value)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose…', 'Load Zone', 'Load Zone DC Tie', 'Resource Node', 'Trading Hub']);
    await user.selectOptions(value, 'Trading Hub');
    // Several at once: a checkbox for each.
    await user.selectOptions(screen.getByLabelText('Operator'), 'in');
    const group = screen.getByRole('group', { name: 'Filter value' });
    // The value picked before stays picked.
    expect(within(group).getByRole('checkbox', { name: 'Trading Hub' })).toBeChecked();
    await user.click(within(group).getByRole('checkbox', { name: 'Load Zone' }));
    await user.click(screen.getByRole('button', { name: 'Run query' }));
    await waitFor(() => expect(router.state.location.search).toContain('fval=Trading+Hub%2CLoad+Zone'));
    // 7 hubs and 8 load zones over 96 quarter-hours.
    await waitFor(() => expect(screen.getByLabelText('Query summary')).toHaveTextContent('location_type in'));
  });

  it('keeps a start it cannot read, says what it expects beside it, and runs nothing until it can', async () => {
    const { user, router } = renderQueryPage(`${BASE}?v=1&fcol=location&fval=HB_NORTH&${ONE_DAY}`);
    await screen.findByText('96 rows loaded · all rows loaded');
    const before = router.state.location.search;
    const start = screen.getByLabelText('Start (inclusive)');
    await user.clear(start);
    await user.type(start, 'next tuesday');
    await user.click(screen.getByRole('button', { name: 'Run query' }));
    // The text stays, the field says why, and the query in the URL is still the one that ran.
    expect(start).toHaveValue('next tuesday');
    expect(start).toHaveAttribute('aria-invalid', 'true');
    expect(start).toHaveAccessibleDescription(/“next tuesday” is not a date or time\. Use 2025-07-01/);
    expect(start).toHaveFocus();
    expect(router.state.location.search).toBe(before);
    expect(screen.queryByText(/settings in the link could not be read/)).toBeNull();

    // A word it knows runs, as a fixed instant in the link.
    await user.clear(start);
    expect(start).not.toHaveAttribute('aria-invalid');
    await user.type(start, '2025-07-14 12:00');
    await user.click(screen.getByRole('button', { name: 'Run query' }));
    await waitFor(() => expect(router.state.location.search).toContain('start=2025-07-14T12%3A00'));
    expect(await screen.findByText('48 rows loaded · all rows loaded')).toBeInTheDocument();
  });

  it('shows the interval start in the chosen zone and hides its three twins, with a Columns menu kept in the URL', async () => {
    const url = `${BASE}?v=1&fcol=location&fval=HB_NORTH&range=custom&start=2025-07-14&end=2025-07-15&tz=market`;
    const { user, router } = renderQueryPage(url);
    await screen.findByText('96 rows loaded · all rows loaded');
    const headers = () =>
      within(screen.getByRole('table'))
        .getAllByRole('columnheader')
        .map((th) => th.getAttribute('aria-label'));
    // The value is on screen: one timestamp, in market time, then the location and the price.
    expect(headers()).toEqual(['interval_start_local', 'location', 'location_type', 'market', 'spp ($/MWh)']);
    await user.click(screen.getByText(/^Columns \(5 of 8 shown\)$/));
    await user.click(screen.getByRole('checkbox', { name: 'interval_end_utc' }));
    await user.click(screen.getByRole('button', { name: 'Pin location' }));
    await waitFor(() => expect(router.state.location.search).toContain('show=interval_end_utc'));
    expect(router.state.location.search).toContain('pin=location');
    expect(headers()).toEqual([
      'location',
      'interval_start_local',
      'interval_end_utc',
      'location_type',
      'market',
      'spp ($/MWh)',
    ]);
    // Layout is not a new query: the rows stay as they were, nothing ran again.
    expect(screen.getByText('96 rows loaded · all rows loaded')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel query' })).toBeNull();
  });

  it('on a phone, folds the form to its summary once rows are shown, with Edit to open it', async () => {
    const original = Object.getOwnPropertyDescriptor(window, 'matchMedia');
    const narrow = (query: string) =>
      ({
        matches: query.includes('max-width'),
        media: query,
        onchange: null,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        dispatchEvent: () => false,
      }) as unknown as MediaQueryList;
    Object.defineProperty(window, 'matchMedia', { configurable: true, writable: true, value: narrow });
    try {
      const { user } = renderQueryPage(`${BASE}?v=1&fcol=location&fval=HB_NORTH&${ONE_DAY}`);
      await screen.findByText('96 rows loaded · all rows loaded');
      const folded = screen.getByRole('region', { name: 'Query' });
      expect(folded).toHaveTextContent(`${NAME} · location = HB_NORTH`);
      expect(screen.queryByLabelText('Filter column')).toBeNull();
      await user.click(within(folded).getByRole('button', { name: 'Edit query' }));
      expect(screen.getByLabelText('Filter value')).toHaveValue('HB_NORTH');
      // Running folds it again.
      await user.click(screen.getByRole('button', { name: 'Run query' }));
      await waitFor(() => expect(screen.queryByLabelText('Filter column')).toBeNull());
    } finally {
      if (original) Object.defineProperty(window, 'matchMedia', original);
    }
  });

  it('offers the query as code with the key as an environment variable', async () => {
    const { user } = renderQueryPage(`${BASE}?v=1&fcol=location&fval=HB_NORTH&${ONE_DAY}`);
    await user.click(await screen.findByRole('tab', { name: 'Code' }));
    const curl = screen.getByRole('region', { name: 'curl' });
    expect(curl).toHaveTextContent('x-api-key: $GRIDSTATUS_API_KEY');
    expect(curl).not.toHaveTextContent(DEMO_API_KEY);
    // The demo data lives in the page; the snippets call the same data over HTTP, and say how to start it.
    expect(curl).toHaveTextContent(
      "curl -G --globoff --url 'http://127.0.0.1:4010/v1/datasets/ercot_spp_real_time_15_min/query'",
    );
    expect(screen.getByText(/the same data runs over HTTP at/)).toHaveTextContent('npm run api');
  });
});

describe('QueryPage history', () => {
  it('restores the previous query on back', async () => {
    const { user, router } = renderQueryPage(`${BASE}?v=1&fcol=location&fval=HB_NORTH&${ONE_DAY}`);
    await screen.findByText('96 rows loaded · all rows loaded');
    await user.selectOptions(screen.getByLabelText('Time range'), 'latest');
    await user.click(screen.getByRole('button', { name: 'Run query' }));
    await waitFor(() => expect(screen.getByLabelText('Query summary')).toHaveTextContent('latest (UTC)'));
    expect(await screen.findByText('1 rows loaded · all rows loaded')).toBeInTheDocument();
    await act(() => router.navigate(-1));
    await waitFor(() => expect(screen.getByLabelText('Time range')).toHaveValue('custom'));
    expect(screen.getByLabelText('Query summary')).toHaveTextContent('2025-07-14 → 2025-07-15 (UTC)');
    expect(await screen.findByText('96 rows loaded · all rows loaded')).toBeInTheDocument();
  });
});

describe('QueryPage links it cannot fully read', () => {
  /** The query requests the mock received while `run` ran. */
  async function queryRequests(run: () => Promise<void>): Promise<URL[]> {
    const seen: URL[] = [];
    const listener = ({ request }: { request: Request }) => {
      const url = new URL(request.url);
      if (url.pathname.endsWith('/query')) seen.push(url);
    };
    server.events.on('request:start', listener);
    try {
      await run();
    } finally {
      server.events.removeListener('request:start', listener);
    }
    return seen;
  }

  it('keeps a start in the link that is not a real date, says so beside Start, and asks the server nothing with it', async () => {
    let router!: ReturnType<typeof renderQueryPage>['router'];
    const requests = await queryRequests(async () => {
      const rendered = renderQueryPage(
        `${BASE}?v=1&fcol=location&fval=HB_NORTH&range=custom&start=2025-13-01&end=2025-07-15&tz=UTC`,
      );
      router = rendered.router;
      const start = await screen.findByLabelText('Start (inclusive)');
      // As if typed and refused: the text stays, the field says why.
      expect(start).toHaveValue('2025-13-01');
      expect(start).toHaveAttribute('aria-invalid', 'true');
      expect(start).toHaveAccessibleDescription(/“2025-13-01” is not a real date/);
      expect(
        screen.getByText(
          'Some settings in the link could not be read and were not used: start time (“2025-13-01” is not a real date or time; the query waits until it is fixed in the form).',
        ),
      ).toBeInTheDocument();
      expect(
        screen.getByText('The query runs once the times marked in the form can be read.'),
      ).toBeInTheDocument();
      expect(screen.getByLabelText('Query summary')).not.toHaveTextContent('2025-13-01');
      // Give any request the page might make the time to leave.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(screen.queryByText(/start_time/)).toBeNull();

      // Fixed in the form, it runs.
      const user = rendered.user;
      await user.clear(start);
      await user.type(start, '2025-07-14');
      await user.click(screen.getByRole('button', { name: 'Run query' }));
      expect(await screen.findByText('96 rows loaded · all rows loaded')).toBeInTheDocument();
    });
    expect(router.state.location.search).toContain('start=2025-07-14');
    expect(requests.length).toBeGreaterThan(0);
    expect(requests.map((url) => url.searchParams.get('start_time'))).not.toContain('2025-13-01');
    expect(screen.queryByText(/settings in the link could not be read/)).toBeNull();
  });

  it('opens a link written with the API’s parameter names as that query', async () => {
    renderQueryPage(
      `${BASE}?start_time=2025-07-14&end_time=2025-07-15&filter_column=location&filter_value=HB_NORTH&resample_frequency=1h&timezone=UTC`,
    );
    expect(await screen.findByText('24 rows loaded · all rows loaded')).toBeInTheDocument();
    expect(screen.getByLabelText('Query summary')).toHaveTextContent(
      `${NAME} · location = HB_NORTH · 2025-07-14 → 2025-07-15 (UTC) · hourly mean`,
    );
    expect(screen.getByLabelText('Filter value')).toHaveValue('HB_NORTH');
    expect(screen.queryByText(/settings in the link could not be read/)).toBeNull();
  });

  it('names the API parameters and the names it did not take from such a link', async () => {
    renderQueryPage(
      `${BASE}?start_time=2025-07-14&end_time=2025-07-15&filter_column=location&filter_value=HB_NORTH&resample_frequency=1h&timezone=UTC&cursor=abc&foo=1`,
    );
    expect(await screen.findByText('24 rows loaded · all rows loaded')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Some settings in the link could not be read and were not used: “cursor” (the builder pages through the rows itself, starting at the first; left out), “foo” (not a setting of this page; left out).',
      ),
    ).toBeInTheDocument();
  });
});
