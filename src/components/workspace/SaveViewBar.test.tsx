// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Dexie } from 'dexie';
import { createMemoryRouter, RouterProvider, useNavigate } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  followNavigation,
  readActiveView,
  readPagesFrom,
  resetActiveViewsForTests,
  updateActiveView,
} from '@/workspace/activeView';
import { resetWorkspaceDbForTests, workspaceDb } from '@/workspace/db';
import * as file from '@/workspace/file';
import type { ViewDescriptor } from '@/workspace/types';
import { listViews } from '@/workspace/views';
import { SaveViewBar } from './SaveViewBar';

const NOTE = { id: 'n1', start: '2025-07-08T05:00:00Z', end: null, text: 'Storm' };

function Page() {
  const navigate = useNavigate();
  const describeView = (path: string): ViewDescriptor => ({
    kind: 'query',
    path,
    suggestedName: 'SPP at HB_NORTH',
    datasets: ['ercot_spp'],
    timeRange: 'last 7 days',
    server: 'http://127.0.0.1:8080',
    requests: [],
    sparkline: [1, 2, 3],
  });
  return (
    <>
      <SaveViewBar kind="query" describe={describeView} />
      <label>
        Location
        <input />
      </label>
      <button type="button" onClick={() => void navigate('/q?l=HB_SOUTH')}>
        Change the query
      </button>
    </>
  );
}

function renderBar() {
  const router = createMemoryRouter([{ path: '/q', element: <Page /> }], {
    initialEntries: ['/q?l=HB_NORTH'],
  });
  const user = userEvent.setup();
  // As the app does: a view is open on the router's current page.
  readPagesFrom(router);
  followNavigation(router);
  render(<RouterProvider router={router} />);
  const bar = screen.getByRole('group', { name: 'Saved view' });
  return { user, bar, router };
}

beforeEach(() => {
  sessionStorage.clear();
  resetActiveViewsForTests();
});

afterEach(async () => {
  vi.restoreAllMocks();
  cleanup(); // before the store is reset under a mounted bar (an update outside act)
  await resetWorkspaceDbForTests();
});

describe('the save bar', () => {
  it('asks for a name at the first save, then saves over the same view, and "Save as…" forks it', async () => {
    const { user, bar } = renderBar();
    expect(within(bar).getByRole('status')).toHaveTextContent('Not saved');
    await user.click(within(bar).getByRole('button', { name: 'Save' }));
    const dialog = within(bar).getByRole('dialog', { name: 'Save view' });
    const name = within(dialog).getByLabelText('Name');
    expect(name).toHaveValue('SPP at HB_NORTH');
    expect(name).toHaveFocus();
    await user.clear(name);
    await user.type(name, 'North hub');
    await user.type(within(dialog).getByLabelText('Note (optional)'), 'Weekly check');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(within(bar).getByRole('status')).toHaveTextContent(/^Saved as “North hub” · \d\d:\d\d$/),
    );
    expect(bar.querySelector('[role="dialog"]')).toBeNull();
    let views = await listViews();
    expect(views.map((v) => [v.name, v.note, v.path])).toEqual([
      ['North hub', 'Weekly check', '/q?l=HB_NORTH'],
    ]);

    // The page changes: the bar says so, and Save writes over the same view without asking.
    await user.click(screen.getByRole('button', { name: 'Change the query' }));
    expect(within(bar).getByRole('status')).toHaveTextContent('Unsaved changes');
    await user.click(within(bar).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(within(bar).getByRole('status')).toHaveTextContent(/^Saved as “North hub” · \d\d:\d\d$/),
    );
    views = await listViews();
    expect(views).toHaveLength(1);
    expect(readActiveView('query').savedPath).toBe('/q?l=HB_SOUTH');

    await user.click(within(bar).getByRole('button', { name: 'Save as…' }));
    const fork = within(bar).getByRole('dialog', { name: 'Save as a new view' });
    expect(within(fork).getByLabelText('Name')).toHaveValue('North hub (copy)');
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(within(bar).getByRole('status')).toHaveTextContent('Saved as “North hub (copy)”'),
    );
    views = await listViews();
    expect(views.map((v) => v.name).sort()).toEqual(['North hub', 'North hub (copy)']);

    // "New" detaches: the next Save asks again.
    await user.click(within(bar).getByRole('button', { name: 'New' }));
    expect(within(bar).getByRole('status')).toHaveTextContent('Not saved');
  });

  it('saves with Ctrl+S from inside a field of the page, once per press, and Escape closes the dialog', async () => {
    const { user, bar } = renderBar();
    await user.click(screen.getByLabelText('Location'));
    const press = new KeyboardEvent('keydown', { key: 's', ctrlKey: true, bubbles: true, cancelable: true });
    act(() => {
      screen.getByLabelText('Location').dispatchEvent(press);
    });
    // The browser's own "Save page as" does not open.
    expect(press.defaultPrevented).toBe(true);
    const dialog = within(bar).getByRole('dialog', { name: 'Save view' });
    await user.keyboard('{Escape}');
    expect(dialog).not.toBeInTheDocument();
    expect(within(bar).getByRole('button', { name: 'Save' })).toHaveFocus();

    await user.keyboard('{Control>}s{/Control}');
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(within(bar).getByRole('status')).toHaveTextContent('Saved as “SPP at HB_NORTH”'),
    );
    await user.keyboard('{Control>}s{/Control}');
    await waitFor(() => expect(within(bar).getByRole('status')).toHaveTextContent(/Saved as .* · \d\d:\d\d/));
    expect(await listViews()).toHaveLength(1);
  });

  it('keeps the tab in place when the store is full, says why beside Save, and offers the file', async () => {
    const { user, bar } = renderBar();
    act(() => updateActiveView('query', { annotations: [NOTE] }));
    vi.spyOn(workspaceDb().views, 'add').mockRejectedValue(new DOMException('full', 'QuotaExceededError'));
    const download = vi.spyOn(file, 'downloadWorkspaceFile').mockImplementation(() => undefined);

    await user.click(within(bar).getByRole('button', { name: 'Save' }));
    const dialog = within(bar).getByRole('dialog');
    await user.clear(within(dialog).getByLabelText('Name'));
    await user.type(within(dialog).getByLabelText('Name'), 'North hub');
    await user.type(within(dialog).getByLabelText('Note (optional)'), 'Keep me');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    const alert = await within(bar).findByRole('alert');
    expect(alert).toHaveTextContent('this site’s storage is full');
    expect(within(bar).getByRole('button', { name: 'Save' })).toHaveAccessibleDescription(/storage is full/);
    expect(readActiveView('query')).toMatchObject({
      id: null,
      name: 'North hub',
      note: 'Keep me',
      annotations: [NOTE],
    });
    expect(await workspaceDb().views.count()).toBe(0);

    await user.click(within(alert).getByRole('button', { name: 'Download as file' }));
    expect(download).toHaveBeenCalledTimes(1);
    const [views] = download.mock.calls[0] ?? [[]];
    expect(views).toHaveLength(1);
    expect(views[0]).toMatchObject({
      kind: 'query',
      name: 'North hub',
      note: 'Keep me',
      annotations: [NOTE],
    });
    expect(file.workspaceFileText(views)).toContain('"path": "/q?l=HB_NORTH"');

    // The next try offers the name and note the analyst typed.
    await user.click(within(bar).getByRole('button', { name: 'Save' }));
    expect(within(within(bar).getByRole('dialog')).getByLabelText('Name')).toHaveValue('North hub');
  });

  it('says the browser keeps no saved work here when IndexedDB is missing', async () => {
    const { user, bar } = renderBar();
    const saved = Dexie.dependencies.indexedDB;
    Dexie.dependencies.indexedDB = undefined as unknown as IDBFactory;
    try {
      await resetWorkspaceDbForTests().catch(() => undefined);
      await user.click(within(bar).getByRole('button', { name: 'Save' }));
      await user.keyboard('{Enter}');
      expect(await within(bar).findByRole('alert')).toHaveTextContent('keeps no saved work here');
      expect(within(bar).getByRole('button', { name: 'Download as file' })).toBeInTheDocument();
    } finally {
      Dexie.dependencies.indexedDB = saved;
    }
  });
});
