// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach } from 'vitest';
import { PAGES } from '@/app/pages';
import { setupMockServer } from '@/test/mockServer';
import { renderApp } from '@/test/renderApp';
import { readActiveView, resetActiveViewsForTests } from '@/workspace/activeView';
import { resetWorkspaceDbForTests } from '@/workspace/db';
import { shareDataOf, shareLinkFor } from '@/workspace/shareLink';
import type { SavedView } from '@/workspace/types';
import { getView, listViews, putViews } from '@/workspace/views';
import fixtureText from '@/workspace/fixtures/workspace-v1.gridscope.json?raw';

setupMockServer();

afterEach(async () => {
  // The app leaves first: resetting the store under a mounted page (Compare's save bar, after the
  // test that opens a view) would update it outside act.
  cleanup();
  resetActiveViewsForTests();
  await resetWorkspaceDbForTests();
});

const view = (id: string, overrides: Partial<SavedView> = {}): SavedView => ({
  id,
  kind: 'query',
  name: `View ${id}`,
  note: '',
  path: '/datasets/ercot_spp/query?locations=HB_NORTH',
  datasets: ['ercot_spp'],
  timeRange: 'last 7 days',
  server: 'http://127.0.0.1:8080',
  requests: [],
  annotations: [],
  sparkline: null,
  starred: false,
  createdAt: 1_700_000_000_000,
  updatedAt: 1_700_000_000_000,
  openedAt: null,
  ...overrides,
});

const SAVED = [
  view('north', {
    name: 'North hub prices',
    note: 'The Tuesday spike',
    sparkline: [1, 4, 2],
    openedAt: 1_700_000_300_000,
  }),
  view('spread', {
    kind: 'compare',
    name: 'Houston vs West spread',
    path: '/compare?s=ercot_spp%3AHB_HOUSTON',
    openedAt: 1_700_000_200_000,
  }),
  view('peak', {
    kind: 'dailyPeak',
    name: 'Peak before the front',
    path: '/reports/daily-peak?date=2026-11-17',
    datasets: ['ercot_load'],
    openedAt: 1_700_000_100_000,
  }),
];

const list = () => within(screen.getByRole('list', { name: 'Saved views' }));
const names = () =>
  list()
    .getAllByRole('link')
    .map((link) => link.textContent);

async function openLibrary(url = '/library', saved: SavedView[] = SAVED) {
  // The page's code first, so no render waits on it outside the test's own waits.
  await PAGES.library.code.load();
  await putViews(saved);
  const rendered = renderApp(url);
  await screen.findByRole('heading', { level: 1, name: 'Library' });
  if (saved.length > 0) await screen.findByRole('list', { name: 'Saved views' });
  return rendered;
}

describe('Library page', () => {
  it('lists the saved views, last opened first, with kind, dataset and a described sparkline', async () => {
    await openLibrary();
    expect(names()).toEqual(['North hub prices', 'Houston vs West spread', 'Peak before the front']);
    const north = within(list().getAllByRole('listitem')[0] as HTMLElement);
    expect(north.getByText('Query')).toBeInTheDocument();
    expect(north.getByText('ercot_spp')).toBeInTheDocument();
    expect(north.getByText('The Tuesday spike')).toBeInTheDocument();
    expect(north.getByText('Trend from 1 to 2, low 1, high 4')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'History' })).toBeInTheDocument();
  });

  it('explains how to save a view when there is none', async () => {
    await openLibrary('/library', []);
    expect(await screen.findByText('No saved views yet.')).toBeInTheDocument();
    expect(screen.getByText(/Ctrl\+S/)).toBeInTheDocument();
  });

  it('narrows the list as the user types, by name, kind or dataset', async () => {
    const { user } = await openLibrary();
    const search = screen.getByLabelText('Search saved views');
    await user.type(search, 'HOUSTON');
    await waitFor(() => expect(names()).toEqual(['Houston vs West spread']));
    await user.clear(search);
    await user.type(search, 'ercot_load');
    await waitFor(() => expect(names()).toEqual(['Peak before the front']));
    await user.clear(search);
    await user.type(search, 'peak report');
    await waitFor(() => expect(names()).toEqual(['Peak before the front']));
    await user.clear(search);
    await user.type(search, 'nothing like this');
    expect(await screen.findByText('No saved view matches.')).toBeInTheDocument();
  });

  it('stars a view and shows only starred ones on request', async () => {
    const { user } = await openLibrary();
    const star = screen.getByRole('button', { name: 'Star Houston vs West spread' });
    expect(star).toHaveAttribute('aria-pressed', 'false');
    await user.click(star);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Star Houston vs West spread' })).toHaveAttribute(
        'aria-pressed',
        'true',
      ),
    );
    await user.click(screen.getByLabelText('Starred only'));
    await waitFor(() => expect(names()).toEqual(['Houston vs West spread']));
    expect((await getView('spread'))?.starred).toBe(true);
  });

  it('renames a view in place: Enter keeps the new name, Escape keeps the old', async () => {
    const { user } = await openLibrary();
    await user.click(screen.getByRole('button', { name: 'Rename Peak before the front' }));
    const field = screen.getByLabelText(/New name for Peak before the front/);
    expect(field).toHaveFocus();
    await user.clear(field);
    await user.type(field, 'Cold front peak{Enter}');
    expect(await screen.findByRole('link', { name: 'Cold front peak' })).toBeInTheDocument();
    expect((await getView('peak'))?.name).toBe('Cold front peak');
    // The keyboard user is back where they started.
    expect(screen.getByRole('button', { name: 'Rename Cold front peak' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Rename Cold front peak' }));
    await user.type(screen.getByLabelText(/New name for Cold front peak/), ' and more{Escape}');
    expect(screen.getByRole('link', { name: 'Cold front peak' })).toBeInTheDocument();
    expect((await getView('peak'))?.name).toBe('Cold front peak');
  });

  it('duplicates a view', async () => {
    const { user } = await openLibrary();
    await user.click(screen.getByRole('button', { name: 'Duplicate North hub prices' }));
    expect(await screen.findByRole('link', { name: 'North hub prices (copy)' })).toBeInTheDocument();
    expect(await listViews()).toHaveLength(4);
  });

  it('deletes at once and puts the view back exactly on Undo', async () => {
    const { user } = await openLibrary();
    const before = await getView('north');
    await user.click(screen.getByRole('button', { name: 'Delete North hub prices' }));
    await waitFor(() => expect(names()).toEqual(['Houston vs West spread', 'Peak before the front']));
    expect(screen.getByText('Deleted 1 view.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Undo' })).toHaveFocus();
    expect(await getView('north')).toBeUndefined();
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(names()).toHaveLength(3));
    expect(await getView('north')).toEqual(before);
    expect(screen.queryByText('Deleted 1 view.')).not.toBeInTheDocument();
  });

  it('deletes a selection and undoes it in one step', async () => {
    const { user } = await openLibrary();
    await user.click(screen.getByLabelText('Select North hub prices'));
    await user.click(screen.getByLabelText('Select Peak before the front'));
    expect(screen.getByText('2 views selected:')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete selection' }));
    await waitFor(() => expect(names()).toEqual(['Houston vs West spread']));
    expect(screen.getByText('Deleted 2 views.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(names()).toHaveLength(3));
  });

  it('opens a view at its path, marks it opened and makes it the page’s open view', async () => {
    // Compare's code first: a test that ended while the page it opened was still suspended on its
    // chunk left that chunk's late arrival (seconds, under CI load) to be reported as an act warning
    // in whichever test ran then ("damaged share link" failed twice that way).
    await PAGES.compare.code.load();
    const { user, router } = await openLibrary();
    await user.click(screen.getByRole('link', { name: 'Houston vs West spread' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/compare'));
    expect(router.state.location.search).toBe('?s=ercot_spp%3AHB_HOUSTON');
    expect(readActiveView('compare')).toMatchObject({ id: 'spread', name: 'Houston vs West spread' });
    await waitFor(async () => expect((await getView('spread'))?.openedAt).toBeGreaterThan(1_700_000_200_000));
  });

  it('offers no way to open a view whose path is not a page of the app', async () => {
    await openLibrary('/library', [
      view('evil', { name: 'Evil', kind: 'compare', path: '//evil.com/compare' }),
    ]);
    expect(screen.queryByRole('link', { name: 'Evil' })).not.toBeInTheDocument();
    expect(screen.getByText(/its address is not a page of this app/)).toBeInTheDocument();
  });

  it('imports a file after showing what it adds and replaces', async () => {
    const { user } = await openLibrary('/library', [
      view('5b0f7a7e-2f7e-4c33-9a53-0d7c1f0b8a02', {
        kind: 'compare',
        name: 'My old spread',
        path: '/compare',
      }),
    ]);
    const file = new File([fixtureText], 'team.gridscope.json', { type: 'application/json' });
    await user.upload(screen.getByLabelText('Import file…'), file);
    const preview = within(await screen.findByRole('region', { name: 'Import from “team.gridscope.json”' }));
    expect(preview.getByRole('heading', { name: 'Will be added (5)' })).toBeInTheDocument();
    expect(preview.getByText('North hub prices, last week')).toBeInTheDocument();
    expect(
      preview.getByRole('heading', { name: /Will replace the saved view of the same id \(1\)/ }),
    ).toBeInTheDocument();
    expect(preview.getByText('Houston vs West spread')).toBeInTheDocument();
    // Nothing is written before Confirm.
    expect(await listViews()).toHaveLength(1);
    await user.click(preview.getByRole('button', { name: 'Confirm import' }));
    expect(await screen.findByText('Imported: added 5 views, replaced 1 view.')).toBeInTheDocument();
    await waitFor(() => expect(names()).toHaveLength(6));
    expect(screen.queryByRole('link', { name: 'My old spread' })).not.toBeInTheDocument();
  });

  it('leaves the library unchanged by a bad file and says what was wrong', async () => {
    const { user } = await openLibrary();
    const bad = JSON.parse(fixtureText) as { views: { path: string }[] };
    (bad.views[2] as { path: string }).path = 'javascript:alert(1)';
    await user.upload(
      screen.getByLabelText('Import file…'),
      new File([JSON.stringify(bad)], 'bad.gridscope.json', { type: 'application/json' }),
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('view 3 (“Evening ramp, 18 Nov”): path is not a page of this app');
    expect(alert).toHaveTextContent('Your library is unchanged.');
    expect(screen.queryByRole('button', { name: 'Confirm import' })).not.toBeInTheDocument();
    expect(await listViews()).toHaveLength(3);
    expect(names()).toHaveLength(3);

    await user.upload(screen.getByLabelText('Import file…'), new File(['{"views": ['], 'cut.json'));
    expect(await screen.findByText(/The file is not JSON/)).toBeInTheDocument();
    expect(await listViews()).toHaveLength(3);
  });

  it('opens a share link as an import preview, then takes it out of the address', async () => {
    const link = await shareLinkFor([view('shared', { name: 'Shared with me' })], 'http://localhost', '');
    if (!link.ok) throw new Error('expected a link');
    const { user, router } = await openLibrary(`/library${new URL(link.url).hash}`);
    const preview = within(await screen.findByRole('region', { name: 'Import from the link' }));
    expect(preview.getByText('Shared with me')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.hash).toBe(''));
    expect(await listViews()).toHaveLength(3);
    await user.click(preview.getByRole('button', { name: 'Confirm import' }));
    expect(await screen.findByRole('link', { name: 'Shared with me' })).toBeInTheDocument();
  });

  it('says a damaged share link is damaged and changes nothing', async () => {
    const link = await shareLinkFor(SAVED, 'http://localhost', '');
    if (!link.ok) throw new Error('expected a link');
    const data = shareDataOf(new URL(link.url).hash) ?? '';
    const { router } = await openLibrary(`/library#share=${data.slice(0, data.length / 2)}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(/The link is damaged/);
    // The link leaves the address (a replace navigation) while the store is read: both settle here.
    await waitFor(async () => expect(await listViews()).toHaveLength(3));
    await waitFor(() => expect(router.state.location.hash).toBe(''));
  });

  it('offers a share link for a selection', async () => {
    const { user } = await openLibrary();
    await user.click(screen.getByLabelText('Select all 3 matching views'));
    await user.click(screen.getByRole('button', { name: 'Share selection' }));
    const field = await screen.findByLabelText('Link to 3 views');
    expect((field as HTMLInputElement).value).toMatch(/\/library#share=[\w-]+$/);
  });
});
