import type { ApiUsage } from '@/contract';

const integer = new Intl.NumberFormat('en-US');

const ofLimit = (used: number, limit: number | null): string =>
  limit === null
    ? `${integer.format(used)} (unlimited)`
    : `${integer.format(used)} of ${integer.format(limit)}`;

/** "Key accepted: plan Developer, 3 of 10,000 requests today, 3 of 250,000 this month." */
export function usageLine(usage: ApiUsage): string {
  return `Key accepted: plan ${usage.plan}, ${ofLimit(usage.requests_today, usage.limit_per_day)} requests today, ${ofLimit(usage.requests_this_month, usage.limit_per_month)} this month.`;
}
