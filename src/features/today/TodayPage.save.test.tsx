// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { PAGES } from '@/app/pages';
import { LazyTimeSeriesChart } from '@/components/charts/LazyTimeSeriesChart';
import { TEST_NOW } from '@/test/clock';
import { setupMockServer } from '@/test/mockServer';
import { renderApp } from '@/test/renderApp';
import { resetActiveViewsForTests } from '@/workspace/activeView';
import { resetWorkspaceDbForTests } from '@/workspace/db';
import { listViews } from '@/workspace/views';

// The mock's clock is the page's: both read Date.now, which each test fixes.
setupMockServer({ now: () => Date.now() });

beforeEach(async () => {
  // The pages' and the panels' charts' code first, so no render waits on it outside the test's own
  // waits (a chart's code resolving between them is reported as outside act: flaky under CI load).
  await Promise.all([PAGES.today.code.load(), PAGES.library.code.load(), LazyTimeSeriesChart.preload()]);
  vi.useFakeTimers({ toFake: ['Date'], now: TEST_NOW });
});

afterEach(async () => {
  cleanup();
  vi.useRealTimers();
  resetActiveViewsForTests();
  await resetWorkspaceDbForTests();
});

describe('saving the grid today', () => {
  it('saves a past day under its suggested name, and the Library lists it as The grid today', async () => {
    const { user } = renderApp('/today?date=2025-07-14');
    await screen.findByRole('heading', { level: 1, name: 'The grid on 2025-07-14' });
    const bar = await screen.findByRole('group', { name: 'Saved view' });
    await user.click(within(bar).getByRole('button', { name: 'Save' }));
    const name = await within(bar).findByLabelText('Name');
    expect(name).toHaveValue('The grid today · 2025-07-14');
    await user.type(name, '{Enter}');
    await waitFor(() =>
      expect(within(bar).getByRole('status')).toHaveTextContent(/Saved as “The grid today · 2025-07-14” · /),
    );

    // Read inside waitFor: the panels' charts (lazy code) may resolve meanwhile, and a resolution
    // between the test's own awaits is reported as outside act (a flaky failure under CI load).
    const [view, ...others] = await waitFor(() => listViews());
    expect(others).toEqual([]);
    expect(view).toMatchObject({
      kind: 'today',
      path: '/today?date=2025-07-14',
      timeRange: 'market day 2025-07-14',
    });
    expect(view?.requests.length).toBeGreaterThan(0);

    cleanup();
    renderApp('/library');
    const list = within(await screen.findByRole('list', { name: 'Saved views' }));
    const item = within(
      list.getByRole('link', { name: 'The grid today · 2025-07-14' }).closest('li') as HTMLElement,
    );
    expect(item.getByText('The grid today')).toBeInTheDocument();
  });

  it('saves the plain link as the current market day', async () => {
    const { user } = renderApp('/today');
    await screen.findByRole('heading', { level: 1, name: 'The grid today' });
    const bar = await screen.findByRole('group', { name: 'Saved view' });
    await user.click(within(bar).getByRole('button', { name: 'Save' }));
    await user.type(await within(bar).findByLabelText('Name'), '{Enter}');
    await waitFor(() =>
      expect(within(bar).getByRole('status')).toHaveTextContent(/Saved as “The grid today · current day”/),
    );
    const [view] = await waitFor(() => listViews());
    expect(view).toMatchObject({ path: '/today', timeRange: 'the current market day' });
  });
});
