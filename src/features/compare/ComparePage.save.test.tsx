// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach } from 'vitest';
import { compareHref, dataSeries } from '@/compare/compareWorkspace';
import { setupMockServer } from '@/test/mockServer';
import { renderApp } from '@/test/renderApp';
import { resetActiveViewsForTests } from '@/workspace/activeView';
import { resetWorkspaceDbForTests } from '@/workspace/db';
import { listViews } from '@/workspace/views';

setupMockServer();

const SLOW = { timeout: 10_000 };
const DA = 'ercot_spp_day_ahead_hourly';
const RT = 'ercot_spp_real_time_15_min';
const HOUSTON = { filterColumn: 'location', filterValue: 'HB_HOUSTON' };
const DART = compareHref({
  from: '2025-07-08',
  to: '2025-07-14',
  A: dataSeries('A', DA, 'spp', HOUSTON),
  B: dataSeries('B', RT, 'spp', HOUSTON),
  C: { kind: 'expr', key: 'C', expr: 'A - B' },
});

async function spreadRow(): Promise<string[]> {
  const table = await screen.findByRole('table', { name: 'Statistics of each series over the range' }, SLOW);
  const row = await within(table).findByRole('row', { name: /^C = A - B/ }, SLOW);
  return within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);
}

afterEach(async () => {
  cleanup();
  resetActiveViewsForTests();
  await resetWorkspaceDbForTests();
});

describe('saving the Compare workspace', () => {
  it('saves with Ctrl+S and a name, and the saved path restores the same series and figures', async () => {
    const { user } = renderApp(DART);
    const before = await spreadRow();
    const bar = screen.getByRole('group', { name: 'Saved view' });
    await user.keyboard('{Control>}s{/Control}');
    const name = within(bar).getByLabelText('Name');
    expect(name).toHaveFocus();
    await user.clear(name);
    await user.type(name, 'Houston DART, July{Enter}');
    await waitFor(
      () => expect(within(bar).getByRole('status')).toHaveTextContent(/Saved as “Houston DART, July” · /),
      SLOW,
    );

    const views = await listViews();
    expect(views).toHaveLength(1);
    const view = views[0];
    expect(view).toMatchObject({ kind: 'compare', path: DART, datasets: [DA, RT] });
    expect(view?.timeRange).toMatch(/^2025-07-08 → 2025-07-14 /);
    expect(view?.requests.map((r) => r.dataset)).toEqual([DA, RT]);

    cleanup();
    renderApp(view?.path ?? '');
    expect(await spreadRow()).toEqual(before);
  });
});
