/**
 * What an "Export all rows" will cost against the key's quota (issue 13): the requests its
 * estimated rows take at the rows one request brings (the export's page size, or the server's
 * own cap on rows per response where that is smaller), set against what `/v1/api_usage` says is
 * left today (UTC) and this period (the UTC month, or the hosted server's usage period, decision
 * 0027), and, where the server counts them against a limit, the rows left. The estimate is an
 * estimate; the job itself stops resumably if the quota runs out on the way.
 */
import type { RowEstimate } from '@/api/exports/exportJobs';
import type { Reported } from '@/api/reported';
import { rowsPerResponseOf, type Usage } from '@/api/usage/normalizeUsage';
import { formatCount, formatInteger, formatTimestamp } from '@/lib/format';
import { DAY_MS, utcMonthStart } from '@/time';

/** A quota an export can run past, in the words the panel uses. */
type Quota = 'today' | 'this month' | 'this usage period' | 'rows this usage period';

export interface ExportBudget {
  /** Requests the export will make (at least one: an empty result is still one answer). */
  requests: number;
  /** Rows one request brings: the export's page size, capped by the server's rows per response. */
  rowsPerRequest: number;
  /** Requests left today: null when the plan has no daily limit; absent when the server counts no days. */
  leftToday: Reported<number | null>;
  /** Requests left this period, null when the plan has no such limit. */
  leftThisPeriod: number | null;
  /** The period's name: `this month` (the seed's UTC month) or `this usage period` (hosted). */
  period: 'this month' | 'this usage period';
  /** Rows left this period, where the server reports a count of rows against a limit; else null. */
  leftRows: number | null;
  /**
   * The plan's rows limit per period where the server does not report the rows used: the export
   * may stop early, and nobody can say when. Null when the rows are counted or not limited.
   */
  uncountedRowsLimit: number | null;
  /** Which quota the export would run past, if any (the tightest first), and when it resets. */
  exceeds: { quota: Quota; resetsAtMs: number } | null;
}

const left = (used: number, limit: number | null): number | null =>
  limit === null ? null : Math.max(0, limit - used);

export function exportBudget(
  /** Only its rows count here; whether they are a bound is for the panel to say. */
  estimate: Pick<RowEstimate, 'rows'>,
  pageSize: number,
  usage: Usage,
  nowMs: number,
): ExportBudget {
  // A server that caps rows per response lower than the page size answers each page with fewer
  // rows, so the export makes more requests than its page size alone says.
  const rowsPerRequest = Math.min(pageSize, rowsPerResponseOf(usage) ?? pageSize);
  const requests = Math.max(1, Math.ceil(estimate.rows / rowsPerRequest));
  const { requestsToday, requestsThisPeriod, rowsThisPeriod, rowsLimit } = usage;
  const leftToday: Reported<number | null> = requestsToday.reported
    ? { reported: true, value: left(requestsToday.value.used, requestsToday.value.limit) }
    : requestsToday;
  const leftThisPeriod = left(requestsThisPeriod.used, requestsThisPeriod.limit);
  const leftRows = rowsThisPeriod.reported
    ? left(rowsThisPeriod.value.used, rowsThisPeriod.value.limit)
    : null;
  const uncountedRowsLimit = !rowsThisPeriod.reported && rowsLimit.reported ? rowsLimit.value : null;
  const periodEnd =
    usage.period.kind === 'usage-period' ? Date.parse(usage.period.end) : utcMonthStart(nowMs, 1);
  const period = usage.period.kind === 'usage-period' ? 'this usage period' : 'this month';

  // At most the rows an export may still return: those left, or, uncounted, the whole limit.
  const rowsRoom = leftRows ?? uncountedRowsLimit;
  // Requests the export can make before each quota stops it.
  const room = (quota: Quota): number | null => {
    if (quota === 'today') return leftToday.reported ? leftToday.value : null;
    if (quota === 'rows this usage period')
      return rowsRoom === null ? null : Math.ceil(rowsRoom / rowsPerRequest);
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
  // An uncounted limit is only an upper bound of the rows left: it proves a shortfall, never room.
  const short =
    hit !== null &&
    (hit.quota === 'rows this usage period' ? estimate.rows > (rowsRoom ?? 0) : requests > hit.room);
  return {
    requests,
    rowsPerRequest,
    leftToday,
    leftThisPeriod,
    period,
    leftRows,
    uncountedRowsLimit,
    exceeds: short && hit !== null ? { quota: hit.quota, resetsAtMs: resets[hit.quota] } : null,
  };
}

const periodNoun = (period: ExportBudget['period']): string =>
  period === 'this month' ? 'month' : 'usage period';

/**
 * "This key has 240 requests left today and 2,490 left this month." Only the quotas the server
 * reports; one it does not report (a day, on a server in the hosted shapes) is named as not
 * reported, and so is a rows limit whose use the server does not count.
 */
export function quotaSentence(budget: ExportBudget, plan: string): string {
  const { leftToday, leftThisPeriod, leftRows, uncountedRowsLimit, period } = budget;
  const parts: string[] = [];
  if (leftToday.reported)
    parts.push(
      leftToday.value === null
        ? 'no daily request limit'
        : `${formatCount(leftToday.value, 'request')} left today`,
    );
  const rows = leftRows === null ? null : formatCount(leftRows, 'row');
  if (leftThisPeriod === null) {
    parts.push(`no ${period === 'this month' ? 'monthly' : 'usage-period'} request limit`);
    if (rows !== null) parts.push(`${rows} left ${period}`);
  } else {
    // One period named once: "250 requests and 10,000 rows left this usage period".
    // "50 requests left today and 2,200 left this month": the noun once, where a count first names it.
    const counted = leftToday.reported && leftToday.value !== null;
    const requests = counted ? formatInteger(leftThisPeriod) : formatCount(leftThisPeriod, 'request');
    parts.push(rows === null ? `${requests} left ${period}` : `${requests} and ${rows} left ${period}`);
  }
  const limited =
    (leftToday.reported && leftToday.value !== null) || leftThisPeriod !== null || leftRows !== null;
  const sentences = [
    limited ? `This key has ${parts.join(' and ')}.` : `The ${plan} plan has no request quota.`,
  ];
  if (!leftToday.reported) sentences.push(`Requests today: not reported. ${leftToday.why}`);
  if (uncountedRowsLimit !== null)
    sentences.push(
      `The plan limits rows returned to ${formatInteger(uncountedRowsLimit)} per ${periodNoun(period)}, and this server does not report how many have been returned, so the export may stop early.`,
    );
  return sentences.join(' ');
}

const EXCEEDED: Record<Quota, string> = {
  today: 'more requests than are left today',
  'this month': 'more requests than are left this month',
  'this usage period': 'more requests than are left this usage period',
  'rows this usage period': 'more rows than are left this usage period',
};

/** The warning under a budget the export runs past; null when it fits. */
export function exceedsSentence(budget: ExportBudget): string | null {
  if (!budget.exceeds) return null;
  const resets = formatTimestamp(budget.exceeds.resetsAtMs, { timeZone: 'local' });
  return `That is ${EXCEEDED[budget.exceeds.quota]}: the export will stop when the quota runs out and can be resumed after it resets at ${resets} (local time). A narrower query or resampling needs fewer.`;
}
