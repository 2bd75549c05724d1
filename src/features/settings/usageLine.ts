import type { Allowance, Usage } from '@/api/usage/normalizeUsage';

const integer = new Intl.NumberFormat('en-US');

const ofLimit = ({ used, limit }: Allowance): string =>
  limit === null
    ? `${integer.format(used)} (unlimited)`
    : `${integer.format(used)} of ${integer.format(limit)}`;

/**
 * "Key accepted: plan Developer, 3 of 10,000 requests today, 3 of 250,000 this month." A server
 * in the hosted shapes counts per usage period, not per day: the line names only what it reports.
 */
export function usageLine(usage: Usage): string {
  const period = usage.period.kind === 'utc-month' ? 'this month' : 'this usage period';
  const today = usage.requestsToday.reported ? `${ofLimit(usage.requestsToday.value)} requests today, ` : '';
  const periodCount = ofLimit(usage.requestsThisPeriod);
  return `Key accepted: plan ${usage.plan}, ${today}${periodCount}${today === '' ? ' requests' : ''} ${period}.`;
}
