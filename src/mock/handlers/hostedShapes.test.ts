import {
  type ApiUsage,
  BUILT_IN_KEYS,
  type DailyPeakReport,
  type ErrorBody,
  type HostedApiUsage,
  type HostedDailyPeakReport,
  hostedApiUsageSchema,
  hostedDailyPeakReportSchema,
  MAX_PAGE_SIZE,
} from '@/contract';
import { createMockApi, type MockApiOptions } from '../createMockApi';

/** 2024-07-15 12:30 CDT: the current market day is 2024-07-15, the latest complete one 2024-07-14. */
const NOW = Date.UTC(2024, 6, 15, 17, 30);

function mock(options: MockApiOptions = {}) {
  const api = createMockApi({
    now: () => NOW,
    rateLimits: false,
    onError: (e) => console.error(e),
    ...options,
  });
  const get = (path: string, key = 'demo-key') =>
    api.handle(new Request(`http://mock.test${path}`, { headers: { 'x-api-key': key } }));
  return { api, get };
}

describe('/v1/api_usage in each shape', () => {
  it("answers the seed's shape by default, from the plan table and the usage tracker", async () => {
    const { api, get } = mock();
    api.usage.set('demo-key', { requests_today: 12, requests_this_month: 345 });
    const body = (await (await get('/v1/api_usage')).json()) as ApiUsage;
    expect(body).toEqual({
      plan: 'Developer',
      requests_today: 12,
      requests_this_month: 345,
      limit_per_day: 10000,
      limit_per_month: 250000,
    });
  });

  it("answers the hosted shape with the client's keys in the client's order, from the same plan and counts", async () => {
    const { api, get } = mock({ shapes: 'hosted' });
    api.usage.set('demo-key', { requests_today: 12, requests_this_month: 345 });
    const body = (await (await get('/v1/api_usage')).json()) as HostedApiUsage;
    expect(Object.keys(body)).toEqual([
      'plan_name',
      'limits',
      'current_usage_period_start',
      'current_usage_period_end',
      'current_period_usage',
    ]);
    expect(Object.keys(body.limits)).toEqual([
      'api_rows_returned_limit',
      'api_requests_limit',
      'api_rows_per_response_limit',
      'per_second_api_rate_limit',
      'per_minute_api_rate_limit',
      'per_hour_api_rate_limit',
    ]);
    expect(Object.keys(body.current_period_usage)).toEqual(['total_requests', 'total_api_rows_returned']);
    expect(body).toEqual({
      plan_name: 'Developer',
      limits: {
        api_rows_returned_limit: null,
        api_requests_limit: BUILT_IN_KEYS['demo-key'].limit_per_month,
        api_rows_per_response_limit: MAX_PAGE_SIZE,
        per_second_api_rate_limit: BUILT_IN_KEYS['demo-key'].requestsPerSecond,
        per_minute_api_rate_limit: null,
        per_hour_api_rate_limit: null,
      },
      current_usage_period_start: '2024-07-01T00:00:00+00:00',
      current_usage_period_end: '2024-08-01T00:00:00+00:00',
      current_period_usage: { total_requests: 345, total_api_rows_returned: null },
    });
    expect(hostedApiUsageSchema.safeParse(body).success).toBe(true);
  });

  it('counts requests in the hosted shape as in the seed, and reading usage stays free', async () => {
    const { get } = mock({ shapes: 'hosted' });
    await get('/v1/datasets');
    await get('/v1/datasets/nope');
    await get('/v1/api_usage');
    const body = (await (await get('/v1/api_usage')).json()) as HostedApiUsage;
    expect(body.current_period_usage.total_requests).toBe(2);
  });

  it('states no limit as null for the unlimited plan', async () => {
    const { get } = mock({ shapes: 'hosted' });
    const body = (await (await get('/v1/api_usage', 'test-key')).json()) as HostedApiUsage;
    expect(body.plan_name).toBe('Internal');
    expect(body.limits.api_requests_limit).toBeNull();
    expect(body.limits.per_second_api_rate_limit).toBeNull();
  });
});

describe('the daily peak report in each shape', () => {
  it('hosted: `ISO` upper case and `market_date`, the same peak as the seed reports for a complete day', async () => {
    const seed = mock();
    const hosted = mock({ shapes: 'hosted' });
    const path = '/v1/reports/daily_peak/ercot?date=2024-07-14';
    const seedBody = (await (await seed.get(path)).json()) as DailyPeakReport;
    const hostedBody = (await (await hosted.get(path)).json()) as HostedDailyPeakReport;
    expect(Object.keys(hostedBody)).toEqual(['ISO', 'market_date', 'peak_load_mw', 'peak_time_utc']);
    expect(hostedBody).toEqual({
      ISO: 'ERCOT',
      market_date: '2024-07-14',
      peak_load_mw: seedBody.peak_load_mw,
      peak_time_utc: seedBody.peak_time_utc,
    });
    expect(hostedDailyPeakReportSchema.safeParse(hostedBody).success).toBe(true);
  });

  it('hosted: without a date, the current market day so far; the seed: the latest complete day', async () => {
    const hostedBody = (await (
      await mock({ shapes: 'hosted' }).get('/v1/reports/daily_peak/ERCOT')
    ).json()) as HostedDailyPeakReport;
    expect(hostedBody.market_date).toBe('2024-07-15');
    // The peak so far lies between market midnight and the newest interval as of now.
    const at = Date.parse(hostedBody.peak_time_utc ?? '');
    expect(at).toBeGreaterThanOrEqual(Date.UTC(2024, 6, 15, 5));
    expect(at).toBeLessThanOrEqual(NOW);
    const seedBody = (await (await mock().get('/v1/reports/daily_peak/ercot')).json()) as DailyPeakReport;
    expect(seedBody.date).toBe('2024-07-14');
  });

  it('hosted: the day so far grows with the clock and never looks past now', async () => {
    let clock = Date.UTC(2024, 6, 15, 5, 2); // 00:02 CDT: only the first interval has started
    const api = createMockApi({ now: () => clock, rateLimits: false, shapes: 'hosted' });
    const read = async () =>
      (await (
        await api.handle(
          new Request('http://mock.test/v1/reports/daily_peak/ercot', {
            headers: { 'x-api-key': 'test-key' },
          }),
        )
      ).json()) as HostedDailyPeakReport;
    expect((await read()).peak_time_utc).toBe('2024-07-15T05:00:00+00:00');
    clock = Date.UTC(2024, 6, 16, 4, 59);
    const late = await read();
    expect(late.market_date).toBe('2024-07-15');
    expect(Date.parse(late.peak_time_utc ?? '')).toBeLessThanOrEqual(clock);
  });

  it('hosted: a day after today is 404, and the free plan still gets 403 for a day that exists', async () => {
    const { get } = mock({ shapes: 'hosted' });
    const future = await get('/v1/reports/daily_peak/ercot?date=2024-07-16');
    expect(future.status).toBe(404);
    expect(((await future.json()) as ErrorBody).detail).toBe(
      'No daily peak report for 2024-07-16: reports cover the market days from 2023-01-01 to 2024-07-15.',
    );
    expect((await get('/v1/reports/daily_peak/ercot?date=2024-07-15', 'free-key')).status).toBe(403);
  });

  it('seed: today is still not a complete day (contract §9)', async () => {
    expect((await mock().get('/v1/reports/daily_peak/ercot?date=2024-07-15')).status).toBe(404);
  });
});
