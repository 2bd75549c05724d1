// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { fetchDatasetQuery } from '@/api/query/fetchers';
import { formatTimestamp } from '@/lib/format';
import { TEST_NOW } from '@/test/clock';
import { setupMockServer } from '@/test/mockServer';
import { renderApp } from '@/test/renderApp';
import { formatMw } from './formatLoad';
import { curveParams } from './LoadCurvePanel';

const { server, api } = setupMockServer();

function panel(name: string): HTMLElement {
  return screen.getByRole('region', { name });
}

function fact(container: HTMLElement, term: string): string {
  return within(container).getByText(term, { selector: 'dt' }).nextElementSibling?.textContent ?? '';
}

function dateInput(): HTMLInputElement {
  return screen.getByLabelText('Market date');
}

async function peakPanelFor(date: string): Promise<HTMLElement> {
  const peak = panel('Peak');
  await waitFor(() => expect(fact(peak, 'Market date')).toBe(date));
  return peak;
}

/** The day's rows as the query API gives them, and their maximum: what the page must agree with. */
async function curveMax(date: string): Promise<{ count: number; max: number; at: string }> {
  const { data } = await fetchDatasetQuery('ercot_load', curveParams(date));
  let max = -Infinity;
  let at = '';
  for (const row of data) {
    if (typeof row.load === 'number' && row.load > max) {
      max = row.load;
      at = String(row.interval_start_utc);
    }
  }
  return { count: data.length, max, at };
}

describe('Daily peak report page', () => {
  it('opens on the latest complete market day with the peak of its load curve', async () => {
    renderApp('/reports/daily-peak');
    expect(await screen.findByRole('heading', { level: 1, name: 'Daily peak report' })).toBeInTheDocument();
    // The clock is 2025-07-15 15:00 market time, so the latest complete market day is the 14th.
    const peak = await peakPanelFor('2025-07-14');
    expect(dateInput()).toHaveValue('2025-07-14');
    expect(screen.getByRole('button', { name: 'Next day' })).toBeDisabled();

    const { count, max, at } = await curveMax('2025-07-14');
    expect(count).toBe(288);
    const mw = formatMw(max);
    expect(fact(peak, 'Peak load')).toBe(mw);
    expect(fact(peak, 'Peak time (UTC)')).toBe(formatTimestamp(at, { timeZone: 'UTC' }));
    expect(fact(peak, 'Peak time (market)')).toBe(formatTimestamp(at, { timeZone: 'market' }));
    expect(fact(peak, 'Peak time (market)')).toMatch(/^2025-07-14 \d\d:\d\d CDT$/);

    const curve = panel('Load curve');
    expect(
      await within(curve).findByText('2025-07-14: 288 five-minute intervals (24-hour day)'),
    ).toBeInTheDocument();
    expect(within(curve).getByText(mw, { selector: 'strong' })).toBeInTheDocument();
    const chart = await within(curve).findByRole('img', { name: /^ERCOT load on 2025-07-14, market time/ });
    expect(chart).toHaveAccessibleName(expect.stringContaining(`a peak of ${mw}`));
    await waitFor(() => expect(chart.querySelector('[data-mark="peak"] circle')).not.toBeNull());
    expect(chart.querySelector('[data-mark="peak"] line')).not.toBeNull();
    expect(within(chart).getByText(/^Peak [\d,]+ MW at \d\d:\d\d$/)).toBeInTheDocument();
  });

  it('shows a 25-hour curve on the fall-back day and a 23-hour one on the spring-forward day', async () => {
    const first = renderApp('/reports/daily-peak?date=2024-11-03');
    const curve = panel('Load curve');
    expect(
      await within(curve).findByText('2024-11-03: 300 five-minute intervals — 25-hour day (DST)'),
    ).toBeInTheDocument();
    const fallBack = await curveMax('2024-11-03');
    expect(fact(await peakPanelFor('2024-11-03'), 'Peak load')).toBe(formatMw(fallBack.max));
    first.unmount();

    renderApp('/reports/daily-peak?date=2024-03-10');
    expect(
      await within(panel('Load curve')).findByText(
        '2024-03-10: 276 five-minute intervals — 23-hour day (DST)',
      ),
    ).toBeInTheDocument();
  });

  it('changes the day from the picker and the previous/next buttons, keeping it in the URL', async () => {
    const { user, router } = renderApp('/reports/daily-peak');
    await peakPanelFor('2025-07-14');

    fireEvent.change(dateInput(), { target: { value: '2025-07-01' } });
    await waitFor(() => expect(router.state.location.search).toBe('?date=2025-07-01'));
    await peakPanelFor('2025-07-01');
    expect(await within(panel('Load curve')).findByText(/^2025-07-01: 288 five-minute/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Previous day' }));
    expect(router.state.location.search).toBe('?date=2025-06-30');
    await peakPanelFor('2025-06-30');
    expect(dateInput()).toHaveValue('2025-06-30');

    await user.click(screen.getByRole('button', { name: 'Next day' }));
    await peakPanelFor('2025-07-01');

    await user.click(screen.getByRole('button', { name: 'Latest day' }));
    expect(router.state.location.search).toBe('');
    await peakPanelFor('2025-07-14');
  });

  it('lists the peaks of the 30 days ending at the report day, each linking to its report', async () => {
    const { user, router, container } = renderApp('/reports/daily-peak');
    const peaks = panel('Daily peaks');
    const table = await within(peaks).findByRole('table', {
      name: 'Daily peak load from 2025-06-15 to 2025-07-14',
    });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(30);
    expect(within(peaks).getByLabelText('From')).toHaveValue('2025-06-15');
    expect(within(peaks).getByLabelText('To')).toHaveValue('2025-07-14');

    const links = rows.map((row) => within(row).getByRole('link'));
    expect(links[0]).toHaveTextContent('2025-06-15');
    expect(links[29]).toHaveTextContent('2025-07-14');
    for (const link of links) {
      const day = link.textContent;
      expect(new URL(link.getAttribute('href') ?? '', 'http://x').searchParams.get('date')).toBe(day);
    }
    expect(links[29]).toHaveAttribute('aria-current', 'date');

    // The report's peak and the resampled maximum of the same day agree.
    const report = await peakPanelFor('2025-07-14');
    expect(within(rows[29] as HTMLElement).getAllByRole('cell')[0]).toHaveTextContent(
      fact(report, 'Peak load'),
    );

    await user.click(links[9] as HTMLElement);
    expect(router.state.location.search).toBe('?date=2025-06-24&from=2025-06-15&to=2025-07-14');
    await peakPanelFor('2025-06-24');

    // The chart's points open a day too (a mouse shortcut for the same links).
    const dot = await waitFor(() => {
      const found = container.querySelector('[data-date="2025-07-02"]');
      expect(found).not.toBeNull();
      return found as Element;
    });
    fireEvent.click(dot);
    expect(router.state.location.search).toBe('?date=2025-07-02&from=2025-06-15&to=2025-07-14');
    await peakPanelFor('2025-07-02');
  });

  it('takes a range from the From/To fields and from a shared link', async () => {
    const { router } = renderApp('/reports/daily-peak?date=2024-11-03&from=2024-11-01&to=2024-11-05');
    const peaks = panel('Daily peaks');
    const table = await within(peaks).findByRole('table', {
      name: 'Daily peak load from 2024-11-01 to 2024-11-05',
    });
    expect(within(table).getAllByRole('row')).toHaveLength(6);

    fireEvent.change(within(peaks).getByLabelText('To'), { target: { value: '2024-11-10' } });
    await waitFor(() =>
      expect(router.state.location.search).toBe('?date=2024-11-03&from=2024-11-01&to=2024-11-10'),
    );
    expect(
      await within(peaks).findByRole('table', { name: 'Daily peak load from 2024-11-01 to 2024-11-10' }),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(within(within(peaks).getByRole('table')).getAllByRole('row')).toHaveLength(11),
    );
  });

  it('falls back with a notice when the link carries bad values', async () => {
    renderApp('/reports/daily-peak?date=2024-02-30&from=2025-07-10&to=2025-07-01&day=2025-07-01');
    expect(
      await screen.findByText(
        'Some settings in the link could not be read and were not used: market date (“2024-02-30” is not a real date (YYYY-MM-DD); the latest complete market day was shown), “day” (not a setting of this page; left out).',
      ),
    ).toBeInTheDocument();
    await peakPanelFor('2025-07-14');
    expect(
      await screen.findByText(
        'The range 2025-07-10 to 2025-07-01 ends before it starts; showing the 30 days ending 2025-07-14 instead.',
      ),
    ).toBeInTheDocument();
    expect(
      await screen.findByRole('table', { name: 'Daily peak load from 2025-06-15 to 2025-07-14' }),
    ).toBeInTheDocument();
  });

  it('shows the server’s sentence beside the picker for a day before the data', async () => {
    renderApp('/reports/daily-peak?date=2022-12-31');
    const picker = screen.getByRole('group', { name: 'Report day' });
    expect(await within(picker).findByRole('alert')).toHaveTextContent(
      'No daily peak report for 2022-12-31: reports cover the complete market days from 2023-01-01 to 2025-07-14.',
    );
    expect(dateInput()).toHaveAccessibleDescription(/No daily peak report for 2022-12-31/);
    expect(await within(panel('Load curve')).findByText('No load data for 2022-12-31.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous day' })).toBeDisabled();
  });

  it('tells a free-plan user the report needs a paid plan, and still shows the load', async () => {
    renderApp('/reports/daily-peak', { connection: { apiKey: 'free-key' } });
    const peak = panel('Peak');
    const message = await within(peak).findByRole('alert');
    expect(message).toHaveTextContent('The daily peak report requires a paid plan.');
    expect(within(message).getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/settings');
    // The query API is open to the free plan: the curve falls back to the last complete day of the data.
    expect(
      await within(panel('Load curve')).findByText('2025-07-14: 288 five-minute intervals (24-hour day)'),
    ).toBeInTheDocument();
    expect(dateInput()).toHaveValue('2025-07-14');
  });

  it('keeps the report when the load query fails, with the server’s message in the failing panels', async () => {
    server.use(
      http.get('*/v1/datasets/:id/query', () =>
        HttpResponse.json({ detail: 'Query engine down.' }, { status: 503 }),
      ),
    );
    renderApp('/reports/daily-peak');
    await peakPanelFor('2025-07-14');
    expect(await within(panel('Load curve')).findByRole('alert')).toHaveTextContent('Query engine down.');
    expect(await within(panel('Daily peaks')).findByRole('alert')).toHaveTextContent('Query engine down.');
  });

  describe('on the clock of the market', () => {
    beforeEach(() => {
      vi.useFakeTimers({ toFake: ['Date'], now: TEST_NOW });
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    it('calls a finished day final even when the load data lags behind it', async () => {
      // The load's metadata says its newest interval is three days old: a guess from the data's
      // coverage would take the 14th, which has ended, for a day still running.
      server.use(
        http.get('*/v1/datasets/ercot_load', async ({ request }) => {
          const body = (await (await api.handle(request)).json()) as Record<string, unknown>;
          const lagging = '2025-07-12T20:00:00+00:00';
          return HttpResponse.json({ ...body, latestData: lagging, latest_available_time_utc: lagging });
        }),
      );
      renderApp('/reports/daily-peak?date=2025-07-14');
      const peak = await peakPanelFor('2025-07-14');
      expect(within(peak).getByText('Peak load', { selector: 'dt' })).toBeInTheDocument();
      expect(within(peak).queryByText(/so far/)).toBeNull();
      // Today's market day can be picked (its report says whether the server has one); no later day.
      expect(dateInput()).toHaveAttribute('max', '2025-07-15');
    });

    it('names a day that has not begun rather than asking for its report', async () => {
      renderApp('/reports/daily-peak?date=2030-01-01');
      const picker = screen.getByRole('group', { name: 'Report day' });
      expect(await within(picker).findByRole('alert')).toHaveTextContent(
        "2030-01-01 has not begun: today's market day is 2025-07-15 (US/Central).",
      );
      expect(within(panel('Peak')).getByText(/^No report: 2030-01-01 has not begun/)).toBeInTheDocument();
    });
  });
});
