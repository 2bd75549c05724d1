/**
 * What an "Export all rows" will cost against the key's quota (issue 13): the requests its
 * estimated rows take at the export's page size, set against what `/v1/api_usage` says is left
 * today (UTC) and this month. The estimate is an estimate; the job itself stops resumably if the
 * quota runs out on the way.
 */
import type { ApiUsage } from '@/contract';
import type { RowEstimate } from '@/api/exports/exportJobs';
import { DAY_MS, utcMonthStart } from '@/time';

export interface ExportBudget {
  /** Requests the export will make (at least one: an empty result is still one answer). */
  requests: number;
  /** Requests left, null when the plan has no such limit. */
  leftToday: number | null;
  leftThisMonth: number | null;
  /** Which quota the export would run past, if any (the tighter one first). */
  exceeds: 'today' | 'this month' | null;
}

export function exportBudget(estimate: RowEstimate, pageSize: number, usage: ApiUsage): ExportBudget {
  const requests = Math.max(1, Math.ceil(estimate.rows / pageSize));
  const leftToday =
    usage.limit_per_day === null ? null : Math.max(0, usage.limit_per_day - usage.requests_today);
  const leftThisMonth =
    usage.limit_per_month === null ? null : Math.max(0, usage.limit_per_month - usage.requests_this_month);
  const tighter =
    leftToday !== null && (leftThisMonth === null || leftToday <= leftThisMonth) ? 'today' : 'this month';
  const left = tighter === 'today' ? leftToday : leftThisMonth;
  return { requests, leftToday, leftThisMonth, exceeds: left !== null && requests > left ? tighter : null };
}

/** When the quota that runs out next resets: the next UTC midnight, or the first of next month. */
export function quotaResetMs(which: 'today' | 'this month', nowMs: number): number {
  return which === 'today' ? (Math.floor(nowMs / DAY_MS) + 1) * DAY_MS : utcMonthStart(nowMs, 1);
}
