import 'fake-indexeddb/auto';
import { Dexie } from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { resetWorkspaceDbForTests, workspaceDb } from './db';
import { addHistory, listHistory, pruneHistory } from './history';
import type { HistoryEntry, ViewDescriptor } from './types';
import { createView, deleteViews, listViews, putViews, updateView } from './views';

const descriptor: ViewDescriptor = {
  kind: 'query',
  path: '/datasets/ercot_spp/query?locations=HB_NORTH',
  suggestedName: 'SPP at HB_NORTH',
  datasets: ['ercot_spp'],
  timeRange: 'last 7 days',
  server: 'http://127.0.0.1:8080',
  requests: [],
  sparkline: null,
};

function entry(at: number, groupKey = `g${at}`, starred: 0 | 1 = 0): HistoryEntry {
  return {
    at,
    kind: 'query',
    path: '/x',
    label: 'x',
    dataset: 'ercot_spp',
    server: 's',
    request: { dataset: 'ercot_spp', url: 'u', parameters: {} },
    rows: 1,
    durationMs: 5,
    error: null,
    groupKey,
    queries: 1,
    starred,
  };
}

afterEach(async () => {
  await resetWorkspaceDbForTests();
});

/**
 * Each released schema version, frozen as it shipped: a database that version wrote must open in
 * today's store with its data. When a version is added to SCHEMA_VERSIONS, add it here too.
 */
const RELEASED_SCHEMAS: { version: number; stores: Record<string, string> }[] = [
  {
    version: 1,
    stores: {
      views: 'id, updatedAt, openedAt, kind',
      history: '++id, at, groupKey, [starred+at]',
      meta: 'key',
    },
  },
];

describe('schema versions', () => {
  it.each(RELEASED_SCHEMAS)(
    'a database written by version $version opens with its views and history',
    async (released) => {
      const old = new Dexie('gridscope');
      for (const schema of RELEASED_SCHEMAS.filter((s) => s.version <= released.version))
        old.version(schema.version).stores(schema.stores);
      await old.open();
      const view = {
        ...descriptor,
        id: 'v-old',
        name: 'Old',
        note: '',
        annotations: [],
        starred: false,
        createdAt: 1,
        updatedAt: 1,
        openedAt: null,
      };
      const { suggestedName: _s, ...stored } = view;
      await old.table('views').add(stored);
      await old.table('history').add(entry(7));
      old.close();

      expect((await listViews()).map((v) => v.name)).toEqual(['Old']);
      expect((await listHistory()).map((h) => h.at)).toEqual([7]);
    },
  );
});

describe('saved views in IndexedDB', () => {
  it('saves, saves again over the same view, and lists the newest first', async () => {
    const first = await createView(
      descriptor,
      { name: 'North', note: '', annotations: [] },
      workspaceDb(),
      1,
    );
    await createView(descriptor, { name: '', note: '', annotations: [] }, workspaceDb(), 2);
    const again = await updateView(
      first.id,
      { ...descriptor, path: '/changed' },
      { name: 'North', note: 'n', annotations: [] },
      workspaceDb(),
      3,
    );
    expect(again.id).toBe(first.id);
    expect(again.createdAt).toBe(1);
    const views = await listViews();
    expect(views.map((v) => [v.name, v.path])).toEqual([
      ['North', '/changed'],
      ['SPP at HB_NORTH', descriptor.path],
    ]);
  });

  it('puts deleted views back as they were (undo)', async () => {
    const view = await createView(descriptor, { name: 'North', note: 'kept', annotations: [] });
    const deleted = await deleteViews([view.id]);
    expect(await listViews()).toEqual([]);
    await putViews(deleted);
    expect(await listViews()).toEqual([view]);
  });
});

describe('query history', () => {
  it('collapses one group into one entry that counts its queries', async () => {
    await addHistory([entry(1, 'map'), entry(2, 'map'), entry(3, 'other')]);
    const rows = await listHistory();
    expect(rows.map((r) => [r.groupKey, r.at, r.queries])).toEqual([
      ['other', 3, 1],
      ['map', 2, 2],
    ]);
  });

  it('keeps the newest unstarred entries up to the bound, and every starred one', async () => {
    await addHistory([entry(1, 'a', 1), entry(2), entry(3), entry(4), entry(5)], workspaceDb(), 3);
    const rows = await listHistory();
    expect(rows.map((r) => r.at)).toEqual([5, 4, 3, 1]);
    expect(await pruneHistory(workspaceDb(), 3)).toBe(0);
  });
});
