/**
 * What a key may do (contract §2). `null` limits mean unlimited. Not a wire shape (the server keeps
 * it), so a plain type: the client's first screen imports these values and should not pull zod in.
 */
export interface KeyPlan {
  plan: string;
  limit_per_day: number | null;
  limit_per_month: number | null;
  /** `null` = no per-second limit. */
  requestsPerSecond: number | null;
  dailyPeakReport: boolean;
}

/** The keys the built-in mock knows (contract §2), documented in the README and shown in Settings. */
export const BUILT_IN_KEYS = {
  'demo-key': {
    plan: 'Developer',
    limit_per_day: 10000,
    limit_per_month: 250000,
    requestsPerSecond: 20,
    dailyPeakReport: true,
  },
  'free-key': {
    plan: 'Free',
    limit_per_day: 250,
    limit_per_month: 2500,
    requestsPerSecond: 5,
    dailyPeakReport: false,
  },
  'test-key': {
    plan: 'Internal',
    limit_per_day: null,
    limit_per_month: null,
    requestsPerSecond: null,
    dailyPeakReport: true,
  },
} as const satisfies Record<string, KeyPlan>;
export type BuiltInKey = keyof typeof BUILT_IN_KEYS;

/** The key the built-in demo data uses unless the user picks another. */
export const DEMO_API_KEY = 'demo-key' satisfies BuiltInKey;

/** The built-in keys with their plans, in the contract's order. */
export const BUILT_IN_KEY_LIST: readonly (KeyPlan & { key: BuiltInKey })[] = (
  Object.entries(BUILT_IN_KEYS) as [BuiltInKey, KeyPlan][]
).map(([key, plan]) => ({ key, ...plan }));
