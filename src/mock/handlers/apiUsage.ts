import type { ApiUsage } from '@/contract';
import { jsonResponse } from './responders';
import { defineRoute } from './route';

/** Reading one's usage is free (contract §2), so a client can poll it without spending quota. */
export const apiUsageRoute = defineRoute(
  'apiUsage',
  (ctx) => {
    const caller = ctx.caller;
    if (caller === null) throw new Error('api_usage requires a key');
    const used = ctx.usage();
    const body: ApiUsage = {
      plan: caller.plan.plan,
      requests_today: used.requests_today,
      requests_this_month: used.requests_this_month,
      limit_per_day: caller.plan.limit_per_day,
      limit_per_month: caller.plan.limit_per_month,
    };
    return jsonResponse(body);
  },
  { countsUsage: false },
);
