// @vitest-environment jsdom
import { act, screen, within } from '@testing-library/react';
import { fetchDatasets } from '@/api/datasets/fetchers';
import { usageSummary } from '@/features/usage/UsageBar';
import { setupMockServer } from '@/test/mockServer';
import { renderApp } from '@/test/renderApp';

const { api } = setupMockServer();

function bar(label: string): HTMLElement {
  const progress = screen.getByRole('progressbar', { name: label });
  return progress;
}

describe('Usage page', () => {
  it('shows the plan and both quotas as bars with numbers', async () => {
    api.usage.set('demo-key', { requests_today: 1234, requests_this_month: 56789 });
    renderApp('/usage');
    expect(await screen.findByRole('heading', { name: 'Plan: Developer' })).toBeInTheDocument();
    expect(bar('Requests today')).toHaveAttribute('value', '1234');
    expect(bar('Requests today')).toHaveAttribute('max', '10000');
    expect(bar('Requests this month')).toHaveAttribute('max', '250000');
    expect(screen.getByText('1,234 of 10,000 requests (12.3%)')).toBeInTheDocument();
    expect(screen.getByText('56,789 of 250,000 requests (22.7%)')).toBeInTheDocument();
  });

  it('shows the limits of the free plan', async () => {
    renderApp('/usage', { connection: { apiKey: 'free-key' } });
    expect(await screen.findByRole('heading', { name: 'Plan: Free' })).toBeInTheDocument();
    expect(bar('Requests today')).toHaveAttribute('max', '250');
    expect(bar('Requests this month')).toHaveAttribute('max', '2500');
    expect(screen.getByText('0 of 250 requests (0%)')).toBeInTheDocument();
  });

  it('says unlimited, without a bar, for the internal plan', async () => {
    renderApp('/usage', { connection: { apiKey: 'test-key' } });
    expect(await screen.findByRole('heading', { name: 'Plan: Internal' })).toBeInTheDocument();
    expect(screen.getAllByText(/\(unlimited\)/)).toHaveLength(2);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('refreshes on demand after other requests were made', async () => {
    const { user } = renderApp('/usage');
    expect(await screen.findByText('0 of 10,000 requests (0%)')).toBeInTheDocument();
    await fetchDatasets();
    await fetchDatasets({ source: 'ercot' });
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText('2 of 10,000 requests (<0.1%)')).toBeInTheDocument();
  });

  it('refreshes by itself when another query of the app succeeds', async () => {
    const { queryClient } = renderApp('/usage');
    expect(await screen.findByText('0 of 10,000 requests (0%)')).toBeInTheDocument();
    await act(() =>
      queryClient.query({ queryKey: ['datasets', 'list', {}], queryFn: () => fetchDatasets() }),
    );
    expect(await screen.findByText('1 of 10,000 requests (<0.1%)')).toBeInTheDocument();
  });

  it("shows the server's detail for a wrong key, with a way to fix it", async () => {
    renderApp('/usage', { connection: { apiKey: 'nope' } });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Invalid API key.');
    expect(within(alert).getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/settings');
  });

  it('words the quota summary', () => {
    expect(usageSummary(0, 250)).toBe('0 of 250 requests (0%)');
    expect(usageSummary(300, 250)).toBe('300 of 250 requests (100%)');
    expect(usageSummary(5, null)).toBe('5 requests (unlimited)');
  });
});
