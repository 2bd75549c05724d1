import { dispatch, relativePath, type DispatchEnv } from './handlers/dispatch';
import type { OffloadRunner } from './handlers/offload';
import { RateLimiter } from './handlers/RateLimiter';
import type { UsageCounts } from './handlers/route';
import { ROUTES } from './handlers/routes';
import { UsageTracker } from './handlers/UsageTracker';
import { type ApiShapes, BUILT_IN_KEYS, type KeyPlan } from '@/contract';

export interface MockApiOptions {
  /**
   * Origin and path prefix the handlers answer under (`http://localhost:4173/demo-api`); every
   * path below it is the mock's. Without it the mock answers `…/v1/…` and `…/health` on any host.
   */
  baseUrl?: string;
  /** The clock, epoch ms. Default `Date.now`. */
  now?: () => number;
  /** Extra keys, added to (or overriding) `BUILT_IN_KEYS`. */
  keys?: Record<string, KeyPlan>;
  /** Per-second rate limits; default on. Daily and monthly quotas always apply. */
  rateLimits?: boolean;
  /** Called with unexpected exceptions answered as 500 (bugs); default: ignored. */
  onError?: (error: unknown) => void;
  /**
   * Runs the long routes (the query engine) off this thread: a Web Worker in the browser, a
   * worker-thread pool behind the HTTP server. Default: in this thread (Vitest).
   */
  offload?: OffloadRunner;
  /**
   * The wire shapes of `/v1/api_usage` and the daily peak report: `seed` (default, contract §2
   * and §9) or `hosted`, the hosted GridStatus API's current ones (docs/decisions/0027).
   */
  shapes?: ApiShapes;
  /**
   * Answering in the page's own thread: each request in tasks of its own, none much longer than
   * this many milliseconds (handlers/slices.ts). Default: in one go, as nothing else waits.
   */
  sliceMs?: number;
}

interface MockUsage {
  /** Forgets all usage counts and rate windows. */
  reset(): void;
  /** A key's counts for the UTC day and month containing the mock's `now`. */
  get(key: string): UsageCounts;
  /** Sets a key's counts for the current day/month (to start a test near a quota). */
  set(key: string, counts: Partial<UsageCounts>): void;
}

export interface MockApi {
  /** Every URL the mock answers (its base URL and below, or any `/v1` and `/health` path). */
  pattern: RegExp;
  usage: MockUsage;
  /** Answers any request directly (also ones no handler matches: 404/405), never throws. */
  handle(request: Request): Promise<Response>;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Any origin and prefix, then a `/v1` segment or a final `/health` or `/openapi.json`. */
const ANY_BASE = /^[a-z][a-z\d+.-]*:\/\/[^/]+(?:\/.*)?\/(?:v1(?:\/.*)?|health\/?|openapi\.json)$/i;

const mockBasePath = (baseUrl: string): string => new URL(baseUrl).pathname.replace(/\/+$/, '');

/** Every URL the mock answers under `baseUrl`: the base itself and any path below it. */
export function mockUrlPattern(baseUrl: string): RegExp {
  const origin = new URL(baseUrl).origin;
  return new RegExp(`^${escapeRegExp(origin + mockBasePath(baseUrl))}(?:/.*)?$`);
}

/**
 * The whole mock API as msw handlers with per-instance state (usage and rate windows), so two
 * instances (two test files, the browser and the HTTP server) never share counts.
 */
export function createMockApi(options: MockApiOptions = {}): MockApi {
  const now = options.now ?? (() => Date.now());
  const keys = new Map<string, KeyPlan>(Object.entries({ ...BUILT_IN_KEYS, ...options.keys }));
  const env: DispatchEnv = {
    routes: ROUTES,
    keys,
    now,
    shapes: options.shapes ?? 'seed',
    usage: new UsageTracker(),
    rate: new RateLimiter(),
    rateLimits: options.rateLimits ?? true,
    onError: options.onError ?? (() => undefined),
    offload: options.offload,
    sliceMs: options.sliceMs,
  };

  const basePath = options.baseUrl === undefined ? null : mockBasePath(options.baseUrl);
  const pattern = options.baseUrl === undefined ? ANY_BASE : mockUrlPattern(options.baseUrl);

  const handle = (request: Request): Promise<Response> => {
    const path = relativePath(new URL(request.url), basePath) ?? '/';
    return dispatch(request, path, env);
  };

  return {
    pattern,
    usage: {
      reset: () => {
        env.usage.reset();
        env.rate.reset();
      },
      get: (key) => env.usage.get(key, now()),
      set: (key, counts) => env.usage.set(key, now(), counts),
    },
    handle,
  };
}
