/**
 * What an "Export all rows" will cost against the key's quota (issue 13): the requests its
 * estimated rows take at the export's page size, set against what `/v1/api_usage` says is left
 * today (UTC) and this period (the UTC month, or the hosted server's usage period, decision 0027),
 * and, where the server counts them against a limit, the rows left. The estimate is an estimate;
 * the job itself stops resumably if the quota runs out on the way.
 */
import type { RowEstimate } from '@/api/exports/exportJobs';
import type { Reported } from '@/api/reported';
import type { Usage } from '@/api/usage/normalizeUsage';
import { formatInteger } from '@/lib/format';
import { DAY_MS, utcMonthStart } from '@/time';

/** A quota an export can run past, in the words the panel uses. */
type Quota = 'today' | 'this month' | 'this usage period' | 'rows this usage period';

export interface ExportBudget {
  /** Requests the export will make (at least one: an empty result is still one answer). */
  requests: number;
  /** Requests left today: null when the plan has no daily limit; absent when the server counts no days. */
  leftToday: Reported<number | null>;
  /** Requests left this period, null when the plan has no such limit. */
  leftThisPeriod: number | null;
  /** The period's name: `this month` (the seed's UTC month) or `this usage period` (hosted). */
  period: 'this month' | 'this usage period';
  /** Rows left this period, where the server reports a count of rows against a limit; else null. */
  leftRows: number | null;
  /** Which quota the export would run past, if any (the tightest first), and when it resets. */
  exceeds: { quota: Quota; resetsAtMs: number } | null;
}

const left = (used: number, limit: number | null): number | null =>
  limit === null ? null : Math.max(0, limit - used);

export function exportBudget(
  estimate: RowEstimate,
  pageSize: number,
  usage: Usage,
  nowMs: number,
): ExportBudget {
  const requests = Math.max(1, Math.ceil(estimate.rows / pageSize));
  const { requestsToday, requestsThisPeriod, rowsThisPeriod } = usage;
  const leftToday: Reported<number | null> = requestsToday.reported
    ? { reported: true, value: left(requestsToday.value.used, requestsToday.value.limit) }
    : requestsToday;
  const leftThisPeriod = left(requestsThisPeriod.used, requestsThisPeriod.limit);
  const leftRows = rowsThisPeriod.reported
    ? left(rowsThisPeriod.value.used, rowsThisPeriod.value.limit)
    : null;
  const periodEnd =
    usage.period.kind === 'usage-period' ? Date.parse(usage.period.end) : utcMonthStart(nowMs, 1);
  const period = usage.period.kind === 'usage-period' ? 'this usage period' : 'this month';

  // Requests the export can make before each quota stops it (rows in requests of `pageSize`).
  const room = (quota: Quota): number | null => {
    if (quota === 'today') return leftToday.reported ? leftToday.value : null;
    if (quota === 'rows this usage period') return leftRows === null ? null : Math.ceil(leftRows / pageSize);
    return leftThisPeriod;
  };
  const resets: Record<Quota, number> = {
    today: (Math.floor(nowMs / DAY_MS) + 1) * DAY_MS,
    'this month': periodEnd,
    'this usage period': periodEnd,
    'rows this usage period': periodEnd,
  };
  // The export stops at the quota with the least room: that is the one it runs past.
  let hit: { quota: Quota; room: number } | null = null;
  for (const quota of ['today', period, 'rows this usage period'] as const) {
    const r = room(quota);
    if (r !== null && (hit === null || r < hit.room)) hit = { quota, room: r };
  }
  const short =
    hit !== null &&
    (hit.quota === 'rows this usage period' ? estimate.rows > (leftRows ?? 0) : requests > hit.room);
  return {
    requests,
    leftToday,
    leftThisPeriod,
    period,
    leftRows,
    exceeds: short && hit !== null ? { quota: hit.quota, resetsAtMs: resets[hit.quota] } : null,
  };
}

/**
 * "This key has 240 left today and 2,490 left this month." Only the quotas the server reports;
 * one it does not report (a day, on a server in the hosted shapes) is named as not reported.
 */
export function quotaSentence(budget: ExportBudget, plan: string): string {
  const parts: string[] = [];
  const { leftToday, leftThisPeriod, leftRows, period } = budget;
  if (leftToday.reported)
    parts.push(leftToday.value === null ? 'no daily limit' : `${formatInteger(leftToday.value)} left today`);
  parts.push(
    leftThisPeriod === null
      ? `no ${period === 'this month' ? 'monthly' : 'usage-period'} limit`
      : `${formatInteger(leftThisPeriod)} left ${period}`,
  );
  if (leftRows !== null) parts.push(`${formatInteger(leftRows)} rows left ${period}`);
  const limited =
    (leftToday.reported && leftToday.value !== null) || leftThisPeriod !== null || leftRows !== null;
  const sentence = limited
    ? `This key has ${parts.join(' and ')}.`
    : `The ${plan} plan has no request quota.`;
  return leftToday.reported ? sentence : `${sentence} Requests today: not reported (${leftToday.why})`;
}
