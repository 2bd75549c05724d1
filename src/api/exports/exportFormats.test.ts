// @vitest-environment jsdom
/**
 * The formats of "Export all rows", each read back the way an analyst's next tool reads it:
 * Parquet by DuckDB (an independent reader) against the CSV export of the same query, the
 * spreadsheet CSV on the days ERCOT's hours are 23 and 25, and the sidecar's URL fetched again.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { http, HttpResponse } from 'msw';
import { DEMO_API_KEY, DEMO_BASE_PATH, setConnection } from '@/api/connection';
import {
  intervalFromLimit,
  resumeExportJob,
  startExportJob,
  type StartExportOptions,
} from '@/api/exports/exportJobs';
import { spreadsheetCsvPage, UTF8_BOM } from '@/api/exports/spreadsheetCsv';
import { fetchDataset } from '@/api/datasets/fetchers';
import type { Dataset } from '@/contract';
import { parseCsv } from '@/lib/csv';
import { setupMockServer } from '@/test/mockServer';
import { exportJobStopped } from '@/test/exportJobs';

const { server } = setupMockServer();

interface Saved {
  blob: Blob;
  name: string;
}

async function exportAll(options: Omit<StartExportOptions, 'label' | 'estimate' | 'save'>): Promise<Saved[]> {
  const saved: Saved[] = [];
  const job = await exportJobStopped(
    startExportJob({
      label: 'test',
      estimate: null,
      save: (blob, name) => saved.push({ blob, name }),
      ...options,
    }),
  );
  expect(job.message).toBeNull();
  expect(job.status).toBe('done');
  return saved;
}

/** jsdom's Blob has no arrayBuffer(); FileReader reads it as a browser would. */
const blobBytes = (blob: Blob): Promise<Uint8Array> =>
  new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable blob'));
    reader.readAsArrayBuffer(blob);
  });

/** Every row of a Parquet file as DuckDB reads it, timestamps as epoch ms, with the column types. */
async function readParquet(blob: Blob): Promise<{ types: Record<string, string>; rows: unknown[][] }> {
  const dir = mkdtempSync(join(tmpdir(), 'gridscope-parquet-'));
  const path = join(dir, 'export.parquet');
  writeFileSync(path, await blobBytes(blob));
  try {
    const db = await DuckDBInstance.create(':memory:');
    const c = await db.connect();
    const described = await c.runAndReadAll(`DESCRIBE SELECT * FROM read_parquet('${path}')`);
    const types = Object.fromEntries(described.getRowsJS().map((r) => [r[0] as string, r[1] as string]));
    const select = Object.entries(types)
      .map(([name, type]) =>
        type.startsWith('TIMESTAMP') ? `epoch_ms("${name}") AS "${name}"` : `"${name}"`,
      )
      .join(', ');
    const reader = await c.runAndReadAll(`SELECT ${select} FROM read_parquet('${path}')`);
    const rows = reader.getRowsJS().map((r) => r.map((v) => (typeof v === 'bigint' ? Number(v) : v)));
    c.closeSync();
    db.closeSync();
    return { types, rows };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A CSV export's cells as the Parquet file should hold them. */
function csvAsTyped(text: string, dataset: Dataset): { names: string[]; rows: unknown[][] } {
  const [names = [], ...records] = parseCsv(text.trimEnd());
  const kinds = names.map((name) => {
    const column =
      dataset.all_columns.find((c) => c.name === name) ??
      dataset.all_columns.find((c) => c.name === name.replace(/_local$/, '_utc'));
    if (column?.is_datetime) return name.endsWith('_local') ? 'clock' : 'time';
    return column?.is_numeric ? 'number' : 'text';
  });
  const rows = records.map((r) =>
    r.map((cell, i) =>
      cell === ''
        ? null
        : kinds[i] === 'time'
          ? Date.parse(cell)
          : kinds[i] === 'clock'
            ? // The clock as it reads, the offset dropped: 18:00-06:00 is 18:00.
              Date.parse(`${cell.slice(0, 19)}Z`)
            : kinds[i] === 'number'
              ? Number(cell)
              : cell,
    ),
  );
  return { names, rows };
}

describe('export formats', () => {
  beforeEach(() => setConnection({ mode: 'demo', baseUrl: '', apiKey: DEMO_API_KEY, remember: false }));

  it.each([
    {
      what: 'prices of two hubs, in market time (with the _local columns)',
      datasetId: 'ercot_spp_real_time_15_min',
      params: {
        filter_column: 'location',
        filter_operator: 'in' as const,
        filter_value: 'HB_NORTH,HB_HOUSTON',
        start_time: '2025-07-13T00:00:00+00:00',
        end_time: '2025-07-15T00:00:00+00:00',
        timezone: 'market',
      },
      pageSize: 150,
    },
    {
      what: 'ancillary prices across the day ECRS began (nulls before it)',
      datasetId: 'ercot_as_prices',
      params: { start_time: '2023-06-08T00:00:00+00:00', end_time: '2023-06-12T00:00:00+00:00' },
      pageSize: 40,
    },
  ])(
    'Parquet holds exactly the rows and values of the CSV export: $what',
    async ({ datasetId, params, pageSize }) => {
      const dataset = await fetchDataset(datasetId);
      const [csv] = await exportAll({ datasetId, dataset, params, pageSize });
      const [parquet] = await exportAll({ datasetId, dataset, params, format: 'parquet', pageSize });
      expect(parquet?.name).toBe(`${datasetId}.parquet`);
      const expected = csvAsTyped((await csv?.blob.text()) ?? '', dataset);
      const actual = await readParquet(parquet?.blob ?? new Blob());

      expect(Object.keys(actual.types)).toEqual(expected.names);
      for (const name of expected.names) {
        const column = dataset.all_columns.find((c) => c.name === name.replace(/_local$/, '_utc'));
        const time = name.endsWith('_local') ? 'TIMESTAMP' : 'TIMESTAMP WITH TIME ZONE';
        expect(actual.types[name], name).toBe(
          column?.is_datetime ? time : column?.is_numeric ? 'DOUBLE' : 'VARCHAR',
        );
      }
      // Several pages, so several row groups.
      expect(actual.rows.length).toBeGreaterThan(2 * pageSize);
      expect(actual.rows).toEqual(expected.rows);
    },
  );

  it('Parquet keeps a missing value missing (ECRS before it began)', async () => {
    const dataset = await fetchDataset('ercot_as_prices');
    const [parquet] = await exportAll({
      datasetId: dataset.id,
      dataset,
      format: 'parquet',
      params: { start_time: '2023-06-09T00:00:00+00:00', end_time: '2023-06-11T00:00:00+00:00' },
    });
    const { types, rows } = await readParquet(parquet?.blob ?? new Blob());
    const ecrs = Object.keys(types).indexOf('ercot_contingency_reserve_service');
    const values = rows.map((r) => r[ecrs]);
    expect(values).toContain(null);
    expect(values.some((v) => typeof v === 'number')).toBe(true);
  });

  it('a Parquet export stopped by a failed page resumes and holds every row once', async () => {
    const datasetId = 'ercot_spp_real_time_15_min';
    const dataset = await fetchDataset(datasetId);
    const params = {
      filter_column: 'location',
      filter_operator: 'in' as const,
      filter_value: 'HB_NORTH,HB_HOUSTON',
      start_time: '2025-07-13T00:00:00+00:00',
      end_time: '2025-07-14T00:00:00+00:00',
    };
    const [csv] = await exportAll({ datasetId, dataset, params, pageSize: 40 });
    // The third page fails once, with no retry: the job stops after two pages are in the file.
    let asked = 0;
    server.use(
      http.get(`*${DEMO_BASE_PATH}/v1/datasets/${datasetId}/query`, () => {
        asked += 1;
        return asked === 3 ? HttpResponse.json({ detail: 'Boom' }, { status: 500 }) : undefined;
      }),
    );
    const saved: Saved[] = [];
    const id = startExportJob({
      label: 'test',
      estimate: null,
      save: (blob, name) => saved.push({ blob, name }),
      datasetId,
      dataset,
      params,
      format: 'parquet',
      pageSize: 40,
      retryDelaysMs: [],
    });
    const stopped = await exportJobStopped(id);
    expect(stopped.status).toBe('failed');
    expect(stopped.rows).toBe(80);
    expect(resumeExportJob(id)).toBe(true);
    const done = await exportJobStopped(id);
    expect(done.status).toBe('done');

    const expected = csvAsTyped((await csv?.blob.text()) ?? '', dataset);
    const actual = await readParquet(saved[0]?.blob ?? new Blob());
    expect(actual.rows).toEqual(expected.rows);
  });

  it('Parquet keeps the columns of an export with no rows', async () => {
    const dataset = await fetchDataset('ercot_spp_real_time_15_min');
    const [parquet] = await exportAll({
      datasetId: dataset.id,
      dataset,
      format: 'parquet',
      params: {
        filter_column: 'location',
        filter_value: 'HB_NOWHERE',
        start_time: '2025-07-13T00:00:00Z',
        end_time: '2025-07-14T00:00:00Z',
      },
    });
    const { types, rows } = await readParquet(parquet?.blob ?? new Blob());
    expect(rows).toEqual([]);
    expect(Object.keys(types)).toContain('interval_start_utc');
  });

  describe('CSV for spreadsheets', () => {
    const hourly = {
      filter_column: 'location',
      filter_value: 'HB_NORTH',
      columns: 'location,spp',
    };

    it('marks the repeated hour of the autumn day: 25 hours, HE02 twice, the second flagged', async () => {
      const dataset = await fetchDataset('ercot_spp_day_ahead_hourly');
      const [file] = await exportAll({
        datasetId: dataset.id,
        dataset,
        format: 'spreadsheet',
        params: { ...hourly, start_time: '2024-11-03T05:00:00Z', end_time: '2024-11-04T06:00:00Z' },
        pageSize: 10,
      });
      const text = (await file?.blob.text()) ?? '';
      const bytes = await blobBytes(file?.blob ?? new Blob());
      expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const [header = [], ...rows] = parseCsv(text.replace(UTF8_BOM, '').trimEnd());
      expect(header).toEqual([
        'market_date',
        'hour_ending',
        'dst_flag',
        'interval_start_market',
        'interval_start_utc_offset_hours',
        'interval_start_utc',
        'interval_end_market',
        'interval_end_utc_offset_hours',
        'interval_end_utc',
        'location',
        'spp',
      ]);
      expect(rows).toHaveLength(25);
      expect(rows.map((r) => r[1])).toEqual([
        'HE01',
        'HE02',
        'HE02',
        ...Array.from({ length: 22 }, (_, i) => `HE${String(i + 3).padStart(2, '0')}`),
      ]);
      expect(rows.map((r) => r[2]).filter((f) => f === 'Y')).toHaveLength(1);
      expect(rows[2]?.slice(0, 6)).toEqual([
        '2024-11-03',
        'HE02',
        'Y',
        '2024-11-03 01:00:00',
        '-6',
        '2024-11-03 07:00:00',
      ]);
      expect(rows[1]?.slice(0, 6)).toEqual([
        '2024-11-03',
        'HE02',
        'N',
        '2024-11-03 01:00:00',
        '-5',
        '2024-11-03 06:00:00',
      ]);
      expect(rows[24]?.slice(0, 4)).toEqual(['2024-11-03', 'HE24', 'N', '2024-11-03 23:00:00']);
    });

    it('has no HE03 on the spring day, which has 23 hours', async () => {
      const dataset = await fetchDataset('ercot_spp_day_ahead_hourly');
      const [file] = await exportAll({
        datasetId: dataset.id,
        dataset,
        format: 'spreadsheet',
        params: { ...hourly, start_time: '2025-03-09T06:00:00Z', end_time: '2025-03-10T05:00:00Z' },
      });
      const [, ...rows] = parseCsv(((await file?.blob.text()) ?? '').replace(UTF8_BOM, '').trimEnd());
      expect(rows).toHaveLength(23);
      expect(rows.map((r) => r[1])).not.toContain('HE03');
      expect(rows.map((r) => r[1]).slice(0, 3)).toEqual(['HE01', 'HE02', 'HE04']);
      expect(new Set(rows.map((r) => r[0]))).toEqual(new Set(['2025-03-09']));
    });

    it('writes no hour ending for 15-minute data, and neutralises text a spreadsheet would run', () => {
      const page = spreadsheetCsvPage(
        'interval_start_utc,location,note,spp\n2025-07-01T05:00:00+00:00,"=HYPERLINK(""x"")",@sum,-3.5\n',
        {
          timeZone: 'US/Central',
          datetimeColumns: ['interval_start_utc'],
          timeIndexColumn: 'interval_start_utc',
          hourly: false,
        },
      );
      expect(page.header).toBe(
        'interval_start_market,interval_start_utc_offset_hours,interval_start_utc,location,note,spp\n',
      );
      expect(page.rows).toBe(1);
      expect(parseCsv(page.body)[0]).toEqual([
        '2025-07-01 00:00:00',
        '-5',
        '2025-07-01 05:00:00',
        `'=HYPERLINK("x")`,
        "'@sum",
        '-3.5',
      ]);
    });
  });

  it("writes a sidecar whose API URL gives the same rows again, with the view's notes and never the key", async () => {
    setConnection({ mode: 'demo', baseUrl: '', apiKey: 'test-key', remember: false });
    const params = {
      filter_column: 'location',
      filter_value: 'HB_WEST',
      start_time: '2025-07-14T00:00:00+00:00',
      end_time: '2025-07-15T00:00:00+00:00',
      columns: 'location,spp',
    };
    const dataset = await fetchDataset('ercot_spp_real_time_15_min');
    const saved = await exportAll({
      datasetId: dataset.id,
      dataset,
      filename: 'hb_west.csv',
      params,
      pageSize: 40,
      sidecar: {
        server: 'http://127.0.0.1:4010',
        datasetLatestData: dataset.latest_available_time_utc,
        annotations: [
          { id: 'n1', start: '2025-07-14T17:00:00Z', end: null, text: 'Unit trip' },
          { id: 'n2', start: '2025-07-14T18:00:00Z', end: '2025-07-14T20:30:00Z', text: 'Scarcity pricing' },
        ],
      },
    });
    expect(saved.map((s) => s.name)).toEqual(['hb_west.csv', 'hb_west.csv.query.json']);
    const text = (await saved[1]?.blob.text()) ?? '';
    expect(text).not.toContain('test-key');
    const sidecar = JSON.parse(text) as Record<string, unknown>;
    expect(sidecar).toMatchObject({
      file: 'hb_west.csv',
      format: 'csv',
      dataset: 'ercot_spp_real_time_15_min',
      parameters: params,
      server: 'http://127.0.0.1:4010',
      rows: 96,
      dataset_latest_data: dataset.latest_available_time_utc,
      annotations: [
        { start_utc: '2025-07-14T17:00:00+00:00', end_utc: null, text: 'Unit trip' },
        {
          start_utc: '2025-07-14T18:00:00+00:00',
          end_utc: '2025-07-14T20:30:00+00:00',
          text: 'Scarcity pricing',
        },
      ],
    });
    expect(Date.parse(String(sidecar.exported_at))).not.toBeNaN();
    // The URL, asked with the key in its header, gives the same 96 rows.
    const url = new URL(String(sidecar.api_url));
    expect(url.searchParams.get('api_key')).toBeNull();
    expect(Object.fromEntries(url.searchParams)).toEqual(params);
    const again = await fetch(
      `${window.location.origin}${DEMO_BASE_PATH}${url.pathname}${url.search}&page_size=1000`,
      {
        headers: { 'x-api-key': 'test-key' },
      },
    );
    expect(((await again.json()) as { data: unknown[] }).data).toHaveLength(96);
  });

  describe('pacing', () => {
    const params = {
      filter_column: 'location',
      filter_value: 'HB_NORTH',
      start_time: '2025-07-14T00:00:00+00:00',
      end_time: '2025-07-15T00:00:00+00:00',
    };

    /** When each page request reached the server. */
    function recordRequests(): number[] {
      const times: number[] = [];
      server.events.on('request:start', ({ request }) => {
        if (new URL(request.url).pathname.endsWith('/query')) times.push(Date.now());
      });
      return times;
    }
    afterEach(() => server.events.removeAllListeners());

    const gaps = (times: number[]): number[] => times.slice(1).map((t, i) => t - (times[i] ?? 0));

    it('keeps to the per-second limit of the key’s plan', async () => {
      const times = recordRequests();
      await exportAll({
        datasetId: 'ercot_spp_real_time_15_min',
        params,
        pageSize: 24,
        requestsPerSecond: 5,
      });
      expect(times).toHaveLength(4);
      // Arrival times jitter by a few ms either way; the pacing keeps a margin over 200 ms.
      for (const gap of gaps(times)) expect(gap).toBeGreaterThanOrEqual(190);
    });

    it('learns the limit from a 429 that names it, and keeps to it from then on', async () => {
      server.use(
        http.get(
          '*/v1/datasets/:id/query',
          () =>
            HttpResponse.json(
              { detail: 'Too Many Requests. Limit: 4 per 1 second.' },
              { status: 429, headers: { 'Retry-After': '0' } },
            ),
          { once: true },
        ),
      );
      const times = recordRequests();
      await exportAll({ datasetId: 'ercot_spp_real_time_15_min', params, pageSize: 24 });
      // The refused request, then four pages, each at least 250 ms after the one before.
      expect(times).toHaveLength(5);
      for (const gap of gaps(times)) expect(gap).toBeGreaterThanOrEqual(240);
    });

    it('reads the limit out of the server’s words', () => {
      expect(intervalFromLimit('Too Many Requests. Limit: 20 per 1 second.')).toBe(53);
      expect(intervalFromLimit('Too Many Requests. Limit: 5 per 2 seconds.')).toBe(420);
      expect(intervalFromLimit('Too Many Requests.')).toBeNull();
    });
  });
});
