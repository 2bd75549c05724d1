import type { ApiUsage, HostedApiUsage } from '@/contract';
import { normalizeUsage } from './normalizeUsage';
import { requestsPerSecondOf } from './requestRate';

const seed: ApiUsage = {
  plan: 'Developer',
  requests_today: 12,
  requests_this_month: 345,
  limit_per_day: 10000,
  limit_per_month: 250000,
};

const hosted: HostedApiUsage = {
  plan_name: 'Developer',
  limits: {
    api_rows_returned_limit: 1_000_000,
    api_requests_limit: 250000,
    api_rows_per_response_limit: 50000,
    per_second_api_rate_limit: 20,
    per_minute_api_rate_limit: null,
    per_hour_api_rate_limit: null,
  },
  current_usage_period_start: '2024-07-01T00:00:00+00:00',
  current_usage_period_end: '2024-08-01T00:00:00+00:00',
  current_period_usage: { total_requests: 345, total_api_rows_returned: 6789 },
};

describe('normalizeUsage', () => {
  it("reads the seed's shape: a day and a UTC month of requests; rows and rate limits not reported, with why", () => {
    expect(normalizeUsage(seed)).toEqual({
      plan: 'Developer',
      requestsToday: { reported: true, value: { used: 12, limit: 10000 } },
      requestsThisPeriod: { used: 345, limit: 250000 },
      period: { kind: 'utc-month' },
      rowsThisPeriod: { reported: false, why: 'This server counts requests, not rows returned.' },
      rowsLimit: { reported: false, why: 'This server counts requests, not rows returned.' },
      requestsPerSecond: { reported: false, why: "This server's usage answer does not state it." },
      rowsPerResponse: { reported: false, why: "This server's usage answer does not state it." },
    });
  });

  it("reads the hosted shape: the server's period, rows and limits; no day, with why", () => {
    expect(normalizeUsage(hosted)).toEqual({
      plan: 'Developer',
      requestsToday: { reported: false, why: 'This server counts requests per usage period, not per day.' },
      requestsThisPeriod: { used: 345, limit: 250000 },
      period: { kind: 'usage-period', start: '2024-07-01T00:00:00+00:00', end: '2024-08-01T00:00:00+00:00' },
      rowsThisPeriod: { reported: true, value: { used: 6789, limit: 1_000_000 } },
      rowsLimit: { reported: true, value: 1_000_000 },
      requestsPerSecond: { reported: true, value: 20 },
      rowsPerResponse: { reported: true, value: 50000 },
    });
  });

  it('never turns an uncounted figure into 0', () => {
    const uncounted = {
      ...hosted,
      current_period_usage: { total_requests: 3, total_api_rows_returned: null },
    };
    expect(normalizeUsage(uncounted).rowsThisPeriod).toEqual({
      reported: false,
      why: 'This server does not report a count of rows returned.',
    });
    // The plan's limit stays known without the count.
    expect(normalizeUsage(uncounted).rowsLimit).toEqual({ reported: true, value: 1_000_000 });
  });

  it("paces by the server's own per-second limit, else by a plan the app knows, else not at all", () => {
    expect(requestsPerSecondOf(normalizeUsage({ ...hosted, plan_name: 'Enterprise' }))).toBe(20);
    expect(requestsPerSecondOf(normalizeUsage(seed))).toBe(20);
    expect(requestsPerSecondOf(normalizeUsage({ ...seed, plan: 'Unknown' }))).toBeNull();
    expect(requestsPerSecondOf(undefined)).toBeNull();
  });
});
