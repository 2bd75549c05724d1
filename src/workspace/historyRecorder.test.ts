// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { Dexie } from 'dexie';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '@/api/ApiError';
import { setConnection } from '@/api/connection';
import { datasetKeys } from '@/api/datasets/keys';
import { locationKeys } from '@/api/locations/keys';
import { priceKeys } from '@/api/prices/keys';
import { queryKeys } from '@/api/query/keys';
import { createQueryClient } from '@/api/queryClient';
import { usageKeys } from '@/api/usage/keys';
import { compareSeriesKeys } from '@/compare/seriesKeys';
import { resetWorkspaceDbForTests } from './db';
import { listHistory } from './history';
import { installHistoryRecorder, type HistoryRecorder } from './historyRecorder';
import { setHistoryRecording } from './historySetting';
import { readHistoryFailure, resetHistoryFailureForTests } from './historyStatus';

const SECRET = 'sk-live-never-in-history-42';
const DATASET = 'ercot_spp_real_time_15_min';
const PARAMS = {
  start_time: '2025-07-14',
  end_time: '2025-07-15',
  timezone: 'UTC',
  filter_column: 'location',
  filter_value: 'HB_NORTH',
};
const QUERY_PATH = `/datasets/${DATASET}/query?v=1&fcol=location&fval=HB_NORTH`;

/** A first table page as the table's fetcher shapes it (the recorder reads only its counts). */
function tablePage(rows: number, hasNextPage = false) {
  return {
    rows: { names: ['spp'], rowCount: rows, columns: [] },
    meta: { page: null, limit: null, page_size: 500, hasNextPage, cursor: null },
    dataset_metadata: { id: DATASET, name: 'ERCOT SPP (15-minute)' },
  };
}

let path = QUERY_PATH;
let scheduled: (() => void)[] = [];
let recorder: HistoryRecorder | undefined;

function setup() {
  const client = createQueryClient({ defaultOptions: { queries: { retry: false } } });
  recorder = installHistoryRecorder(client, {
    currentPath: () => path,
    schedule: (write) => scheduled.push(write),
  });
  return { client, recorder };
}

beforeEach(() => {
  path = QUERY_PATH;
  scheduled = [];
  setConnection({ mode: 'remote', baseUrl: 'https://api.example.com/', apiKey: SECRET, remember: false });
});

afterEach(async () => {
  recorder?.uninstall();
  recorder = undefined;
  resetHistoryFailureForTests();
  await resetWorkspaceDbForTests();
});

describe('the history recorder', () => {
  it('records nothing while history is turned off in Settings, and records again once it is on', async () => {
    const { client, recorder } = setup();
    setHistoryRecording(false);
    try {
      await client.query({
        queryKey: queryKeys.table(DATASET, PARAMS),
        queryFn: () => Promise.resolve(tablePage(96)),
      });
      expect(scheduled).toEqual([]);
    } finally {
      setHistoryRecording(true);
    }
    await client.query({
      queryKey: queryKeys.table(DATASET, { ...PARAMS, filter_value: 'HB_WEST' }),
      queryFn: () => Promise.resolve(tablePage(4)),
    });
    scheduled[0]?.();
    await recorder.flush();
    expect((await listHistory()).map((e) => e.rows)).toEqual([4]);
  });

  it('records a query builder run after it answered: rows, time taken, page and request, never the key', async () => {
    const { client, recorder } = setup();
    const page = await client.query({
      queryKey: queryKeys.table(DATASET, PARAMS),
      queryFn: () => Promise.resolve(tablePage(96)),
    });
    expect(page.rows.rowCount).toBe(96);
    // The query has its rows and nothing was written: the write waits for an idle moment.
    expect(scheduled).toHaveLength(1);
    expect(await listHistory()).toEqual([]);

    scheduled[0]?.();
    await recorder.flush();
    const entries = await listHistory();
    expect(entries).toHaveLength(1);
    const [entry] = entries;
    expect(entry).toMatchObject({
      kind: 'query',
      path: QUERY_PATH,
      dataset: DATASET,
      label: 'ERCOT SPP (15-minute) · location = HB_NORTH · 2025-07-14 → 2025-07-15 (UTC)',
      server: 'https://api.example.com',
      rows: 96,
      moreRows: false,
      error: null,
      queries: 1,
      starred: 0,
    });
    expect(entry?.request.url).toBe(
      `https://api.example.com/v1/datasets/${DATASET}/query?start_time=2025-07-14&end_time=2025-07-15&timezone=UTC&filter_column=location&filter_value=HB_NORTH`,
    );
    expect(entry?.request.parameters).toEqual(PARAMS);
    expect(entry?.durationMs).toBeGreaterThanOrEqual(0);
    expect(JSON.stringify(entries)).not.toContain(SECRET);
  });

  it('says when a first page had more rows after it', async () => {
    const { client, recorder } = setup();
    await client.query({
      queryKey: queryKeys.table(DATASET, {}),
      queryFn: () => Promise.resolve(tablePage(500, true)),
    });
    await recorder.flush();
    expect((await listHistory())[0]).toMatchObject({
      rows: 500,
      moreRows: true,
      label: 'ERCOT SPP (15-minute) · all times',
    });
  });

  it('records a failed query with the server’s message', async () => {
    const { client, recorder } = setup();
    const refused = new ApiError({
      status: 400,
      detail: 'Unknown column: nope',
      path: `/v1/datasets/${DATASET}/query`,
    });
    await expect(
      client.query({
        queryKey: queryKeys.table(DATASET, { columns: 'nope' }),
        queryFn: () => Promise.reject(refused),
      }),
    ).rejects.toBe(refused);
    await recorder.flush();
    const [entry] = await listHistory();
    expect(entry?.rows).toBeNull();
    expect(entry?.error).toContain('Unknown column: nope');
  });

  it('collapses the price map’s steps through one view into one entry that counts them', async () => {
    const { client, recorder } = setup();
    const times = ['2025-07-14T10:00:00+00:00', '2025-07-14T10:05:00+00:00', '2025-07-14T10:10:00+00:00'];
    for (const [i, time] of times.entries()) {
      // Stepping and panning change the link; the view (dataset, measure, day) stays.
      path = `/price-map?ds=ercot_spp&day=2025-07-14&i=${i}&c=31.2,-99.3`;
      await client.query({
        queryKey: priceKeys.snapshot({ dataset: 'ercot_spp', column: 'spp', time }),
        queryFn: () => Promise.resolve({ time, names: ['A', 'B'], values: [1, 2], byName: new Map() }),
      });
    }
    await recorder.flush();
    const entries = await listHistory();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      kind: 'priceMap',
      queries: 3,
      rows: 2,
      path: '/price-map?ds=ercot_spp&day=2025-07-14&i=2&c=31.2,-99.3',
      groupKey: 'priceMap:/price-map?ds=ercot_spp&day=2025-07-14',
    });
    expect(entries[0]?.label).toContain('every location');

    // Another day is another view.
    path = '/price-map?ds=ercot_spp&day=2025-07-15&i=0';
    const time = '2025-07-15T00:00:00+00:00';
    await client.query({
      queryKey: priceKeys.snapshot({ dataset: 'ercot_spp', column: 'spp', time }),
      queryFn: () => Promise.resolve({ time, names: ['A'], values: [1], byName: new Map() }),
    });
    await recorder.flush();
    expect((await listHistory()).map((e) => e.queries)).toEqual([1, 3]);
  });

  it('records no snapshot read by another page (the overview’s highest node)', async () => {
    const { client, recorder } = setup();
    path = '/today';
    const time = '2025-07-15T00:00:00+00:00';
    await client.query({
      queryKey: priceKeys.snapshot({ dataset: 'ercot_lmp', column: 'lmp', time }),
      queryFn: () => Promise.resolve({ time, names: ['A'], values: [1], byName: new Map() }),
    });
    await recorder.flush();
    expect(await listHistory()).toEqual([]);
  });

  it('records each Compare series as its own entry', async () => {
    const { client, recorder } = setup();
    path = '/compare?s=1';
    for (const location of ['HB_NORTH', 'HB_WEST']) {
      await client.query({
        queryKey: compareSeriesKeys.series(DATASET, {
          ...PARAMS,
          filter_value: location,
          resample_frequency: '1h',
        }),
        queryFn: () => Promise.resolve({ times: [], values: [], published: null, rows: 24, capped: false }),
      });
    }
    await recorder.flush();
    const entries = await listHistory();
    expect(entries.map((e) => [e.kind, e.rows, e.queries])).toEqual([
      ['compare', 24, 1],
      ['compare', 24, 1],
    ]);
    expect(entries.map((e) => e.label).sort()).toEqual([
      `${DATASET} · location = HB_NORTH · 2025-07-14 → 2025-07-15 (UTC) · 1h mean`,
      `${DATASET} · location = HB_WEST · 2025-07-14 → 2025-07-15 (UTC) · 1h mean`,
    ]);
  });

  it('records the grid today’s panels as one entry per day shown, not its refreshes, and their day requests nowhere else', async () => {
    const { client, recorder } = setup();
    const day = (rows: number) => () =>
      Promise.resolve({ rows: Array.from({ length: rows }, () => ({})), fetchedAt: 0 });
    path = '/today?date=2025-07-14';
    await client.query({ queryKey: queryKeys.live(DATASET, PARAMS), queryFn: day(96) });
    await client.query({ queryKey: queryKeys.live('ercot_load', PARAMS), queryFn: day(288) });
    // A refresh asking for the next interval: the page keeping up, not a query of the analyst's.
    await client.query({ queryKey: queryKeys.liveNew('ercot_load', PARAMS), queryFn: day(1) });
    path = '/compare?s=1';
    await client.query({ queryKey: queryKeys.live('ercot_fuel_mix', PARAMS), queryFn: day(288) });
    await recorder.flush();
    const entries = await listHistory();
    expect(entries.map((e) => [e.kind, e.path, e.queries])).toEqual([['today', '/today?date=2025-07-14', 2]]);
    expect(JSON.stringify(entries)).not.toContain(SECRET);
  });

  it('does not record what is not a dataset query, nor the query builder’s own quality count', async () => {
    const { client, recorder } = setup();
    const answer = () => Promise.resolve({ data: [], meta: {} });
    await client.query({ queryKey: datasetKeys.list({}), queryFn: answer });
    await client.query({ queryKey: usageKeys.all, queryFn: answer });
    await client.query({ queryKey: locationKeys.list({ page_size: 10 }), queryFn: answer });
    await client.query({ queryKey: queryKeys.rows(DATASET, PARAMS), queryFn: answer });
    await recorder.flush();
    expect(scheduled).toHaveLength(0);
    expect(await listHistory()).toEqual([]);
  });

  it('leaves what a closing page could not write for the next page, which writes it', async () => {
    const first = setup();
    await first.client.query({
      queryKey: queryKeys.table(DATASET, PARAMS),
      queryFn: () => Promise.resolve(tablePage(96)),
    });
    // The write has begun (its store still loading) when the page is left: the query waits in
    // localStorage instead, and this page does not write it as well.
    const writing = first.recorder.flush();
    window.dispatchEvent(new Event('pagehide'));
    await writing;
    first.recorder.uninstall();
    expect(await listHistory()).toEqual([]);
    expect(localStorage.getItem('gridscope.history.unwritten')).not.toContain(SECRET);

    const next = setup();
    expect(scheduled).toHaveLength(2);
    await next.recorder.flush();
    expect((await listHistory()).map((e) => [e.path, e.rows])).toEqual([[QUERY_PATH, 96]]);
    expect(localStorage.getItem('gridscope.history.unwritten')).toBeNull();
  });

  it('keeps quiet to the query when the store refuses, and counts what it lost', async () => {
    const { client, recorder } = setup();
    await resetWorkspaceDbForTests();
    const saved = Dexie.dependencies.indexedDB;
    Dexie.dependencies.indexedDB = undefined as unknown as IDBFactory;
    try {
      await client.query({
        queryKey: queryKeys.table(DATASET, PARAMS),
        queryFn: () => Promise.resolve(tablePage(3)),
      });
      await recorder.flush();
    } finally {
      Dexie.dependencies.indexedDB = saved;
    }
    expect(readHistoryFailure()).toEqual({
      reason: 'this browser keeps no saved work here (a private window, or site storage turned off)',
      lost: 1,
    });
  });
});
