/**
 * A port of every test of the official `gridstatusio` client's own suite
 * (gridstatusio/tests/test_api.py) whose datasets are ERCOT's, plus its usage test, run as the
 * client's own HTTP requests (./officialClient.ts) against the mock over HTTP in hosted mode
 * (`SHAPES=hosted`, docs/decisions/0027). Each test keeps the Python test's name and asserts what
 * it asserts. `scripts/officialClientSuite.sh` runs the real suite the same way where Python has
 * the client. Left out: `test_resample_frequency` (mostly `isone_fuel_mix`, and its ERCOT part asks
 * for 2023 from a monitor that keeps 30 days) and
 * `test_publish_time_start_inclusive_and_end_time_exclusive` (it names real ERCOT publish times,
 * 17:30:03, where the mock publishes at HH:30:00, contract §5.1).
 */
import { startHttpServer, type HttpMock } from '@/mock/server';
import { TEST_NOW } from '@/test/clock';
import { marketDateOf } from '@/time';
import { column, type Frame, OfficialClient } from './officialClient';

let mock: HttpMock;
let client: OfficialClient;

beforeAll(async () => {
  mock = await startHttpServer({ port: 0, now: () => TEST_NOW, shapes: 'hosted', workers: false });
  client = new OfficialClient(`${mock.url}/v1`, 'test-key');
});
afterAll(async () => {
  await mock.close();
});

const DATETIME_COLUMNS = [
  'interval_start_utc',
  'interval_end_utc',
  'interval_start_local',
  'interval_end_local',
];

/** `_check_dataframe`: rows, datetime columns that parse, and the columns and length asked for. */
function checkDataframe(frame: Frame, { length, columns }: { length?: number; columns?: string[] } = {}) {
  expect(frame.rows.length).toBeGreaterThan(0);
  for (const name of DATETIME_COLUMNS.filter((c) => frame.columns.includes(c))) {
    for (const value of column(frame, name))
      expect(Number.isNaN(Date.parse(String(value))), name).toBe(false);
  }
  if (columns !== undefined) expect(frame.columns).toEqual(columns);
  if (length !== undefined) expect(frame.rows).toHaveLength(length);
}

const instants = (frame: Frame, name: string): number[] =>
  column(frame, name).map((v) => Date.parse(String(v)));
const min = (values: number[]) => Math.min(...values);
const max = (values: number[]) => Math.max(...values);

describe("the official client's ERCOT tests against the mock in hosted mode", () => {
  it('test_uses_columns', async () => {
    const dataset = 'ercot_sced_gen_resource_60_day';
    const columns = ['interval_start_utc', 'interval_end_utc', 'resource_name'];
    const limit = 100;
    checkDataframe(await client.getDataset({ dataset, columns, limit }), { columns, length: limit });
    // Time columns always included, even if not asked for.
    checkDataframe(await client.getDataset({ dataset, columns: ['resource_name'], limit }), {
      columns,
      length: limit,
    });
    const all = await client.getDataset({ dataset, limit });
    expect([all.rows.length, all.columns.length]).toEqual([limit, 30]);
  });

  it('test_handles_unknown_columns', async () => {
    for (let i = 0; i < 2; i++) {
      await expect(
        client.getDataset({ dataset: 'ercot_fuel_mix', columns: ['invalid_column'] }),
      ).rejects.toThrow('Column invalid_column not found in dataset');
    }
  });

  it('test_filter_operator_in', async () => {
    const locations = ['LZ_WEST', 'LZ_HOUSTON'];
    const frame = await client.getDataset({
      dataset: 'ercot_spp_day_ahead_hourly',
      filter_column: 'location',
      filter_value: locations,
      filter_operator: 'in',
      start: '2023-09-07',
      limit: 10,
    });
    expect(new Set(column(frame, 'location'))).toEqual(new Set(locations));
    checkDataframe(frame);
  });

  const cursorEqualsOffset = async (args: Parameters<OfficialClient['getDataset']>[0]) => {
    const cursor = await client.getDataset({ ...args, use_cursor_pagination: true });
    const offset = await client.getDataset({ ...args, use_cursor_pagination: false });
    expect(cursor.rows.length).toBeGreaterThan(0);
    expect(cursor).toEqual(offset);
  };

  it('test_cursor_pagination_equals_offset_pagination', async () => {
    await cursorEqualsOffset({
      dataset: 'ercot_lmp_by_bus',
      start: '2023-01-01',
      end: '2023-01-02',
      limit: 500,
      page_size: 100,
    });
  });

  it('test_cursor_pagination_equals_offset_pagination_with_upsampling', async () => {
    const common = { start: '2023-01-01', end: '2023-01-02', limit: 24, page_size: 6 };
    await cursorEqualsOffset({ dataset: 'ercot_fuel_mix', ...common, resample: '1 minute' });
  });

  it('test_cursor_pagination_equals_offset_pagination_with_downsampling', async () => {
    const common = { start: '2023-01-01', end: '2023-01-02', limit: 24, page_size: 6 };
    await cursorEqualsOffset({ dataset: 'ercot_fuel_mix', ...common, resample: '1 hour' });
  });

  it('test_reports_api[ERCOT-None-today]', async () => {
    // The client sends today's date when given none; "today" is the mock clock's market day here
    // (the Python test takes the machine's local date: the script runs it in US/Central).
    const today = marketDateOf(TEST_NOW);
    const report = (await client.getDailyPeakReport('ERCOT', today)) as Record<string, unknown>;
    expect(report.ISO).toBe('ERCOT');
    expect(report.market_date).toBe(today);
  });

  const forecastDay = {
    dataset: 'ercot_load_forecast_by_forecast_zone',
    start: '2023-10-01',
    end: '2023-10-02',
  };
  const expectTheDay = (frame: Frame) => {
    expect(min(instants(frame, 'interval_start_utc'))).toBe(Date.parse('2023-10-01T00:00:00Z'));
    expect(max(instants(frame, 'interval_start_utc'))).toBe(Date.parse('2023-10-01T23:00:00Z'));
  };

  it('test_publish_time_start_filtering', async () => {
    const filter = Date.parse('2023-09-30T12:00:00Z');
    expect(min(instants(await client.getDataset(forecastDay), 'publish_time_utc'))).toBeLessThan(filter);
    const filtered = await client.getDataset({ ...forecastDay, publish_time_start: '2023-09-30T12:00:00Z' });
    expect(min(instants(filtered, 'publish_time_utc'))).toBeGreaterThanOrEqual(filter);
    expectTheDay(filtered);
  });

  it('test_publish_time_end_filtering', async () => {
    const filter = Date.parse('2023-10-01T12:00:00Z');
    expect(max(instants(await client.getDataset(forecastDay), 'publish_time_utc'))).toBeGreaterThan(filter);
    const filtered = await client.getDataset({ ...forecastDay, publish_time_end: '2023-10-01T12:00:00Z' });
    expect(max(instants(filtered, 'publish_time_utc'))).toBeLessThanOrEqual(filter);
    expectTheDay(filtered);
  });

  // Fails against the mock, whatever the shapes: the test expects the hour 00:00 UTC among the
  // intervals of vintages published from 00:00 UTC, and real ERCOT vintages cover their own day
  // from its start, but a mock vintage covers only the hours after it (contract §5.1), so the
  // first is 01:00. `it.fails` keeps it visible: it turns red the day the mock's forecast model
  // covers it, and `it.fails` comes off then.
  it.fails('test_publish_time_start_and_end_filtering', async () => {
    const start = '2023-10-01T00:00:00Z';
    const end = '2023-10-01T12:00:00Z';
    const all = instants(await client.getDataset(forecastDay), 'publish_time_utc');
    expect(min(all)).toBeLessThan(Date.parse(start));
    expect(max(all)).toBeGreaterThan(Date.parse(end));
    const filtered = await client.getDataset({
      ...forecastDay,
      publish_time_start: start,
      publish_time_end: end,
    });
    expect(min(instants(filtered, 'publish_time_utc'))).toBeGreaterThanOrEqual(Date.parse(start));
    expect(max(instants(filtered, 'publish_time_utc'))).toBeLessThan(Date.parse(end));
    expectTheDay(filtered);
  });

  it('test_get_api_usage', async () => {
    const usage = (await client.getApiUsage()) as Record<string, Record<string, unknown>>;
    expect(Object.keys(usage)).toEqual([
      'plan_name',
      'limits',
      'current_usage_period_start',
      'current_usage_period_end',
      'current_period_usage',
    ]);
    expect(Object.keys(usage.limits ?? {})).toEqual([
      'api_rows_returned_limit',
      'api_requests_limit',
      'api_rows_per_response_limit',
      'per_second_api_rate_limit',
      'per_minute_api_rate_limit',
      'per_hour_api_rate_limit',
    ]);
    expect(Object.keys(usage.current_period_usage ?? {})).toEqual([
      'total_requests',
      'total_api_rows_returned',
    ]);
  });

  it("sends the client's headers and parameters: the JSON format, the first page as `cursor=`", () => {
    const first = client.requested.find((u) => u.pathname.endsWith('/query'));
    expect(first?.searchParams.get('json_schema')).toBe('array-of-arrays');
    expect(first?.searchParams.get('return_format')).toBe('json');
    expect(client.requested.some((u) => u.searchParams.get('cursor') === '')).toBe(true);
  });
});
