// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { setupHostedMockServer } from '@/test/mockServer';
import { renderApp } from '@/test/renderApp';

const { api } = setupHostedMockServer();

function figure(label: string): string {
  const card = screen.getByRole('region', { name: /^Plan:/ });
  return within(card).getByText(label).parentElement?.textContent ?? '';
}

describe('Usage page against a server in the hosted shapes', () => {
  it("shows the plan and the usage period's requests from the server's own period", async () => {
    api.usage.set('demo-key', { requests_today: 12, requests_this_month: 56789 });
    renderApp('/usage');
    expect(await screen.findByRole('heading', { name: 'Plan: Developer' })).toBeInTheDocument();
    const period = screen.getByRole('progressbar', { name: 'Requests this usage period' });
    expect(period).toHaveAttribute('value', '56789');
    expect(period).toHaveAttribute('max', '250000');
    expect(screen.getByText('56,789 of 250,000 requests (22.7%)')).toBeInTheDocument();
    expect(
      screen.getByText(/^The usage period runs from 2025-07-01 00:00 UTC to 2025-08-01 00:00 UTC\.$/),
    ).toBeInTheDocument();
  });

  it('shows what the hosted shape lacks as not reported, with why, never as 0', async () => {
    api.usage.set('demo-key', { requests_today: 12, requests_this_month: 30 });
    renderApp('/usage');
    await screen.findByRole('heading', { name: 'Plan: Developer' });
    expect(screen.queryByRole('progressbar', { name: 'Requests today' })).not.toBeInTheDocument();
    expect(figure('Requests today')).toBe(
      'Requests todayNot reported. This server counts requests per usage period, not per day.',
    );
    // The mock keeps no count of rows: the page says so instead of showing 0 rows.
    expect(figure('Rows returned this period')).toBe(
      'Rows returned this periodNot reported. This server does not report a count of rows returned.',
    );
    expect(screen.queryByText(/\b0 rows\b/)).not.toBeInTheDocument();
  });

  it("lists the server's own rate limits", async () => {
    renderApp('/usage', { connection: { apiKey: 'free-key' } });
    await screen.findByRole('heading', { name: 'Plan: Free' });
    const list = within(screen.getByLabelText('Rate limits'));
    expect(list.getByText('Requests per second').nextElementSibling).toHaveTextContent('5 requests');
    expect(list.getByText('Rows per response').nextElementSibling).toHaveTextContent('50,000 rows');
    // The plan's own rows limit, though the server counts no rows against it.
    expect(list.getByText('Rows returned per period').nextElementSibling).toHaveTextContent('No limit');
  });
});
