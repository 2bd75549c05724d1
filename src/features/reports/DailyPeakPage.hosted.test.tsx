// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { fetchDatasetQuery } from '@/api/query/fetchers';
import { formatTimestamp } from '@/lib/format';
import { setupHostedMockServer } from '@/test/mockServer';
import { renderApp } from '@/test/renderApp';
import { formatMw } from './formatLoad';

setupHostedMockServer();

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
