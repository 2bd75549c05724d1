import { normalizeUsage } from '@/api/usage/normalizeUsage';
import { exceedsSentence, exportBudget, quotaSentence } from './exportBudget';

const NOW = Date.UTC(2024, 6, 15, 17, 30);
const about = (rows: number) => ({ kind: 'about' as const, rows });

const seed = (today: number, month: number) =>
  normalizeUsage({
    plan: 'Free',
    requests_today: today,
    requests_this_month: month,
    limit_per_day: 250,
    limit_per_month: 2500,
  });

const hosted = (
  requests: number,
  rows: number | null,
  rowsLimit: number | null = null,
  rowsPerResponse: number | null = 50000,
) =>
  normalizeUsage({
    plan_name: 'Developer',
    limits: {
      api_rows_returned_limit: rowsLimit,
      api_requests_limit: 250000,
      api_rows_per_response_limit: rowsPerResponse,
      per_second_api_rate_limit: 20,
      per_minute_api_rate_limit: null,
      per_hour_api_rate_limit: null,
    },
    current_usage_period_start: '2024-07-01T00:00:00+00:00',
    current_usage_period_end: '2024-08-01T00:00:00+00:00',
    current_period_usage: { total_requests: requests, total_api_rows_returned: rows },
  });

describe('exportBudget', () => {
  it("seed: the day's quota stops a long export first, and resets at the next UTC midnight", () => {
    const budget = exportBudget(about(3_000_000), 10_000, seed(200, 300), NOW);
    expect(budget.requests).toBe(300);
    expect(budget.exceeds).toEqual({ quota: 'today', resetsAtMs: Date.UTC(2024, 6, 16) });
    expect(quotaSentence(budget, 'Free')).toBe(
      'This key has 50 requests left today and 2,200 left this month.',
    );
    expect(exceedsSentence(budget)).toMatch(
      /^That is more requests than are left today: the export will stop/,
    );
  });

  it('seed: the month stops it when the month has less room than the day', () => {
    const budget = exportBudget(about(1_000_000), 10_000, seed(0, 2450), NOW);
    expect(budget.exceeds).toEqual({ quota: 'this month', resetsAtMs: Date.UTC(2024, 7, 1) });
  });

  it("hosted: no day is counted, so the sentence says so; the server's usage period bounds the export", () => {
    const budget = exportBudget(about(50_000), 10_000, hosted(249_998, null), NOW);
    expect(budget.exceeds).toEqual({ quota: 'this usage period', resetsAtMs: Date.UTC(2024, 7, 1) });
    expect(quotaSentence(budget, 'Developer')).toBe(
      'This key has 2 requests left this usage period. Requests today: not reported. This server counts requests per usage period, not per day.',
    );
  });

  it('hosted: rows counted against a limit stop an export that would return more rows than are left', () => {
    const budget = exportBudget(about(50_000), 10_000, hosted(10, 990_000, 1_000_000), NOW);
    expect(budget.leftRows).toBe(10_000);
    expect(budget.exceeds?.quota).toBe('rows this usage period');
    expect(quotaSentence(budget, 'Developer')).toMatch(
      /^This key has 249,990 requests and 10,000 rows left this usage period\. /,
    );
    expect(exceedsSentence(budget)).toMatch(/^That is more rows than are left this usage period: /);
    expect(exportBudget(about(5_000), 10_000, hosted(10, 990_000, 1_000_000), NOW).exceeds).toBeNull();
  });

  it('hosted: a rows limit the server does not count against says the export may stop early', () => {
    const budget = exportBudget(about(50_000), 10_000, hosted(10, null, 1_000_000), NOW);
    expect(budget.uncountedRowsLimit).toBe(1_000_000);
    expect(budget.exceeds).toBeNull();
    expect(quotaSentence(budget, 'Developer')).toBe(
      'This key has 249,990 requests left this usage period. Requests today: not reported. This server counts requests per usage period, not per day. The plan limits rows returned to 1,000,000 per usage period, and this server does not report how many have been returned, so the export may stop early.',
    );
    // More rows than the whole limit: that export cannot finish, whatever has been used.
    const huge = exportBudget(about(2_000_000), 10_000, hosted(10, null, 1_000_000), NOW);
    expect(huge.exceeds).toEqual({ quota: 'rows this usage period', resetsAtMs: Date.UTC(2024, 7, 1) });
    // No rows limit: nothing to say about rows.
    expect(quotaSentence(exportBudget(about(5), 10_000, hosted(10, null), NOW), 'Developer')).not.toMatch(
      /rows/,
    );
  });

  it("hosted: requests are counted at the server's rows per response where that is below the page size", () => {
    const budget = exportBudget(about(50_000), 50_000, hosted(10, null, null, 5_000), NOW);
    expect(budget.rowsPerRequest).toBe(5_000);
    expect(budget.requests).toBe(10);
    expect(exportBudget(about(50_000), 10_000, hosted(10, null, null, 50_000), NOW).requests).toBe(5);
    expect(exportBudget(about(50_000), 10_000, hosted(10, null, null, null), NOW).rowsPerRequest).toBe(
      10_000,
    );
  });

  it('reads as plain sentences in each case: one request, no daily limit, no quota at all', () => {
    const noDay = normalizeUsage({
      plan: 'Pro',
      requests_today: 3,
      requests_this_month: 1,
      limit_per_day: null,
      limit_per_month: 2,
    });
    expect(quotaSentence(exportBudget(about(5), 10_000, noDay, NOW), 'Pro')).toBe(
      'This key has no daily request limit and 1 request left this month.',
    );
    const unlimited = normalizeUsage({
      plan: 'Enterprise',
      requests_today: 3,
      requests_this_month: 3,
      limit_per_day: null,
      limit_per_month: null,
    });
    expect(quotaSentence(exportBudget(about(5), 10_000, unlimited, NOW), 'Enterprise')).toBe(
      'The Enterprise plan has no request quota.',
    );
  });
});
