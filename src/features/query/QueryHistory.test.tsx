// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach } from 'vitest';
import { setupMockServer } from '@/test/mockServer';
import { renderApp } from '@/test/renderApp';
import { resetWorkspaceDbForTests } from '@/workspace/db';
import { installHistoryRecorder, type HistoryRecorder } from '@/workspace/historyRecorder';

setupMockServer();

const BASE = '/datasets/ercot_spp_real_time_15_min/query';
const FIRST = `${BASE}?v=1&fcol=location&fval=HB_NORTH&range=custom&start=2025-07-14&end=2025-07-15&tz=UTC`;

let recorder: HistoryRecorder | undefined;

/** The app as boot.tsx builds it: its query client records history. */
function renderRecordedApp(url: string) {
  const app = renderApp(url);
  const { location } = app.router.state;
  recorder = installHistoryRecorder(app.queryClient, {
    currentPath: () => `${app.router.state.location.pathname}${app.router.state.location.search}`,
  });
  expect(`${location.pathname}${location.search}`).toBe(url);
  return app;
}

afterEach(async () => {
  recorder?.uninstall();
  recorder = undefined;
  cleanup();
  await resetWorkspaceDbForTests();
});

describe('the query builder’s history', () => {
  it('lists the queries run on the page, and opens one again', async () => {
    const { user, router } = renderRecordedApp(FIRST);
    await screen.findByText('96 rows loaded · all rows loaded');
    await user.clear(screen.getByLabelText('Row limit'));
    await user.type(screen.getByLabelText('Row limit'), '10');
    await user.click(screen.getByRole('button', { name: 'Run query' }));
    await screen.findByText('10 rows loaded · all rows loaded');

    const toggle = screen.getByRole('button', { name: 'History' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const list = await screen.findByRole('list', { name: 'Recorded queries' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    const [latest, first] = within(list).getAllByRole('listitem');
    expect(latest).toHaveTextContent(/location = HB_NORTH .* at most 10 rows/);
    expect(latest).toHaveTextContent('10 rows');
    expect(first).toHaveTextContent('96 rows');
    expect(screen.getByLabelText('Dataset')).toHaveValue('ercot_spp_real_time_15_min');

    await user.click(within(first as HTMLElement).getByRole('link', { name: /^Open:/ }));
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(FIRST),
    );
    expect(await screen.findByText('96 rows loaded · all rows loaded')).toBeInTheDocument();
  });
});
