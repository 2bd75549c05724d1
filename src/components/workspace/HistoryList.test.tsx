// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { resetWorkspaceDbForTests } from '@/workspace/db';
import { addHistory, listHistory } from '@/workspace/history';
import { noteHistoryFailure, resetHistoryFailureForTests } from '@/workspace/historyStatus';
import type { HistoryEntry } from '@/workspace/types';
import { HistoryList, type HistoryListProps } from './HistoryList';

const NOW = Date.now();

function entry(over: Partial<HistoryEntry> & Pick<HistoryEntry, 'label'>): HistoryEntry {
  return {
    at: NOW - 60_000,
    kind: 'query',
    path: '/datasets/ercot_spp/query?v=1',
    dataset: 'ercot_spp',
    server: 'http://127.0.0.1:8080',
    request: {
      dataset: 'ercot_spp',
      url: 'http://127.0.0.1:8080/v1/datasets/ercot_spp/query',
      parameters: {},
    },
    rows: 96,
    durationMs: 120,
    error: null,
    groupKey: `once:${over.label}`,
    queries: 1,
    starred: 0,
    ...over,
  };
}

const SEED: HistoryEntry[] = [
  entry({ label: 'ERCOT SPP · location = HB_NORTH · 2025-07-14 → 2025-07-15 (UTC)', at: NOW - 3 * 60_000 }),
  entry({
    label: 'ercot_lmp · every location · at 2025-07-14 10:10',
    kind: 'priceMap',
    dataset: 'ercot_lmp',
    path: '/price-map?ds=ercot_lmp&i=2',
    rows: 1_000,
    queries: 12,
    at: NOW - 2 * 60_000,
  }),
  entry({
    label: 'ERCOT SPP · location = NOPE',
    rows: null,
    error: 'The server refused the query (400): Unknown location NOPE',
    at: NOW - 60_000,
  }),
];

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

async function renderList(props: HistoryListProps = {}, seed: HistoryEntry[] = SEED) {
  await addHistory(seed);
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <>
            <HistoryList {...props} />
            <Where />
          </>
        ),
      },
    ],
    { initialEntries: ['/library'] },
  );
  const user = userEvent.setup();
  render(<RouterProvider router={router} />);
  await screen.findByRole('list', { name: 'Recorded queries' });
  return { user, router };
}

const items = () => within(screen.getByRole('list', { name: 'Recorded queries' })).getAllByRole('listitem');

afterEach(async () => {
  cleanup();
  resetHistoryFailureForTests();
  await resetWorkspaceDbForTests();
});

describe('HistoryList', () => {
  it('lists the recorded queries newest first, with their rows, time taken, steps and failures', async () => {
    await renderList();
    const [failed, steps, first] = items();
    expect(failed).toHaveTextContent('ERCOT SPP · location = NOPE');
    expect(failed).toHaveTextContent('Failed: The server refused the query (400): Unknown location NOPE');
    expect(steps).toHaveTextContent('2 min ago · Price map · ercot_lmp · 1,000 rows · 120 ms · 12 steps');
    expect(first).toHaveTextContent('3 min ago · Query · ercot_spp · 96 rows · 120 ms');
    // The exact time is a hover away.
    expect(within(first as HTMLElement).getByText('3 min ago')).toHaveAttribute(
      'title',
      expect.stringMatching(/\d{2}:\d{2}:\d{2}/),
    );
    expect(
      screen.getByText('Keeps the newest 5,000 queries; starred ones are kept. 3 recorded, 0 starred.'),
    ).toBeInTheDocument();
  });

  it('searches as the analyst types and filters by dataset', async () => {
    const { user } = await renderList();
    await user.type(screen.getByLabelText('Search history'), 'hb_north');
    expect(items()).toHaveLength(1);
    expect(items()[0]).toHaveTextContent('HB_NORTH');
    await user.clear(screen.getByLabelText('Search history'));
    await user.selectOptions(screen.getByLabelText('Dataset'), 'ercot_lmp');
    expect(items()).toHaveLength(1);
    expect(items()[0]).toHaveTextContent('12 steps');
    await user.type(screen.getByLabelText('Search history'), 'north');
    expect(screen.getByText('No recorded query matches these filters.')).toBeInTheDocument();
  });

  it('starts on the dataset it is given', async () => {
    await renderList({ dataset: 'ercot_lmp', compact: true });
    expect(screen.getByLabelText('Dataset')).toHaveValue('ercot_lmp');
    expect(items()).toHaveLength(1);
  });

  it('stars an entry to keep it, and shows the starred ones only', async () => {
    const { user } = await renderList();
    const star = screen.getByRole('button', { name: 'Star: ERCOT SPP · location = NOPE' });
    expect(star).toHaveAttribute('aria-pressed', 'false');
    await user.click(star);
    await waitFor(() => expect(star).toHaveAttribute('aria-pressed', 'true'));
    expect((await listHistory()).filter((e) => e.starred === 1).map((e) => e.label)).toEqual([
      'ERCOT SPP · location = NOPE',
    ]);
    await user.click(screen.getByLabelText('Starred only'));
    expect(items()).toHaveLength(1);
    expect(screen.getByText(/3 recorded, 1 starred\./)).toBeInTheDocument();
  });

  it('opens the page a query ran on', async () => {
    const { user } = await renderList();
    await user.click(
      screen.getByRole('link', { name: 'Open: ercot_lmp · every location · at 2025-07-14 10:10' }),
    );
    expect(screen.getByTestId('where')).toHaveTextContent('/price-map?ds=ercot_lmp&i=2');
  });

  it('offers no link for a stored path that would leave the app', async () => {
    await renderList({}, [
      entry({ label: 'odd', path: '//evil.example/x' }),
      entry({ label: 'odder', path: '/\\evil' }),
    ]);
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(screen.getAllByText('Cannot be opened')).toHaveLength(2);
  });

  it('clears the unstarred entries after asking, and keeps the starred', async () => {
    const { user } = await renderList({}, [...SEED, entry({ label: 'keep me', starred: 1 })]);
    await user.click(screen.getByRole('button', { name: 'Clear unstarred…' }));
    expect(
      screen.getByText('Delete 3 unstarred queries from the history? Starred ones stay.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Delete them' }));
    await waitFor(() => expect(items()).toHaveLength(1));
    expect(items()[0]).toHaveTextContent('keep me');
  });

  it('shows a page at a time', async () => {
    const many = Array.from({ length: 130 }, (_, i) => entry({ label: `query ${i}`, at: NOW - i * 1_000 }));
    const { user } = await renderList({}, many);
    expect(items()).toHaveLength(100);
    await user.click(screen.getByRole('button', { name: 'Show more (30 more)' }));
    expect(items()).toHaveLength(130);
  });

  it('says when the history could not be saved', async () => {
    await renderList();
    act(() => noteHistoryFailure(Object.assign(new Error('full'), { name: 'QuotaExceededError' }), 2));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'History could not be saved: this site’s storage is full. 2 queries were not recorded.',
    );
  });
});
