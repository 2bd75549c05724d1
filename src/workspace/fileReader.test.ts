import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { MAX_ANNOTATION_TEXT } from '@/lib/annotations';
import { workspaceFileText } from './file';
import { parseWorkspaceFile } from './fileReader';
import type { SavedView } from './types';

const fixtureText = readFileSync(
  fileURLToPath(new URL('./fixtures/workspace-v1.gridscope.json', import.meta.url)),
  'utf8',
);
type FileJson = { views: Record<string, unknown>[] } & Record<string, unknown>;
const fixture = (): FileJson => JSON.parse(fixtureText) as FileJson;

function problemsOf(file: unknown): string[] {
  const read = parseWorkspaceFile(typeof file === 'string' ? file : JSON.stringify(file));
  return read.ok ? [] : read.problems;
}

function withView(index: number, changes: Record<string, unknown>): FileJson {
  const file = fixture();
  file.views[index] = { ...file.views[index], ...changes };
  return file;
}

const view = (overrides: Partial<SavedView> = {}): SavedView => ({
  id: '0d6a7c2e-1111-4a55-8f00-000000000001',
  kind: 'query',
  name: 'North hub',
  note: 'A note',
  path: '/datasets/ercot_spp/query?locations=HB_NORTH',
  datasets: ['ercot_spp'],
  timeRange: 'last 7 days',
  server: 'http://127.0.0.1:8080',
  requests: [
    {
      dataset: 'ercot_spp',
      url: 'http://127.0.0.1:8080/v1/datasets/ercot_spp/query?limit=10',
      parameters: { limit: 10, filter_value: 'HB_NORTH', exact: true },
    },
  ],
  annotations: [{ id: 'n1', start: '2026-11-18T06:00:00Z', end: null, text: 'spike' }],
  sparkline: [1, 2, 3.5],
  starred: true,
  createdAt: Date.UTC(2026, 10, 18, 6),
  updatedAt: Date.UTC(2026, 10, 19, 7, 30, 15, 250),
  openedAt: null,
  ...overrides,
});

describe('reading a workspace file', () => {
  it('reads every view of a good file as a saved view, never opened here', () => {
    const read = parseWorkspaceFile(fixtureText);
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.views.map((v) => v.kind)).toEqual([
      'query',
      'compare',
      'priceMap',
      'location',
      'dailyPeak',
      'locations',
    ]);
    const [first] = read.views;
    expect(first?.name).toBe('North hub prices, last week');
    expect(first?.timeRange).toBe('2026-11-18 → 2026-11-25, US/Central');
    expect(first?.createdAt).toBe(Date.parse('2026-11-24T16:02:11.000Z'));
    expect(first?.annotations).toHaveLength(2);
    expect(read.views.every((v) => v.openedAt === null)).toBe(true);
  });

  it('gives back what the writer wrote: writer then reader is the same views', () => {
    const views = [
      view(),
      view({ id: 'second', kind: 'compare', path: '/compare?s=a', sparkline: null, openedAt: 5 }),
    ];
    const read = parseWorkspaceFile(workspaceFileText(views));
    expect(read).toEqual({ ok: true, views: views.map((v) => ({ ...v, openedAt: null })) });
  });

  it('says a file that is not JSON is not JSON', () => {
    expect(problemsOf('{"format": "gridscope-workspace", ')).toEqual([
      'The file is not JSON: it may be damaged, or not a GridScope workspace file.',
    ]);
  });

  it('says a JSON file of another kind is not a workspace file', () => {
    expect(problemsOf({ format: 'grafana-dashboard', views: [] })).toEqual([
      'format is not gridscope-workspace: this is not a GridScope workspace file.',
    ]);
    expect(problemsOf([1, 2])[0]).toMatch(/not a GridScope workspace/);
  });

  it('asks for an update when the file is newer than the app', () => {
    expect(problemsOf({ ...fixture(), schema_version: 7 })).toEqual([
      'schema_version 7 is newer than this app reads (1): update GridScope.',
    ]);
  });

  it('refuses a schema version below the first', () => {
    expect(problemsOf({ ...fixture(), schema_version: 0 })).toEqual(['schema_version is below 1']);
  });

  it('names the view and the field that is wrong', () => {
    expect(problemsOf(withView(2, { path: '//evil.com/price-map' }))).toEqual([
      'view 3 (“Evening ramp, 18 Nov”): path is not a page of this app',
    ]);
    expect(problemsOf(withView(0, { path: 'javascript:alert(1)' }))).toEqual([
      'view 1 (“North hub prices, last week”): path is not a page of this app',
    ]);
    expect(problemsOf(withView(1, { kind: 'dashboard' }))[0]).toMatch(
      /^view 2 \(“Houston vs West spread”\): kind is not one of query, compare/,
    );
    expect(problemsOf(withView(1, { created_at: 'yesterday' }))).toEqual([
      'view 2 (“Houston vs West spread”): created_at is not an ISO 8601 instant',
    ]);
    expect(problemsOf(withView(1, { starred: 'yes' }))).toEqual([
      'view 2 (“Houston vs West spread”): starred is not boolean',
    ]);
    const noName = fixture();
    delete noName.views[3]?.name;
    expect(problemsOf(noName)).toEqual(['view 4: name is missing']);
  });

  it('refuses oversized values', () => {
    expect(problemsOf(withView(0, { name: 'n'.repeat(201) }))).toEqual([
      `view 1 (“${'n'.repeat(59)}…”): name is longer than 200 characters`,
    ]);
    expect(problemsOf(withView(0, { note: 'n'.repeat(5_001) }))).toEqual([
      'view 1 (“North hub prices, last week”): note is longer than 5000 characters',
    ]);
    const longNote = {
      id: 'x',
      start: '2026-11-18T06:00:00Z',
      end: null,
      text: 'x'.repeat(MAX_ANNOTATION_TEXT + 1),
    };
    expect(problemsOf(withView(0, { annotations: [longNote] }))).toEqual([
      `view 1 (“North hub prices, last week”): annotations.0.text is longer than ${String(MAX_ANNOTATION_TEXT)} characters`,
    ]);
    expect(problemsOf(withView(0, { sparkline: Array.from({ length: 65 }, () => 1) }))).toEqual([
      'view 1 (“North hub prices, last week”): sparkline has more than 64 items',
    ]);
    const many = fixture();
    many.views = Array.from({ length: 10_001 }, () => ({}));
    expect(problemsOf(many)).toEqual(['views has more than 10000 items']);
  });

  it('rejects the whole file when one view is bad: nothing of it is read', () => {
    const read = parseWorkspaceFile(JSON.stringify(withView(5, { path: '/settings' })));
    expect(read).toEqual({ ok: false, problems: ['view 6 (“Hubs”): path is not a page of this app'] });
  });

  it('reads a view of the grid today, and refuses one whose path is not /today', () => {
    const today = view({
      kind: 'today',
      name: 'The grid today · 2025-07-14',
      path: '/today?date=2025-07-14',
      datasets: ['ercot_fuel_mix'],
      timeRange: 'market day 2025-07-14',
    });
    const read = parseWorkspaceFile(workspaceFileText([today]));
    expect(read).toEqual({ ok: true, views: [{ ...today, openedAt: null }] });
    const elsewhere = { ...today, path: '/reports/daily-peak?date=2025-07-14' };
    expect(parseWorkspaceFile(workspaceFileText([elsewhere]))).toEqual({
      ok: false,
      problems: ['view 1 (“The grid today · 2025-07-14”): path is not a page of this app'],
    });
  });

  it('refuses two views with one id', () => {
    const file = fixture();
    file.views[1] = { ...file.views[1], id: file.views[0]?.id };
    expect(problemsOf(file)[0]).toMatch(/^view 2 .*: id .* is used by an earlier view of the file$/);
  });

  it('lists at most twenty problems and counts the rest', () => {
    const file = fixture();
    file.views = Array.from({ length: 30 }, () => ({ ...file.views[0], path: '/nowhere' }));
    const problems = problemsOf(file);
    expect(problems).toHaveLength(21);
    expect(problems[20]).toBe('and 10 more problems');
  });
});
