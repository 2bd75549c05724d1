// @vitest-environment jsdom
import { act, screen, waitFor, within } from '@testing-library/react';
import { fetchDatasetQuery } from '@/api/query/fetchers';
import { neverAnswers, serverError } from '@/test/faults';
import { setupMockServer } from '@/test/mockServer';
import { renderApp } from '@/test/renderApp';
import { compareHref, dataSeries } from '@/compare/compareWorkspace';
import { parseCsv } from '@/lib/csv';
import { writeCsv } from '@/lib/csvWriter';

const { server } = setupMockServer();

const SLOW = { timeout: 10_000 };
const DA = 'ercot_spp_day_ahead_hourly';
const RT = 'ercot_spp_real_time_15_min';
const RANGE = { from: '2025-07-08', to: '2025-07-14' };
const HOUSTON = { filterColumn: 'location', filterValue: 'HB_HOUSTON' };
const DART = compareHref({
  ...RANGE,
  A: dataSeries('A', DA, 'spp', HOUSTON),
  B: dataSeries('B', RT, 'spp', HOUSTON),
  C: { kind: 'expr', key: 'C', expr: 'A - B' },
});

async function statsRow(label: RegExp): Promise<string[]> {
  const table = await screen.findByRole('table', { name: 'Statistics of each series over the range' }, SLOW);
  const row = await within(table).findByRole('row', { name: label }, SLOW);
  return within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);
}

/** The hourly mean of a series over the range, asked of the API as any client would. */
async function apiMean(dataset: string, extra: Record<string, string>): Promise<number> {
  const answer = await fetchDatasetQuery(dataset, {
    start_time: '2025-07-08T05:00:00Z',
    end_time: '2025-07-15T05:00:00Z',
    filter_column: 'location',
    filter_value: 'HB_HOUSTON',
    columns: 'spp',
    page_size: 5000,
    ...extra,
  });
  const values = answer.data.map((r) => Number(r.spp));
  return values.reduce((a, b) => a + b, 0) / values.length;
}

const money = (v: number) => `${v.toLocaleString('en-US', { maximumFractionDigits: 2 })} $/MWh`;

describe('Compare page', () => {
  it('aligns day-ahead and real-time prices on one hourly grid, with the spread and its statistics', async () => {
    renderApp(DART);
    expect(await screen.findByRole('heading', { level: 1, name: 'Compare' }, SLOW)).toBeInTheDocument();
    const a = await statsRow(/^A: /);
    const b = await statsRow(/^B: /);
    const c = await statsRow(/^C = A - B/);
    // 7 market days of 24 hours: every hour present in each series.
    expect([a[0], a[1], b[0], b[1], c[0]]).toEqual(['168', '0', '168', '0', '168']);
    // The same numbers as the API's own hourly resampling of the same rows.
    const da = await apiMean(DA, {});
    const rt = await apiMean(RT, { resample_frequency: '1h', resample_function: 'mean' });
    expect(a[4]).toBe(money(da));
    expect(b[4]).toBe(money(rt));
    expect(c[4]).toBe(money(da - rt));
    expect(
      screen.getByText(/^Correlation of A and B: r = 0\.\d{3} over 168 intervals\.$/),
    ).toBeInTheDocument();
  });

  it('lists the events of a condition, and an event zooms the chart to it', async () => {
    const { user, router } = renderApp(`${DART}&when=${encodeURIComponent('B > A')}`);
    const events = await screen.findByRole('table', { name: /^Events where B > A/ }, SLOW);
    const first = within(events).getAllByRole('button')[0];
    expect(first).toBeDefined();
    await user.click(first as HTMLElement);
    await waitFor(() => expect(router.state.location.search).toMatch(/zoom=\d+_\d+/));
    expect(screen.getByRole('button', { name: 'Show the whole range' })).toBeInTheDocument();
  });

  it('explains an invalid expression and mixed units next to the field', async () => {
    const { user } = renderApp(
      compareHref({
        ...RANGE,
        A: dataSeries('A', DA, 'spp', HOUSTON),
        B: dataSeries('B', 'ercot_load', 'load'),
      }),
    );
    // $/MWh on the left axis, MW on the right, and the legend says which is which.
    await waitFor(
      () =>
        expect(
          within(screen.getByRole('list', { name: 'Legend' }))
            .getAllByRole('listitem')
            .map((li) => li.textContent),
        ).toEqual([
          'A: Day-Ahead Settlement Point Prices (hourly) · spp · HB_HOUSTON ($/MWh, left axis)',
          'B: Load · load (MW, right axis)',
        ]),
      SLOW,
    );
    await user.click(await screen.findByRole('button', { name: 'Add derived series' }, SLOW));
    const field = await screen.findByLabelText('Expression for C');
    await user.clear(field);
    await user.type(field, 'A + B{Enter}');
    const message = await screen.findByText('Cannot add $/MWh and MW', {}, SLOW);
    expect(field).toHaveAttribute('aria-describedby', message.id);
    await user.clear(field);
    await user.type(field, '(A - {Enter}');
    expect(await screen.findByText('The expression ends too early', {}, SLOW)).toBeInTheDocument();
  });

  it('a failing series shows its own error while the others are drawn', async () => {
    server.use(serverError(`*/v1/datasets/${RT}/query`, 'Real-time store offline.').handler);
    renderApp(DART);
    const row = await screen.findByRole('listitem', { name: 'Series B' }, SLOW);
    expect(await within(row).findByRole('alert', {}, SLOW)).toHaveTextContent('Real-time store offline.');
    expect((await statsRow(/^A: /))[0]).toBe('168');
    expect(
      within(await screen.findByRole('listitem', { name: 'Series C' })).getByRole('alert'),
    ).toHaveTextContent('Series B has an error.');
  });

  it('a preset fills the workspace in one click, and the URL holds it', async () => {
    const { user, router } = renderApp('/compare');
    await user.click(await screen.findByRole('button', { name: 'Net load' }, SLOW));
    await waitFor(() => expect(screen.getAllByRole('listitem', { name: /^Series / })).toHaveLength(4));
    expect(screen.getByLabelText('Expression for D')).toHaveValue('A - B - C');
    const params = new URLSearchParams(router.state.location.search);
    expect(params.get('D')).toBe('expr:A - B - C');
    expect(params.get('B')).toBe('ercot_fuel_mix:wind');
  });

  it('the forecast view scores the forecast known 24 hours ahead against the actual load', async () => {
    renderApp(
      compareHref({
        ...RANGE,
        from: '2025-07-12',
        A: dataSeries('A', 'ercot_load', 'load'),
        B: dataSeries('B', 'ercot_load_forecast_by_forecast_zone', 'system_total', { lead: 24 }),
        view: 'forecast',
        lead: 24,
      }),
    );
    const summary = await screen.findByText(
      /^Forecast published at least 24 h ahead, over 72 hours: MAE/,
      {},
      SLOW,
    );
    expect(summary).toHaveTextContent(/MAPE \d+\.\d\d %/);
    expect(screen.getByRole('figure', { name: 'Error by lead hour' })).toBeInTheDocument();
  });

  it('"Add to compare" on the query builder starts a workspace, and the next one joins it under B', async () => {
    const { user, router } = renderApp(
      `/datasets/${RT}/query?v=1&fcol=location&fval=HB_NORTH&range=custom&start=2025-07-08&end=2025-07-15&tz=market&rs=1h&rsfn=max`,
    );
    await user.click(await screen.findByRole('link', { name: 'Add to compare' }, SLOW));
    await waitFor(() => expect(router.state.location.pathname).toBe('/compare'));
    let params = new URLSearchParams(router.state.location.search);
    expect(params.get('A')).toBe(`${RT}:spp;location=HB_NORTH;fn=max`);
    expect([params.get('from'), params.get('to')]).toEqual(['2025-07-08', '2025-07-14']);
    // Alone, the 15-minute series sets the grid: 7 days of 96 intervals.
    expect((await statsRow(/^A: /))[0]).toBe('672');

    await act(() =>
      router.navigate(
        `/datasets/${DA}/query?v=1&fcol=location&fval=HB_NORTH&range=custom&start=2025-07-08&end=2025-07-15`,
      ),
    );
    await user.click(await screen.findByRole('link', { name: 'Add to compare' }, SLOW));
    await waitFor(() => expect(router.state.location.pathname).toBe('/compare'));
    params = new URLSearchParams(router.state.location.search);
    expect(params.get('A')).toBe(`${RT}:spp;location=HB_NORTH;fn=max`);
    expect(params.get('B')).toBe(`${DA}:spp;location=HB_NORTH`);
    // With an hourly series beside it the grid is hourly (the API takes each hour's max of A).
    expect((await statsRow(/^B: /))[0]).toBe('168');
    expect((await statsRow(/^A: /))[0]).toBe('168');
  });

  it("a resource node's page offers its prices and the node against its hub", async () => {
    renderApp('/locations/ABILENE_ALL');
    const hub = await screen.findByRole('link', { name: 'Compare with its hub (HB_WEST)' }, SLOW);
    const params = new URL(hub.getAttribute('href') ?? '', 'http://x').searchParams;
    expect(params.get('A')).toBe('ercot_lmp_by_settlement_point:lmp;location=ABILENE_ALL');
    expect(params.get('B')).toBe('ercot_lmp_by_settlement_point:lmp;location=HB_WEST');
    expect(params.get('C')).toBe('expr:A - B');
    const add = screen.getByRole('link', { name: 'Add ercot_spp_day_ahead_hourly to compare' });
    expect(new URL(add.getAttribute('href') ?? '', 'http://x').searchParams.get('A')).toBe(
      'ercot_spp_day_ahead_hourly:spp;location=ABILENE_ALL',
    );
  });

  it('a series still loading can be cancelled, which stops its request, and loaded again', async () => {
    const hang = neverAnswers(`*/v1/datasets/${RT}/query`, { once: true });
    server.use(hang.handler);
    const { user } = renderApp(DART);
    const row = await screen.findByRole('listitem', { name: 'Series B' }, SLOW);
    // The request is on its way (held by the server), not still waiting for its turn.
    await waitFor(() => expect(hang.requests).toHaveLength(1), SLOW);
    await user.click(await within(row).findByRole('button', { name: 'Cancel B' }, SLOW));
    expect(await within(row).findByText('Cancelled.', {}, SLOW)).toBeInTheDocument();
    await waitFor(() => expect(hang.aborted()).toBe(1));
    await user.click(within(row).getByRole('button', { name: 'Load B again' }));
    expect((await statsRow(/^B: /))[0]).toBe('168');
  });
});

describe('Compare page links', () => {
  it('names each setting of a crafted link it could not read, and what it used instead', async () => {
    const { router } = renderApp(
      `/compare?from=2026-13-45&to=2025-07-14&A=garbage&s=garbage&B=${DA}:spp;location=HB_HOUSTON&C=nope:spp`,
    );
    const notice = await screen.findByText(
      /^Some settings in the link could not be read and were not used: /,
      {},
      SLOW,
    );
    expect(notice).toHaveTextContent(
      /from \(“2026-13-45” is not a real date \(YYYY-MM-DD\); \d{4}-\d{2}-\d{2} was used instead\)/,
    );
    expect(notice).toHaveTextContent(
      'series A (“garbage” is not a series (dataset:column, or expr: and an expression); left out)',
    );
    expect(notice).toHaveTextContent('“s” (not a setting of this page; left out)');
    // The catalog says which datasets exist: a series of another is named too, and asked for nowhere.
    await waitFor(
      () => expect(notice).toHaveTextContent('series C (there is no dataset “nope”; not drawn)'),
      SLOW,
    );
    // What could be read still opens.
    expect(await screen.findByRole('listitem', { name: 'Series B' }, SLOW)).toBeInTheDocument();
    expect(new URLSearchParams(router.state.location.search).get('to')).toBe('2025-07-14');
  });

  it('says nothing about a link it read whole', async () => {
    renderApp(DART);
    await statsRow(/^A: /);
    expect(screen.queryByText(/settings in the link could not be read/)).toBeNull();
  });
});

describe('Compare page CSV files', () => {
  /** Every file the page saves, with its name, without a browser download. */
  function captureDownloads(): {
    files: { name: string; text: () => Promise<string> }[];
    restore: () => void;
  } {
    const blobs: Blob[] = [];
    const files: { name: string; text: () => Promise<string> }[] = [];
    const methods = ['createObjectURL', 'revokeObjectURL'] as const;
    const saved = methods.map((m) => Object.getOwnPropertyDescriptor(URL, m));
    Object.assign(URL, {
      createObjectURL: vi.fn((blob: Blob) => {
        blobs.push(blob);
        return `blob:${blobs.length - 1}`;
      }),
      revokeObjectURL: vi.fn(),
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      const blob = blobs[Number(this.href.split(':').pop())];
      files.push({ name: this.download, text: () => blob?.text() ?? Promise.resolve('') });
    });
    return {
      files,
      restore: () => {
        click.mockRestore();
        // Where jsdom has none the stub stays: saveBlob revokes its URL a while after the test.
        methods.forEach((m, i) => {
          const descriptor = saved[i];
          if (descriptor) Object.defineProperty(URL, m, descriptor);
        });
      },
    };
  }

  it('the aligned CSV writes the spread A - B as decimals, without binary noise', async () => {
    const downloads = captureDownloads();
    try {
      const { user } = renderApp(DART);
      await statsRow(/^C = A - B/);
      await user.click(await screen.findByRole('button', { name: 'Export aligned CSV' }, SLOW));
      await waitFor(() => expect(downloads.files).toHaveLength(1));
      const text = (await downloads.files[0]?.text()) ?? '';
      const [header, ...rows] = parseCsv(text);
      expect(header?.[4]).toBe('C = A - B ($/MWh)');
      expect(rows).toHaveLength(168);
      for (const row of rows) {
        const [a, b, c] = row.slice(2).map(Number) as [number, number, number];
        // No number carries more digits than its data and two more; none the 16th digit of noise.
        for (const cell of row.slice(2)) expect(cell).toMatch(/^-?\d+(\.\d{1,6})?$/);
        expect(Math.abs(c - (a - b))).toBeLessThan(1e-6);
      }
    } finally {
      downloads.restore();
    }
  });

  it('the events CSV starts with its header row and reads back as a table; the condition goes into its sidecar', async () => {
    const downloads = captureDownloads();
    try {
      const { user } = renderApp(`${DART}&when=${encodeURIComponent('B > A')}`);
      await screen.findByRole('table', { name: /^Events where B > A/ }, SLOW);
      await user.click(screen.getByRole('button', { name: 'Export events as CSV' }));
      await waitFor(() => expect(downloads.files).toHaveLength(2));
      const [csv, sidecar] = downloads.files;
      expect([csv?.name, sidecar?.name]).toEqual(['compare-events.csv', 'compare-events.csv.query.json']);
      const text = (await csv?.text()) ?? '';
      expect(text.split('\n')[0]).toBe('start_utc,end_utc,start_local,duration_minutes,intervals,peak,mean');
      const [header = [], ...rows] = parseCsv(text);
      expect(rows.length).toBeGreaterThan(0);
      // What pandas.read_csv reads is the whole file: written again, the table is the same text.
      expect(writeCsv(header, rows)).toBe(text);
      for (const row of rows) for (const cell of row.slice(5)) expect(cell).toMatch(/^-?\d+(\.\d{1,6})?$/);
      expect(JSON.parse((await sidecar?.text()) ?? '{}')).toMatchObject({
        file: 'compare-events.csv',
        condition: 'B > A',
        unit: '$/MWh',
        events: rows.length,
      });
    } finally {
      downloads.restore();
    }
  });
});

describe('Compare page: every number is true or says why not', () => {
  const legend = () =>
    within(screen.getByRole('list', { name: 'Legend' }))
      .getAllByRole('listitem')
      .map((li) => li.textContent);

  it('a mistyped location is named as it is typed, with the nearest names; one click fixes the series', async () => {
    const { user, router } = renderApp(DART);
    expect((await statsRow(/^A: /))[0]).toBe('168');
    const field = screen.getByLabelText('Location of A');
    await user.clear(field);
    await user.type(field, 'HB_NRTH');
    // Said beside the field before anything is applied.
    const row = screen.getByRole('listitem', { name: 'Series A' });
    expect(await within(row).findByText(/No location named “HB_NRTH”\. Did you mean/)).toBeInTheDocument();
    expect(field).toHaveAccessibleDescription(/No location named “HB_NRTH”/);
    expect(new URLSearchParams(router.state.location.search).get('A')).toContain('location=HB_HOUSTON');
    // Applied anyway, the series is not asked for: it says why instead of drawing nothing.
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(new URLSearchParams(router.state.location.search).get('A')).toContain('location=HB_NRTH'),
    );
    expect(await within(row).findByRole('alert')).toHaveTextContent(
      /No location named “HB_NRTH”\. Did you mean HB_NORTH.*\?A is not fetched\./,
    );
    const table = screen.getByRole('table', { name: 'Statistics of each series over the range' });
    await waitFor(() => expect(within(table).queryByRole('row', { name: /^A: / })).toBeNull());
    expect(within(screen.getByRole('listitem', { name: 'Series C' })).getByRole('alert')).toHaveTextContent(
      'Series A has an error.',
    );
    await user.click(within(row).getByRole('button', { name: 'Use HB_NORTH instead of HB_NRTH' }));
    await waitFor(() =>
      expect(new URLSearchParams(router.state.location.search).get('A')).toBe(`${DA}:spp;location=HB_NORTH`),
    );
    expect(screen.getByLabelText('Location of A')).toHaveValue('HB_NORTH');
    expect((await statsRow(/^A: .*HB_NORTH/))[0]).toBe('168');
    expect(within(row).queryByText(/No location named/)).toBeNull();
  });

  it('a location from a link that names no location says so, not a series of nothing', async () => {
    const { user } = renderApp(
      compareHref({ ...RANGE, A: dataSeries('A', DA, 'spp', { ...HOUSTON, filterValue: 'HB_NRTH' }) }),
    );
    const row = await screen.findByRole('listitem', { name: 'Series A' }, SLOW);
    expect(await within(row).findByRole('alert', {}, SLOW)).toHaveTextContent(/No location named “HB_NRTH”/);
    expect(screen.queryByRole('row', { name: /^A: / })).toBeNull();
    await user.click(within(row).getByRole('button', { name: 'Use HB_NORTH instead of HB_NRTH' }));
    expect((await statsRow(/^A: .*HB_NORTH/))[0]).toBe('168');
  });

  it('an expression applies after a pause in typing; an invalid one leaves the chart on the last valid one and says so', async () => {
    const { user, router } = renderApp(DART);
    await statsRow(/^C = A - B/);
    const field = screen.getByLabelText('Expression for C');
    await user.clear(field);
    await user.type(field, 'B - A');
    // No Enter, no leaving the field: the pause applies it.
    await waitFor(() =>
      expect(new URLSearchParams(router.state.location.search).get('C')).toBe('expr:B - A'),
    );
    await statsRow(/^C = B - A \d/);
    await waitFor(() => expect(legend()).toContain('C = B - A ($/MWh, left axis)'));
    expect(field).toHaveFocus();

    await user.type(field, ' +');
    expect(await screen.findByText('The expression ends too early')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(
      within(screen.getByRole('listitem', { name: 'Series C' })).getByText(
        'Not applied: the chart, legend and statistics still show C = B - A.',
      ),
    ).toBeInTheDocument();
    // The drawn series is still B - A, and where it is named it says the text being edited is not applied.
    expect(legend()).toContain('C = B - A (editing “B - A +”: not applied yet) ($/MWh, left axis)');
    expect((await statsRow(/^C = B - A \(editing “B - A \+”: not applied yet\) \d/))[0]).toBe('168');
    expect(new URLSearchParams(router.state.location.search).get('C')).toBe('expr:B - A');
  });

  it('a division by zero says how many intervals it left empty and why', async () => {
    const { user } = renderApp(DART);
    await statsRow(/^C = A - B/);
    const field = screen.getByLabelText('Expression for C');
    await user.clear(field);
    await user.type(field, 'A / 0');
    const row = screen.getByRole('listitem', { name: 'Series C' });
    expect(
      await within(row).findByText('A / 0: 168 intervals left empty: division by zero.', {}, SLOW),
    ).toBeInTheDocument();
    expect(field).toHaveAccessibleDescription('A / 0: 168 intervals left empty: division by zero.');
    // The statistics count them missing, and say why beside the count.
    const c = await statsRow(/^C = A \/ 0 \d/);
    expect([c[0], c[1]]).toEqual(['0', '168']);
    expect(
      within(screen.getByRole('list', { name: 'Missing values made by derived series' })).getByText(
        'C = A / 0: 168 intervals left empty: division by zero.',
      ),
    ).toBeInTheDocument();
  });

  it("events' peak and mean name the series they describe; a condition applies as it is typed, only when valid", async () => {
    const { user, router } = renderApp(`${DART}&when=${encodeURIComponent('B > A')}`);
    const events = await screen.findByRole('table', { name: /^Events where B > A/ }, SLOW);
    expect(
      within(events)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Start', 'End', 'Duration', 'Peak of B ($/MWh)', 'Mean of B ($/MWh)']);

    const field = screen.getByLabelText('Condition');
    await user.type(field, ' +');
    expect(await screen.findByText('The expression ends too early')).toBeInTheDocument();
    expect(
      screen.getByText('“B > A +” is not applied yet; the events listed are those of “B > A”.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('table', { name: /^Events where B > A$/ })).toBeInTheDocument();

    await user.type(field, ' 5');
    await waitFor(() =>
      expect(new URLSearchParams(router.state.location.search).get('when')).toBe('B > A + 5'),
    );
    const shifted = await screen.findByRole('table', { name: /^Events where B > A \+ 5$/ });
    expect(within(shifted).getAllByRole('columnheader')[3]).toHaveTextContent('Peak of B ($/MWh)');
    expect(screen.queryByText(/is not applied yet/)).toBeNull();
  });

  it('a condition on a series without values in the range says so, not that no interval meets it', async () => {
    // ALVIN_RN retired in June 2024: its derived basis C has no value in this week of 2025.
    const LMP = 'ercot_lmp_by_settlement_point';
    const { user } = renderApp(
      compareHref({
        ...RANGE,
        A: dataSeries('A', LMP, 'lmp', { ...HOUSTON, filterValue: 'ALVIN_RN' }),
        B: dataSeries('B', LMP, 'lmp', HOUSTON),
        C: { kind: 'expr', key: 'C', expr: 'A - B' },
        grid: '1h',
        when: 'C < -10',
      }),
    );
    const events = (await screen.findByRole('heading', { name: 'Events' }, SLOW)).closest('section');
    expect(
      await within(events as HTMLElement).findByText(
        'C has no values in this range (it reads A, which has none). No interval can be checked against the condition.',
        {},
        SLOW,
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('No interval meets the condition.')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Export events as CSV' })).toBeNull();
    // The hub has its values: a condition on it alone is checked, and can be found calm.
    const field = screen.getByLabelText('Condition');
    await user.clear(field);
    await user.type(field, 'B < -10000');
    expect(
      await within(events as HTMLElement).findByText('No interval meets the condition.', {}, SLOW),
    ).toBeInTheDocument();
    expect(within(events as HTMLElement).queryByText(/has no values in this range/)).toBeNull();
  });

  it('a calm answer over a range that runs past now counts the intervals it could not check', async () => {
    // The test clock is 2025-07-15 20:00 UTC: the hub's real-time prices end there, four days early.
    renderApp(
      compareHref({
        from: '2025-07-13',
        to: '2025-07-19',
        A: dataSeries('A', RT, 'spp', HOUSTON),
        grid: '1h',
        when: 'A < -10000',
      }),
    );
    const events = (await screen.findByRole('heading', { name: 'Events' }, SLOW)).closest(
      'section',
    ) as HTMLElement;
    const line = await within(events).findByText(
      /^No interval of the [\d,]+ it could check meets the condition\./,
      {},
      SLOW,
    );
    const checked = Number(/of the ([\d,]+) it could/.exec(line.textContent)?.[1]?.replace(/,/g, ''));
    const unknown = Number(
      / ([\d,]+) of 168 intervals have no value on one side of it/.exec(line.textContent)?.[1],
    );
    expect(checked + unknown).toBe(168);
    expect(unknown).toBeGreaterThan(24 * 3);
    expect(within(events).queryByText('No interval meets the condition.')).toBeNull();
  });

  it('a condition on a series whose loading was stopped says it cannot be checked, not that it waits', async () => {
    const hang = neverAnswers(`*/v1/datasets/${RT}/query`, { once: true });
    server.use(hang.handler);
    const { user } = renderApp(`${DART}&when=${encodeURIComponent('C > 0')}`);
    const row = await screen.findByRole('listitem', { name: 'Series B' }, SLOW);
    await waitFor(() => expect(hang.requests).toHaveLength(1), SLOW);
    const events = screen.getByRole('heading', { name: 'Events' }).closest('section') as HTMLElement;
    expect(within(events).getByText('Waiting for the series…')).toBeInTheDocument();
    await user.click(await within(row).findByRole('button', { name: 'Cancel B' }, SLOW));
    // C reads B: the page names the series that stopped, in the words of the chart and statistics.
    expect(
      await within(events).findByText(
        'Without values: B (stopped). No interval can be checked against the condition.',
        {},
        SLOW,
      ),
    ).toBeInTheDocument();
    expect(within(events).queryByText('Waiting for the series…')).toBeNull();
  });
});
