import { isRateLimited, isTransient, spentQuotaResetMs } from '@/api/retryPolicy';

/**
 * The Retry action for a failed request, or none when asking again cannot change the answer: a
 * time-out, a network failure, a 5xx or a short rate limit may pass; a 4xx about the request (an
 * unknown dataset, a bad parameter, a plan without access) or a spent quota will not, and a
 * button that only fails again is a dead end.
 */
export function retryWhereItHelps(error: unknown, refetch: () => unknown): (() => void) | undefined {
  const helps = isRateLimited(error) ? spentQuotaResetMs(error) === null : isTransient(error);
  return helps ? () => void refetch() : undefined;
}
