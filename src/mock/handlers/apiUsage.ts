import { type ApiUsage, type HostedApiUsage, MAX_PAGE_SIZE } from '@/contract';
import { formatUtc, utcMonthStart } from '@/time';
import { jsonResponse } from './responders';
import { type Caller, defineRoute, type UsageCounts } from './route';

/** Contract §2: the plan's daily and monthly quotas and the requests counted against them. */
function seedUsage({ plan }: Caller, used: UsageCounts): ApiUsage {
  return {
    plan: plan.plan,
    requests_today: used.requests_today,
    requests_this_month: used.requests_this_month,
    limit_per_day: plan.limit_per_day,
    limit_per_month: plan.limit_per_month,
  };
}

/**
 * The same plan and counts in the hosted API's current shape (docs/decisions/0027), keys in the
 * order the official client's test pins. The mock's usage period is the UTC month it already counts
 * in; limits it does not apply (rows returned, per minute, per hour) are `null`, as the seed's
 * unlimited quotas are; it keeps no count of rows returned, so that count is `null`, not 0.
 */
function hostedUsage({ plan }: Caller, used: UsageCounts, now: number): HostedApiUsage {
  return {
    plan_name: plan.plan,
    limits: {
      api_rows_returned_limit: null,
      api_requests_limit: plan.limit_per_month,
      api_rows_per_response_limit: MAX_PAGE_SIZE,
      per_second_api_rate_limit: plan.requestsPerSecond,
      per_minute_api_rate_limit: null,
      per_hour_api_rate_limit: null,
    },
    current_usage_period_start: formatUtc(utcMonthStart(now)),
    current_usage_period_end: formatUtc(utcMonthStart(now, 1)),
    current_period_usage: {
      total_requests: used.requests_this_month,
      total_api_rows_returned: null,
    },
  };
}

/** Reading one's usage is free (contract §2), so a client can poll it without spending quota. */
export const apiUsageRoute = defineRoute(
  'apiUsage',
  (ctx) => {
    const caller = ctx.caller;
    if (caller === null) throw new Error('api_usage requires a key');
    const used = ctx.usage();
    return jsonResponse(
      ctx.shapes === 'hosted' ? hostedUsage(caller, used, ctx.now) : seedUsage(caller, used),
    );
  },
  { countsUsage: false },
);
