import { knownRequestsPerSecond } from '@/api/connection';
import type { Usage } from '@/api/usage/normalizeUsage';

/**
 * The per-second limit to pace requests by: the server's own figure where its answer states one
 * (hosted shapes), else the limit of a plan the app knows by name, else null (no pacing).
 */
export function requestsPerSecondOf(usage: Usage | undefined): number | null {
  if (usage?.requestsPerSecond.reported) return usage.requestsPerSecond.value;
  return knownRequestsPerSecond(usage?.plan);
}
