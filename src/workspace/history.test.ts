import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { resetWorkspaceDbForTests, workspaceDb } from './db';
import { addHistory, clearUnstarredHistory, listHistory, setHistoryStarred } from './history';
import type { HistoryEntry } from './types';

function entry(at: number, over: Partial<HistoryEntry> = {}): HistoryEntry {
  return {
    at,
    kind: 'priceMap',
    path: `/price-map?i=${at}`,
    label: `step ${at}`,
    dataset: 'ercot_spp',
    server: 's',
    request: { dataset: 'ercot_spp', url: 'u', parameters: {} },
    rows: at,
    durationMs: 5,
    error: null,
    groupKey: `g${at}`,
    queries: 1,
    starred: 0,
    ...over,
  };
}

afterEach(async () => {
  await resetWorkspaceDbForTests();
});

describe('query history bound and stars', () => {
  it('keeps an entry starred later past the bound, while newer unstarred ones push older ones out', async () => {
    const db = workspaceDb();
    await addHistory([entry(1), entry(2)], db, 2);
    const oldest = (await listHistory()).find((e) => e.at === 1);
    await setHistoryStarred(oldest?.id ?? -1, true);
    await addHistory([entry(3), entry(4), entry(5)], db, 2);
    expect((await listHistory()).map((e) => [e.at, e.starred])).toEqual([
      [5, 0],
      [4, 0],
      [1, 1],
    ]);
  });

  it('clears the unstarred entries and keeps the starred', async () => {
    await addHistory([entry(1, { starred: 1 }), entry(2), entry(3)]);
    await clearUnstarredHistory();
    expect((await listHistory()).map((e) => e.at)).toEqual([1]);
  });

  it('takes a group’s latest step as its page, rows and whether more rows followed', async () => {
    await addHistory([entry(1, { groupKey: 'view', moreRows: true })]);
    await addHistory([entry(2, { groupKey: 'view', moreRows: false })]);
    const [view] = await listHistory();
    expect(view).toMatchObject({ path: '/price-map?i=2', rows: 2, moreRows: false, queries: 2, at: 2 });
  });
});
