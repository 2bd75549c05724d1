import { z } from 'zod';

/** What a key may do (contract §2). `null` limits mean unlimited. */
export const keyPlanSchema = z.object({
  plan: z.string(),
  limit_per_day: z.number().int().nullable(),
  limit_per_month: z.number().int().nullable(),
  /** `null` = no per-second limit. */
  requestsPerSecond: z.number().int().nullable(),
  dailyPeakReport: z.boolean(),
});
export type KeyPlan = z.infer<typeof keyPlanSchema>;

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

export const PLANS = ['Developer', 'Free', 'Internal'] as const;
export type Plan = (typeof PLANS)[number];
