// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { fetchDatasetQuery } from '@/api/query/fetchers';
import { formatTimestamp } from '@/lib/format';
import { TEST_NOW } from '@/test/clock';
import { setupHostedMockServer } from '@/test/mockServer';
import { renderApp } from '@/test/renderApp';
import { formatMw } from './formatLoad';

const { server } = setupHostedMockServer();

// The page's clock is the mock's: today's market day is the one the server reports so far.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: TEST_NOW });
});
afterEach(() => {
  vi.useRealTimers();
  server.events.removeAllListeners();
});

function fact(term: string): string {
  const peak = screen.getByRole('region', { name: 'Peak' });
  return within(peak).getByText(term, { selector: 'dt' }).nextElementSibling?.textContent ?? '';
}

/** The maximum of `ercot_load` from market midnight of `date` up to `end` (exclusive), by the query API. */
async function loadMax(start: string, end: string): Promise<{ max: number; at: string }> {
  const { data } = await fetchDatasetQuery('ercot_load', {
    start_time: start,
    end_time: end,
    page_size: 500,
  });
  let max = -Infinity;
  let at = '';
  for (const row of data) {
    if (typeof row.load === 'number' && row.load > max) {
      max = row.load;
      at = String(row.interval_start_utc);
    }
  }
  return { max, at };
}

describe('Daily peak report page against a server in the hosted shapes', () => {
  it('opens on the current market day so far, with the peak of its intervals up to now', async () => {
    renderApp('/reports/daily-peak');
    // The clock is 2025-07-15 15:00 market time: the hosted report answers for the 15th so far.
    await waitFor(() => expect(fact('Market date')).toBe('2025-07-15 (the day so far)'));
    expect(screen.getByLabelText('Market date')).toHaveValue('2025-07-15');
    expect(screen.getByRole('button', { name: 'Next day' })).toBeDisabled();
    const { max, at } = await loadMax('2025-07-15T05:00:00Z', '2025-07-15T20:05:00Z');
    expect(fact('Peak load so far')).toBe(formatMw(max));
    expect(fact('Peak time (market)')).toBe(formatTimestamp(at, { timeZone: 'market' }));
    // The range of daily peaks ends today, and today's row says its peak is the one so far.
    const table = await screen.findByRole('table', { name: 'Daily peak load from 2025-06-16 to 2025-07-15' });
    const today = within(table).getByRole('link', { name: '2025-07-15' }).closest('th, td');
    expect(today?.textContent).toBe('2025-07-15 (so far)');
    expect(within(table).getByRole('link', { name: '2025-07-14' }).closest('th, td')?.textContent).toBe(
      '2025-07-14',
    );
    // The chart says so too: today's point is the day so far, through the end of the load's last interval.
    const soFar = '2025-07-15: the day so far, through 15:05 CDT';
    expect(screen.getByText(`${soFar}; its peak can still rise.`)).toBeInTheDocument();
    const chart = await screen.findByRole('img', { name: /^Daily peak load of ERCOT/ });
    expect(chart).toHaveAccessibleName(expect.stringContaining(`${soFar}.`));
    await waitFor(() => expect(chart.querySelectorAll('[data-partial]')).toHaveLength(1));
    expect(chart.querySelector('[data-partial]')).toHaveAttribute('data-date', '2025-07-15');
  });

  it('names a day that has not begun beside the picker instead of asking the server for it', async () => {
    const asked: string[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.url.includes('/reports/daily_peak/')) asked.push(request.url);
    });
    renderApp('/reports/daily-peak?date=2025-07-20');
    const picker = screen.getByRole('group', { name: 'Report day' });
    const sentence = "2025-07-20 has not begun: today's market day is 2025-07-15 (US/Central).";
    expect(await within(picker).findByRole('alert')).toHaveTextContent(sentence);
    expect(screen.getByLabelText('Market date')).toHaveAccessibleDescription(sentence);
    expect(screen.getByLabelText('Market date')).toHaveAttribute('max', '2025-07-15');
    expect(
      within(screen.getByRole('region', { name: 'Peak' })).getByText(`No report: ${sentence}`),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Load curve' })).getByText(`No load data: ${sentence}`),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next day' })).toBeDisabled();
    // The daily peaks end today, where the data does.
    expect(
      await screen.findByRole('table', { name: 'Daily peak load from 2025-06-16 to 2025-07-15' }),
    ).toBeInTheDocument();
    expect(asked).toEqual([]);
  });

  it('reads a complete day the same as from a server in the seed shapes', async () => {
    renderApp('/reports/daily-peak?date=2025-07-14');
    await waitFor(() => expect(fact('Market date')).toBe('2025-07-14'));
    const { max, at } = await loadMax('2025-07-14T05:00:00Z', '2025-07-15T05:00:00Z');
    expect(fact('Peak load')).toBe(formatMw(max));
    expect(fact('Peak time (UTC)')).toBe(formatTimestamp(at, { timeZone: 'UTC' }));
    expect(screen.queryByText('Peak load so far')).not.toBeInTheDocument();
  });
});
