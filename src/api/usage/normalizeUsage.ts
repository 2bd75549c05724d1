import { absent, reported, type Reported } from '@/api/reported';
import type { AnyApiUsage, ApiUsage, HostedApiUsage } from '@/contract';
import { isRecord } from '@/lib/isRecord';

/** A count against a limit; `limit` null = the server applies none. */
export interface Allowance {
  used: number;
  limit: number | null;
}

/**
 * `/v1/api_usage` as the app reads it, from either server's shape (docs/decisions/0027). Requests
 * in the current period are in both; the rest is in one shape only and says so where absent.
 */
export interface Usage {
  plan: string;
  /** Requests in the current UTC day (the seed's shape only). */
  requestsToday: Reported<Allowance>;
  /** Requests in the current period, which both shapes count. */
  requestsThisPeriod: Allowance;
  /** The period: the UTC month (the seed's), or the hosted server's own `[start, end)`. */
  period: { kind: 'utc-month' } | { kind: 'usage-period'; start: string; end: string };
  /** Rows returned in the period (the hosted shape, when its server counts them). */
  rowsThisPeriod: Reported<Allowance>;
  /**
   * The plan's limit on rows returned per period, `null` for none (the hosted shape only). Known
   * even where the rows used are not: an export can then only be warned that it may stop early.
   */
  rowsLimit: Reported<number | null>;
  /** The per-second request limit, `null` for none (the hosted shape only). */
  requestsPerSecond: Reported<number | null>;
  /** The most rows one answer may hold (the hosted shape only). */
  rowsPerResponse: Reported<number | null>;
}

const SEED_HAS_NO_ROWS = 'This server counts requests, not rows returned.';
const SEED_HAS_NO_LIMIT = "This server's usage answer does not state it.";
const HOSTED_HAS_NO_DAY = 'This server counts requests per usage period, not per day.';
const HOSTED_ROWS_UNCOUNTED = 'This server does not report a count of rows returned.';

const isHosted = (usage: AnyApiUsage): usage is HostedApiUsage => 'plan_name' in usage;

/**
 * Whether an answer has what either shape's reader takes (the full schema check runs in development
 * only): a body in neither shape would otherwise show "NaN of NaN requests", or throw in the reader.
 */
export function isKnownUsageShape(body: unknown): body is AnyApiUsage {
  if (!isRecord(body)) return false;
  if ('plan_name' in body) {
    const { limits, current_period_usage: used } = body;
    return isRecord(limits) && isRecord(used) && typeof used.total_requests === 'number';
  }
  return (
    typeof body.plan === 'string' &&
    typeof body.requests_today === 'number' &&
    typeof body.requests_this_month === 'number'
  );
}

function fromSeed(usage: ApiUsage): Usage {
  return {
    plan: usage.plan,
    requestsToday: reported({ used: usage.requests_today, limit: usage.limit_per_day }),
    requestsThisPeriod: { used: usage.requests_this_month, limit: usage.limit_per_month },
    period: { kind: 'utc-month' },
    rowsThisPeriod: absent(SEED_HAS_NO_ROWS),
    rowsLimit: absent(SEED_HAS_NO_ROWS),
    requestsPerSecond: absent(SEED_HAS_NO_LIMIT),
    rowsPerResponse: absent(SEED_HAS_NO_LIMIT),
  };
}

function fromHosted(usage: HostedApiUsage): Usage {
  const { limits, current_period_usage: used } = usage;
  return {
    plan: usage.plan_name,
    requestsToday: absent(HOSTED_HAS_NO_DAY),
    requestsThisPeriod: { used: used.total_requests, limit: limits.api_requests_limit },
    period: {
      kind: 'usage-period',
      start: usage.current_usage_period_start,
      end: usage.current_usage_period_end,
    },
    rowsThisPeriod:
      used.total_api_rows_returned === null
        ? absent(HOSTED_ROWS_UNCOUNTED)
        : reported({ used: used.total_api_rows_returned, limit: limits.api_rows_returned_limit }),
    rowsLimit: reported(limits.api_rows_returned_limit),
    requestsPerSecond: reported(limits.per_second_api_rate_limit),
    rowsPerResponse: reported(limits.api_rows_per_response_limit),
  };
}

/** One internal shape from either answer (told apart by `plan_name`, which only the hosted has). */
export function normalizeUsage(usage: AnyApiUsage): Usage {
  return isHosted(usage) ? fromHosted(usage) : fromSeed(usage);
}

/** The most rows one answer may hold where the server states a cap (hosted shapes); else null. */
export function rowsPerResponseOf(usage: Usage | undefined): number | null {
  const cap = usage?.rowsPerResponse;
  return cap?.reported && cap.value !== null && cap.value > 0 ? cap.value : null;
}
