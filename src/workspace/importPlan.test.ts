import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { resetWorkspaceDbForTests, workspaceDb } from './db';
import { applyImport, planImport } from './importPlan';
import type { SavedView } from './types';
import { listViews, putViews } from './views';

afterEach(resetWorkspaceDbForTests);

const view = (id: string, overrides: Partial<SavedView> = {}): SavedView => ({
  id,
  kind: 'compare',
  name: `View ${id}`,
  note: '',
  path: '/compare',
  datasets: [],
  timeRange: null,
  server: 'https://api.example.com',
  requests: [],
  annotations: [],
  sparkline: null,
  starred: false,
  createdAt: 1_000,
  updatedAt: 2_000,
  openedAt: null,
  ...overrides,
});

describe('planning an import', () => {
  it('adds new ids, replaces changed ones and leaves identical ones alone', () => {
    const existing = [view('a', { openedAt: 9_000 }), view('b', { openedAt: 8_000 })];
    const incoming = [view('a'), view('b', { name: 'Renamed' }), view('c')];
    const plan = planImport(existing, incoming);
    expect(plan.add.map((v) => v.id)).toEqual(['c']);
    expect(plan.unchanged.map((v) => v.id)).toEqual(['a']);
    // The replacement is the file's view, keeping when it was last opened here.
    expect(plan.replace).toEqual([view('b', { name: 'Renamed', openedAt: 8_000 })]);
  });
});

describe('applying an import', () => {
  it('writes the additions and replacements', async () => {
    await putViews([view('a'), view('b')]);
    const plan = planImport(await listViews(), [view('b', { note: 'new' }), view('c')]);
    await applyImport(plan);
    const after = await listViews();
    expect(after.map((v) => v.id).sort()).toEqual(['a', 'b', 'c']);
    expect(after.find((v) => v.id === 'b')?.note).toBe('new');
  });

  it('leaves the library as it was when the write fails partway', async () => {
    await putViews([view('a'), view('b')]);
    const before = await listViews();
    // The second addition has no key: the store refuses it after the first was written.
    const broken = { ...view('z'), id: undefined } as unknown as SavedView;
    const plan = { add: [view('c'), broken], replace: [view('a', { name: 'Changed' })], unchanged: [] };
    await expect(applyImport(plan)).rejects.toThrow();
    expect(await listViews()).toEqual(before);
    expect(await workspaceDb().views.count()).toBe(2);
  });
});
