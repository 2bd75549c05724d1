// @vitest-environment jsdom
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { DatasetQueryArraysResponse } from '@/contract';
import { setupMockServer } from '@/test/mockServer';
import { renderApp } from '@/test/renderApp';
import { prefetchShownStep } from './shownStep';

const { server } = setupMockServer();

const LMP = 'ercot_lmp_by_settlement_point';
const DA = 'ercot_spp_day_ahead_hourly';
// 2025-07-14 15:00 CDT (20:00 UTC): interval 180 of the market day.
const INDEX = 180;
const AT = '2025-07-14T20:00:00+00:00';

/** Every location's price at one interval, asked of the mock as any client would. */
async function pricesAt(dataset: string, column: string, time: string): Promise<Map<string, number>> {
  const params = new URLSearchParams({
    time,
    columns: `location,${column}`,
    page_size: '5000',
    json_schema: 'array_of_arrays',
  });
  const response = await fetch(
    `${window.location.origin}/v1/datasets/${dataset}/query?${params.toString()}`,
    {
      headers: { 'x-api-key': 'test-key' },
    },
  );
  const body = (await response.json()) as DatasetQueryArraysResponse;
  const [header, ...rows] = body.data;
  const at = header.indexOf('location');
  const vi = header.indexOf(column);
  return new Map(rows.map((r) => [String(r[at]), Number(r[vi])]));
}

const money = (v: number): string =>
  `${v < 0 ? '−' : ''}$${Math.abs(v).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

async function table(name: RegExp): Promise<HTMLElement> {
  return screen.findByRole('table', { name }, { timeout: 10_000 });
}

function rows(t: HTMLElement): { name: string; value: string }[] {
  return within(t)
    .getAllByRole('row')
    .slice(1)
    .map((row) => ({
      name: within(row).getByRole('button').textContent,
      value: row.querySelectorAll('td')[2]?.textContent ?? '',
    }));
}

describe('Price map page', () => {
  it('lists the highest and lowest prices of the interval, as the API gives them', async () => {
    renderApp(`/price-map?day=2025-07-14&i=${INDEX}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Price map' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    const highest = await table(/^Highest 10 at 2025-07-14 15:00 CDT/);
    const api = await pricesAt(LMP, 'lmp', AT);
    const top = rows(highest);
    expect(top).toHaveLength(10);
    for (const row of top) expect(row.value).toBe(money(api.get(row.name) ?? Number.NaN));
    const values = top.map((r) => api.get(r.name) ?? 0);
    expect(values).toEqual([...values].sort((a, b) => b - a));
    expect(rows(await table(/^Lowest 10/))).toHaveLength(10);
    // The slider names its interval in market time and UTC.
    const slider = screen.getByRole('slider', { name: 'Interval' });
    expect(slider).toHaveAttribute('aria-valuetext', '2025-07-14 15:00 CDT (20:00 UTC), interval 181 of 288');
    // Every price of this interval is above zero: the legend says so, and its colours run over the
    // prices themselves rather than from a negative price nobody has.
    const lowest = rows(await table(/^Lowest 10/)).map((r) => Number(r.value.replace(/[$,]/g, '')));
    expect(Math.min(...lowest)).toBeGreaterThan(0);
    const legend = screen.getByTestId('legend-summary').textContent;
    expect(legend).toMatch(
      /^Centre \$0\.00 \(zero\) is below every price shown, so all are red, pale to dark\. Colours run from \$[\d,.]+ \(p2\) to \$[\d,.]+ \(p98\)\./,
    );
    const [, from = ''] = /Colours run from \$([\d,.]+)/.exec(legend) ?? [];
    expect(Number(from.replace(/,/g, ''))).toBeGreaterThanOrEqual(Math.min(...lowest));
  });

  it('computes basis to the chosen hub per location', async () => {
    renderApp(`/price-map?day=2025-07-14&i=${INDEX}&m=basis&hub=HB_WEST`);
    const highest = await table(/^Highest 10/);
    await waitFor(() =>
      expect(within(highest).getByRole('columnheader', { name: /Basis to HB_WEST/ })).toBeInTheDocument(),
    );
    const api = await pricesAt(LMP, 'lmp', AT);
    const hub = api.get('HB_WEST') ?? Number.NaN;
    for (const row of [...rows(highest), ...rows(await table(/^Lowest 10/))]) {
      expect(row.value).toBe(money(Math.round(((api.get(row.name) ?? Number.NaN) - hub) * 100) / 100));
    }
  });

  it("computes DART (real-time minus the hour's day-ahead price) per location", async () => {
    // 20:35 UTC sits in the day-ahead hour starting 20:00.
    renderApp(`/price-map?day=2025-07-14&i=${INDEX + 7}&m=dart`);
    const highest = await table(/^Highest 10 at 2025-07-14 15:35 CDT/);
    await waitFor(() =>
      expect(within(highest).getByRole('columnheader', { name: /DART/ })).toBeInTheDocument(),
    );
    const rt = await pricesAt(LMP, 'lmp', '2025-07-14T20:35:00+00:00');
    const da = await pricesAt(DA, 'spp', AT);
    await waitFor(() => {
      for (const row of rows(highest)) {
        const expected =
          Math.round(((rt.get(row.name) ?? Number.NaN) - (da.get(row.name) ?? Number.NaN)) * 100) / 100;
        expect(row.value).toBe(money(expected));
      }
    });
  });

  it('counts the steps of DST days from the zone: 276 in spring, 300 in autumn', async () => {
    const { unmount } = renderApp('/price-map?day=2024-03-10&i=0');
    const spring = await screen.findByRole('slider', { name: 'Interval' }, { timeout: 10_000 });
    await waitFor(() => expect(spring).toHaveAttribute('max', '275'));
    expect(spring).toHaveAttribute('aria-valuetext', '2024-03-10 00:00 CST (06:00 UTC), interval 1 of 276');
    unmount();
    renderApp('/price-map?day=2024-11-03&i=299');
    const autumn = await screen.findByRole('slider', { name: 'Interval' }, { timeout: 10_000 });
    await waitFor(() =>
      expect(autumn).toHaveAttribute(
        'aria-valuetext',
        '2024-11-03 23:55 CST (2024-11-04 05:55 UTC), interval 300 of 300',
      ),
    );
  });

  // The range input's own arrow keys are the browser's (see test/e2e/priceMap.e2e.ts); jsdom has none.
  it('steps to the next interval; the URL keeps it and the tables follow', async () => {
    const { user, router } = renderApp(`/price-map?day=2025-07-14&i=${INDEX}&clip=5&n=5`);
    const before = rows(await table(/^Highest 5 at 2025-07-14 15:00 CDT/));
    await user.click(screen.getByRole('button', { name: 'Next →' }));
    await waitFor(() => expect(router.state.location.search).toContain(`i=${INDEX + 1}`));
    const after = await table(/^Highest 5 at 2025-07-14 15:05 CDT/);
    const api = await pricesAt(LMP, 'lmp', '2025-07-14T20:05:00+00:00');
    for (const row of rows(after)) expect(row.value).toBe(money(api.get(row.name) ?? Number.NaN));
    expect(rows(after)).not.toEqual(before);
    expect(router.state.location.search).toContain('clip=5');
    expect(screen.getByTestId('legend-summary').textContent).toContain('Clipped at p5 and p95');
  });

  it('asks for the shown interval first and prefetches the next ones only once it has arrived', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const asked: string[] = [];
    let shownAnswered = false;
    const askedBeforeShown: string[] = [];
    server.use(
      http.get(`*/v1/datasets/${LMP}/query`, async ({ request }) => {
        const time = new URL(request.url).searchParams.get('time');
        if (time === null) return undefined;
        asked.push(time);
        if (!shownAnswered && time !== AT) askedBeforeShown.push(time);
        if (time === AT) {
          await held;
          shownAnswered = true;
        }
        return undefined;
      }),
    );
    renderApp(`/price-map?day=2025-07-14&i=${INDEX}`);
    await waitFor(() => expect(asked).toContain(AT), { timeout: 10_000 });
    // Long enough for several prefetches at their 100 ms spacing, had they started.
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(askedBeforeShown).toEqual([]);
    release();
    await table(/^Highest 10 at 2025-07-14 15:00 CDT/);
    await waitFor(() => expect(asked).toContain('2025-07-14T20:05:00+00:00'), { timeout: 10_000 });
  });
});

describe('Price map page: every wait ends', () => {
  for (const day of ['2030-01-01', '2019-01-01']) {
    it(`says a day outside the data (${day}) has none, with the coverage and the way back, instead of loading on`, async () => {
      const { user, router } = renderApp(`/price-map?day=${day}`);
      const tables = await screen.findByRole('region', { name: 'Highest and lowest' }, { timeout: 10_000 });
      const empty = await within(tables).findByText(
        new RegExp(`^No .+ data for ${day}\\.$`),
        {},
        { timeout: 10_000 },
      );
      expect(empty).toBeInTheDocument();
      await waitFor(() => expect(screen.queryByText('Loading prices…')).not.toBeInTheDocument());
      const coverage = within(tables).getByText(
        /^It covers market days (\d{4}-\d\d-\d\d) to (\d{4}-\d\d-\d\d)\.$/,
      );
      const [, from = '', to = ''] =
        /(\d{4}-\d\d-\d\d) to (\d{4}-\d\d-\d\d)/.exec(coverage.textContent) ?? [];
      expect(from < to).toBe(true);
      expect(day < from || day > to).toBe(true);
      // The map says so too, over it and in its legend, rather than drawing every location grey as if
      // its price were on the way (the markers are on a canvas jsdom does not draw: the browser
      // journey counts them).
      const map = screen.getByRole('region', { name: 'Map' });
      expect(within(map).getAllByText('No prices for this day.')).toHaveLength(2);
      expect(screen.queryByRole('button', { name: /Retry|Try again/ })).not.toBeInTheDocument();

      await user.click(within(tables).getByRole('button', { name: `Show the latest day, ${to}` }));
      await waitFor(() => expect(router.state.location.search).toContain(`day=${to}`));
      expect(await table(/^Highest 10 at /)).toBeInTheDocument();
      expect(screen.queryByText('No prices for this day.')).not.toBeInTheDocument();
    });
  }

  it('offers Retry for a failure that may pass, and not for an answer that asking again will not change', async () => {
    let status = 404;
    server.use(
      http.get(`*/v1/datasets/${LMP}/query`, ({ request }) =>
        new URL(request.url).searchParams.get('time') === AT
          ? HttpResponse.json({ detail: `No interval ${AT} here.` }, { status })
          : undefined,
      ),
    );
    const { unmount } = renderApp(`/price-map?day=2025-07-14&i=${INDEX}`);
    const refused = await screen.findByRole('alert', {}, { timeout: 10_000 });
    expect(refused).toHaveTextContent(`No interval ${AT} here.`);
    expect(within(refused).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByText('Loading prices…')).not.toBeInTheDocument();
    unmount();

    status = 503;
    renderApp(`/price-map?day=2025-07-14&i=${INDEX}`);
    const failed = await screen.findByRole('alert', {}, { timeout: 10_000 });
    expect(within(failed).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.queryByText('Loading prices…')).not.toBeInTheDocument();
  });
});

describe('Price map page without the location registry', () => {
  it('says the registry failed, once, with Retry, and keeps a dataset link without calling it unreadable', async () => {
    server.use(
      http.get('*/v1/pricing_locations', () =>
        HttpResponse.json({ detail: 'Registry down.' }, { status: 503 }),
      ),
    );
    renderApp(`/price-map?ds=${LMP}&day=2025-07-14`);
    const alert = await screen.findByRole('alert', {}, { timeout: 10_000 });
    expect(alert).toHaveTextContent('Registry down.');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.queryByText(/^Some settings in the link could not be read/)).not.toBeInTheDocument();
  });
});

describe('Price map page: a link with settings it cannot use', () => {
  /** Every request the app makes of the API, as the mock receives it. */
  function recordRequests(): string[] {
    const seen: string[] = [];
    const record = ({ request }: { request: Request }) => seen.push(decodeURIComponent(request.url));
    server.events.on('request:start', record);
    onTestFinished(() => server.events.removeListener('request:start', record));
    return seen;
  }

  const notice = (): Promise<HTMLElement> =>
    screen.findByText(/^Some settings in the link could not be read/, {}, { timeout: 10_000 });

  it('names each setting it could not read and what it showed instead, and asks the server for none of them', async () => {
    const search = '?ds=garbage&measure=bogus&foo=1&i=9999';
    const seen = recordRequests();
    const { queryClient } = renderApp(`/price-map${search}`);
    // The first screen's prefetch reads the same link: it asks for the same interval, no more.
    await act(() => prefetchShownStep(queryClient, search));
    await table(/^Highest 10 at 2025-07-15 15:00 CDT/);
    await waitFor(async () =>
      expect((await notice()).textContent).toBe(
        'Some settings in the link could not be read and were not used: ' +
          'interval (“9999” is not an interval of a day (-1 for the latest, or 0 to 299); ' +
          'the latest interval, 2025-07-15 15:00 CDT, was shown instead), ' +
          '“measure” (not a setting of this page; left out), ' +
          '“foo” (not a setting of this page; left out), ' +
          'dataset (“garbage” is not a dataset of prices by location; ' +
          'ERCOT Real-Time LMP by Settlement Point was shown instead).',
      ),
    );
    expect(screen.getByLabelText('Dataset')).toHaveDisplayValue('ERCOT Real-Time LMP by Settlement Point');
    expect(screen.getByRole('slider', { name: 'Interval' })).toHaveAttribute(
      'aria-valuetext',
      expect.stringMatching(/^2025-07-15 15:00 CDT /),
    );
    expect(seen.length).toBeGreaterThan(0);
    for (const url of seen) expect(url).not.toMatch(/garbage|bogus|foo|9999/);
  });

  it('checks the dataset-free settings against the data: hub, location and interval, each with what was used', async () => {
    const seen = recordRequests();
    renderApp('/price-map?day=2025-07-14&i=290&m=bogus&clip=3&hub=HB_NOWHERE&sel=ercot-nowhere');
    await table(/^Highest 10 at 2025-07-14 23:55 CDT/);
    await waitFor(async () =>
      expect((await notice()).textContent).toBe(
        'Some settings in the link could not be read and were not used: ' +
          'measure (“bogus” is not a measure (value, basis, dart); the price was shown instead), ' +
          'clip (“3” is not a clip (0, 1, 2, 5, 10); p2 / p98 was used instead), ' +
          'hub (“HB_NOWHERE” is not a trading hub; HB_NORTH was used instead), ' +
          'selected location (“ercot-nowhere” is not a location of the registry; no location was selected), ' +
          'interval (“290” is past the last interval of 2025-07-14 with data; ' +
          'the last, 2025-07-14 23:55 CDT, was shown instead).',
      ),
    );
    expect(screen.getByLabelText('Hub')).toHaveDisplayValue('HB_NORTH');
    expect(screen.getByLabelText('Measure')).toHaveDisplayValue('Price');
    expect(screen.getByLabelText('Clip')).toHaveDisplayValue('p2 / p98');
    expect(screen.getByRole('slider', { name: 'Interval' })).toHaveAttribute(
      'aria-valuetext',
      '2025-07-14 23:55 CDT (2025-07-15 04:55 UTC), interval 288 of 288',
    );
    for (const url of seen) expect(url).not.toMatch(/NOWHERE|nowhere|bogus/);
  });

  it('names DART asked of a day-ahead dataset, and drops DART from the link when the user picks such a dataset', async () => {
    const { unmount } = renderApp(`/price-map?ds=${DA}&m=dart&day=2025-07-14`);
    await table(/^Highest 10 at 2025-07-14 23:00 CDT/);
    await waitFor(async () =>
      expect((await notice()).textContent).toBe(
        'Some settings in the link could not be read and were not used: ' +
          'measure (“dart” needs a real-time dataset with a day-ahead one beside it; the price was shown instead).',
      ),
    );
    unmount();

    // Every setting of this link is used: nothing is said, before the change or after it.
    const { user, router } = renderApp(
      `/price-map?ds=${LMP}&m=dart&day=2025-07-14&i=${INDEX}&hub=HB_WEST&sel=ercot-hb_west`,
    );
    await table(/^Highest 10 at 2025-07-14 15:00 CDT/);
    await screen.findByRole('region', { name: 'HB_WEST' }, { timeout: 10_000 });
    expect(screen.queryByText(/could not be read/)).not.toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Dataset'), DA);
    await waitFor(() => expect(router.state.location.search).toContain(`ds=${DA}`));
    expect(router.state.location.search).not.toContain('m=dart');
    expect(screen.getByLabelText('Measure')).toHaveDisplayValue('Price');
    expect(screen.queryByText(/could not be read/)).not.toBeInTheDocument();
  });
});
