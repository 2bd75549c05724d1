// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach } from 'vitest';
import { setupMockServer } from '@/test/mockServer';
import { renderApp } from '@/test/renderApp';
import { resetActiveViewsForTests } from '@/workspace/activeView';
import { resetWorkspaceDbForTests } from '@/workspace/db';
import { listViews } from '@/workspace/views';

setupMockServer();

const URL =
  '/datasets/ercot_spp_real_time_15_min/query?v=1&fcol=location&fval=HB_NORTH&range=custom&start=2025-07-14&end=2025-07-15&tz=UTC';
const SUMMARY =
  'ERCOT Real-Time Settlement Point Prices (15-minute) · location = HB_NORTH · 2025-07-14 → 2025-07-15 (UTC)';

afterEach(async () => {
  cleanup();
  resetActiveViewsForTests();
  await resetWorkspaceDbForTests();
});

describe('saving the query builder', () => {
  it('saves the query with a name, and the saved path opens the same query again', async () => {
    const { user } = renderApp(URL);
    await screen.findByText('96 rows loaded · all rows loaded');
    const bar = screen.getByRole('group', { name: 'Saved view' });
    await user.click(within(bar).getByRole('button', { name: 'Save' }));
    const name = within(bar).getByLabelText('Name');
    expect(name).toHaveValue(SUMMARY);
    await user.clear(name);
    await user.type(name, 'North hub, 14 July{Enter}');
    await waitFor(() =>
      expect(within(bar).getByRole('status')).toHaveTextContent(/Saved as “North hub, 14 July” · /),
    );

    const [view, ...others] = await listViews();
    expect(others).toEqual([]);
    expect(view).toMatchObject({
      kind: 'query',
      name: 'North hub, 14 July',
      path: URL,
      datasets: ['ercot_spp_real_time_15_min'],
      timeRange: '2025-07-14 → 2025-07-15 (UTC)',
    });
    expect(view?.requests[0]?.url).toMatch(/\/v1\/datasets\/ercot_spp_real_time_15_min\/query\?/);
    expect(view?.sparkline?.length).toBeGreaterThan(1);

    cleanup();
    renderApp(view?.path ?? '');
    expect(await screen.findByLabelText('Query summary')).toHaveTextContent(SUMMARY);
    expect(await screen.findByText('96 rows loaded · all rows loaded')).toBeInTheDocument();
  });
});
