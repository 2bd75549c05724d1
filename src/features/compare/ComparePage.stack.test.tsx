// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { TEST_NOW } from '@/test/clock';
import { setupMockServer } from '@/test/mockServer';
import { renderApp } from '@/test/renderApp';
import { compareHref, dataSeries } from '@/compare/compareWorkspace';
import { parseCsv } from '@/lib/csv';

const { server } = setupMockServer();

const SLOW = { timeout: 15_000 };
const FUEL = 'ercot_fuel_mix';
const RANGE = { from: '2025-07-08', to: '2025-07-09', grid: '1h' as const };
/** Gas, wind, solar and storage (which charges below zero at midday): all in MW. */
const MIX = {
  ...RANGE,
  A: dataSeries('A', FUEL, 'natural_gas'),
  B: dataSeries('B', FUEL, 'wind'),
  C: dataSeries('C', FUEL, 'solar'),
  D: dataSeries('D', FUEL, 'power_storage'),
};

const stackBox = () => screen.findByRole('checkbox', { name: 'Stack series as areas' }, SLOW);

async function statsRow(label: RegExp): Promise<string[]> {
  const table = await screen.findByRole('table', { name: 'Statistics of each series over the range' }, SLOW);
  const row = await within(table).findByRole('row', { name: label }, SLOW);
  return within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);
}

describe('Compare page, stacked', () => {
  afterEach(() => vi.useRealTimers());

  it('does not count the intervals of today still to come as missing, and says how many there are', async () => {
    // 15:00 CDT, the mock's present too: of the day's 288 five-minute intervals, 181 have begun.
    vi.useFakeTimers({ toFake: ['Date'], now: TEST_NOW });
    renderApp(
      compareHref({
        from: '2025-07-15',
        to: '2025-07-15',
        grid: '5min',
        A: dataSeries('A', FUEL, 'natural_gas'),
        B: dataSeries('B', FUEL, 'wind'),
      }),
    );
    const a = await statsRow(/^A: /);
    expect([a[0], a[1]]).toEqual(['181', '0']);
    expect(await screen.findByTestId('stats-to-come')).toHaveTextContent(
      'The range runs past now: its last 107 intervals have not begun, and an empty one of those is not counted as missing.',
    );
  });

  it('names the series still on their way instead of a row for them, and shows the net only once every series in it has come', async () => {
    let release = (): void => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.get('*/v1/datasets/ercot_fuel_mix/query', async ({ request }) => {
        // Wind's rows wait; the mock's own handler answers once released (returning nothing falls through).
        if (new URL(request.url).searchParams.get('columns') === 'wind') await held;
        return undefined;
      }),
    );
    renderApp(compareHref({ ...MIX, stack: 'on' }));
    expect(await statsRow(/^A: /)).toHaveLength(9);
    // C and D come on their own; B waits for its answer.
    await waitFor(
      () =>
        expect(screen.getByTestId('stats-waiting')).toHaveTextContent(
          'Not in the table: B (loading). The stack’s net comes once every series in it has its values.',
        ),
      SLOW,
    );
    // The chart draws the others, and says its stack's top is not the whole.
    expect(screen.getByTestId('chart-waiting')).toHaveTextContent(
      'Not drawn yet: B (loading). The stack’s top sums only the series drawn.',
    );
    // Before, the net of the series so far read "Count 0, Missing 48": a gap in the data that is not there.
    const table = screen.getByRole('table', { name: 'Statistics of each series over the range' });
    expect(within(table).queryByRole('row', { name: /^Net of / })).toBeNull();
    release();
    expect((await statsRow(/^Net of A \+ B \+ C \+ D \(stacked\)/)).slice(0, 2)).toEqual(['48', '0']);
    expect(screen.queryByTestId('stats-waiting')).toBeNull();
    expect(screen.queryByTestId('chart-waiting')).toBeNull();
  });

  it('stacks the fuel mix columns from the control, keeps it in the link, and adds the stack net to the statistics', async () => {
    const { user, router, container } = renderApp(compareHref(MIX));
    const box = await stackBox();
    await waitFor(() => expect(box).toBeEnabled(), SLOW);
    expect(box).not.toBeChecked();
    await user.click(box);
    expect(box).toBeChecked();
    expect(new URLSearchParams(router.state.location.search).get('stack')).toBe('on');
    // The legend toggles the series in and out of the stack, and says the stack's order and unit.
    // (It lists the series that have values: on a slow machine one may still be on its way.)
    const legend = await screen.findByRole('group', { name: 'Stacked (MW), first on zero' }, SLOW);
    await waitFor(
      () =>
        expect(
          within(legend)
            .getAllByRole('button')
            .map((b) => b.textContent),
        ).toEqual([
          expect.stringMatching(/^A: /),
          expect.stringMatching(/^B: /),
          expect.stringMatching(/^C: /),
          expect.stringMatching(/^D: /),
        ]),
      SLOW,
    );
    expect(screen.queryByTestId('chart-waiting')).toBeNull();
    await screen.findByRole('figure', { name: /^Stacked chart of A: .*; D: / }, SLOW);
    await waitFor(() =>
      expect(container.querySelectorAll('path.stack-area').length).toBeGreaterThanOrEqual(4),
    );
    // Storage charges at midday: it has a band below zero as well as above.
    const storage = container.querySelectorAll('path.stack-area[data-series^="D: "]');
    expect(storage).toHaveLength(2);

    const sum = await statsRow(/^Net of A \+ B \+ C \+ D \(stacked\)/);
    const parts = await Promise.all([/^A: /, /^B: /, /^C: /, /^D: /].map(statsRow));
    // 48 hours, none missing; the sum's energy is the parts' energies added (within rounding).
    expect(sum.slice(0, 2)).toEqual(['48', '0']);
    const mwh = (cells: string[]) => Number((cells[8] ?? '').replace(/[^\d.-]/g, ''));
    const added = parts.reduce((total, cells) => total + mwh(cells), 0);
    expect(Math.abs(mwh(sum) - added)).toBeLessThanOrEqual(4);
  });

  it('opens stacked from a link, and the aligned CSV keeps stack order and adds the sum column', async () => {
    // saveBlob hands the file to a link's click: the blob is kept and the click goes nowhere.
    const blobs: Blob[] = [];
    const methods = ['createObjectURL', 'revokeObjectURL'] as const;
    const saved = methods.map((m) => Object.getOwnPropertyDescriptor(URL, m));
    Object.assign(URL, {
      createObjectURL: vi.fn((blob: Blob) => `blob:${blobs.push(blob) - 1}`),
      revokeObjectURL: vi.fn(),
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    try {
      const { user } = renderApp(compareHref({ ...MIX, stack: 'on' }));
      expect(await stackBox()).toBeChecked();
      await screen.findByRole('figure', { name: /^Stacked chart of / }, SLOW);
      const exportButton = screen.getByRole('button', { name: 'Export aligned CSV' });
      await waitFor(() => expect(exportButton).toBeEnabled(), SLOW);
      await user.click(exportButton);
      await waitFor(() => expect(blobs).toHaveLength(1));
      const [header, ...rows] = parseCsv((await blobs[0]?.text()) ?? '');
      expect(header?.slice(2).map((h) => h.replace(/:.*\((MW)\)$/, ' $1'))).toEqual([
        'A MW',
        'B MW',
        'C MW',
        'D MW',
        'Net of A + B + C + D (stacked) (MW)',
      ]);
      expect(rows).toHaveLength(48);
      for (const row of rows) {
        const [a, b, c, d, sum] = row.slice(2).map(Number) as [number, number, number, number, number];
        // Each column is written at its data's decimals (two for MW): the sum is the parts added.
        expect(Math.abs(sum - (a + b + c + d))).toBeLessThan(0.02);
      }
    } finally {
      click.mockRestore();
      // Where jsdom has none the stub stays: saveBlob revokes its URL a while after the test.
      methods.forEach((m, i) => {
        const descriptor = saved[i];
        if (descriptor) Object.defineProperty(URL, m, descriptor);
      });
    }
  });

  it('takes a series the legend hides out of the net in the statistics, which names it, and keeps its own row marked', async () => {
    const { user, container } = renderApp(compareHref({ ...MIX, stack: 'on' }));
    const legend = await screen.findByRole('group', { name: 'Stacked (MW), first on zero' }, SLOW);
    await waitFor(
      () => expect(container.querySelectorAll('path.stack-area').length).toBeGreaterThanOrEqual(4),
      SLOW,
    );
    await user.click(within(legend).getByRole('button', { name: /^B: / }));
    expect(within(legend).getByRole('button', { name: /^B: / })).toHaveAttribute('aria-pressed', 'false');
    expect(container.querySelector('path.stack-area[data-series^="B: "]')).toBeNull();

    // Storage (D) charges below zero at midday: the net counts it, as the tooltip's "Net" does.
    const net = await statsRow(/^Net of A \+ C \+ D \(stacked; B hidden in the chart\)/);
    expect(screen.queryByRole('row', { name: /^Net of A \+ B/ })).not.toBeInTheDocument();
    const hiddenRow = await statsRow(/^B: .* \(hidden in the chart\)/);
    expect(hiddenRow[0]).toBe('48');
    const parts = await Promise.all([/^A: /, /^C: /, /^D: /].map(statsRow));
    const mwh = (cells: string[]) => Number((cells[8] ?? '').replace(/[^\d.-]/g, ''));
    const added = parts.reduce((total, cells) => total + mwh(cells), 0);
    expect(Math.abs(mwh(net) - added)).toBeLessThanOrEqual(3);
    expect(Math.min(...parts.map((cells) => Number((cells[2] ?? '').replace(/[^\d.-]/g, ''))))).toBeLessThan(
      0,
    );

    await user.click(within(legend).getByRole('button', { name: /^B: / }));
    expect(await statsRow(/^Net of A \+ B \+ C \+ D \(stacked\)/)).toHaveLength(9);
  });

  it('disables the control with the reason beside it when the series have different units', async () => {
    renderApp(
      compareHref({
        ...RANGE,
        stack: 'on',
        A: dataSeries('A', FUEL, 'wind'),
        B: dataSeries('B', 'ercot_spp_day_ahead_hourly', 'spp', {
          filterColumn: 'location',
          filterValue: 'HB_HOUSTON',
        }),
      }),
    );
    const box = await stackBox();
    await waitFor(
      () => expect(box).toHaveAccessibleDescription('Stacking needs one unit: A in MW; B in $/MWh.'),
      SLOW,
    );
    expect(box).toBeDisabled();
    expect(box).not.toBeChecked();
    expect(await screen.findByRole('figure', { name: /^Chart of / }, SLOW)).toBeInTheDocument();
  });
});
