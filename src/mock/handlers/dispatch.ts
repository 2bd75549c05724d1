import {
  ALLOWED_METHODS,
  API_KEY_HEADER,
  API_KEY_QUERY_PARAM,
  type ApiShapes,
  type KeyPlan,
  RESPONSE_HEADERS,
} from '@/contract';
import { ApiProblem, problemOf } from './problem';
import { ParamReader } from '../engine/params';
import type { RateLimiter } from './RateLimiter';
import { deserializeResponse, type OffloadRunner } from './offload';
import { matchRoute, type Caller, type RouteContext, type RouteDef } from './route';
import { NEVER_BREATHE, nextTask, sliceBreather } from './slices';
import { CORS_HEADERS, PREFLIGHT_HEADERS, errorResponse } from './responders';
import { secondsToNextUtcDay, secondsToNextUtcMonth, type UsageTracker } from './UsageTracker';

export interface DispatchEnv {
  routes: readonly RouteDef[];
  keys: ReadonlyMap<string, KeyPlan>;
  now: () => number;
  /** The wire shapes of usage and the peak report: the seed's or the hosted API's. */
  shapes: ApiShapes;
  usage: UsageTracker;
  rate: RateLimiter;
  /** Per-second rate limits on or off; daily and monthly quotas always apply. */
  rateLimits: boolean;
  /** Sees unexpected exceptions (bugs) that were answered with a 500. */
  onError: (error: unknown) => void;
  /** Where offloaded routes run (a worker); without it they run here, in this thread. */
  offload?: OffloadRunner;
  /**
   * In a thread that must stay responsive (the page's): each request starts in a task of its own,
   * not in its caller's, and a route's long work gives the thread back every `sliceMs` (slices.ts).
   */
  sliceMs?: number;
}

const MISSING_KEY = 'Missing API Key.';
const CLIENT_LEFT = 'Client Closed Request';
const INVALID_KEY = 'Invalid API key.';
const ANSWERED_METHODS: ReadonlySet<string> = new Set(ALLOWED_METHODS);

function withCors(response: Response, head: boolean, extra: Readonly<Record<string, string>> = {}): Response {
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries({ ...CORS_HEADERS, ...extra })) headers.set(name, value);
  return new Response(head ? null : response.body, {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}

/** The key of contract §2: the header wins over the `api_key` query parameter. */
function requestKey(request: Request, url: URL): string | null {
  const header = request.headers.get(API_KEY_HEADER);
  if (header !== null && header !== '') return header;
  const query = url.searchParams.get(API_KEY_QUERY_PARAM);
  return query !== null && query !== '' ? query : null;
}

/** Daily, then monthly quota, then the per-second rate: 429 for the first one exceeded. */
function checkLimits(env: DispatchEnv, caller: Caller, countsUsage: boolean, now: number): void {
  const { plan } = caller;
  if (countsUsage) {
    const used = env.usage.get(caller.key, now);
    if (plan.limit_per_day !== null && used.requests_today >= plan.limit_per_day) {
      throw new ApiProblem(429, `Daily request limit of ${plan.limit_per_day} exceeded.`, {
        [RESPONSE_HEADERS.retryAfter]: String(secondsToNextUtcDay(now)),
      });
    }
    if (plan.limit_per_month !== null && used.requests_this_month >= plan.limit_per_month) {
      throw new ApiProblem(429, `Monthly request limit of ${plan.limit_per_month} exceeded.`, {
        [RESPONSE_HEADERS.retryAfter]: String(secondsToNextUtcMonth(now)),
      });
    }
  }
  if (
    env.rateLimits &&
    plan.requestsPerSecond !== null &&
    !env.rate.tryAcquire(caller.key, plan.requestsPerSecond, now)
  ) {
    throw new ApiProblem(429, `Too Many Requests. Limit: ${plan.requestsPerSecond} per 1 second.`, {
      [RESPONSE_HEADERS.retryAfter]: '1',
    });
  }
}

function problemResponse(problem: ApiProblem): Response {
  return errorResponse(problem.status, problem.detail, problem.headers);
}

/**
 * Answers one request for a path relative to the base URL, in the order of contract §3: route
 * (404/405), key (401), quota and rate (429), then the route itself (422, 404, 400, 403).
 * Never throws; an unexpected exception is a bug and becomes a bare 500.
 */
export async function dispatch(request: Request, path: string, env: DispatchEnv): Promise<Response> {
  const method = request.method.toUpperCase();
  const head = method === 'HEAD';
  // Not in the caller's task: answers would otherwise run on in whatever task asked (a render, boot).
  if (env.sliceMs !== undefined) {
    await nextTask();
    if (request.signal.aborted) return withCors(errorResponse(499, CLIENT_LEFT), head);
  }
  if (method === 'OPTIONS') return withCors(new Response(null, { status: 204 }), false, PREFLIGHT_HEADERS);
  if (!ANSWERED_METHODS.has(method)) {
    return withCors(errorResponse(405, 'Method Not Allowed', { Allow: 'GET, HEAD, OPTIONS' }), false);
  }
  try {
    const match = matchRoute(env.routes, path);
    if (match === undefined) return withCors(errorResponse(404, 'Not Found'), head);
    const { route, params } = match;
    const url = new URL(request.url);
    const now = env.now();

    let caller: Caller | null = null;
    if (route.auth) {
      const key = requestKey(request, url);
      if (key === null) return withCors(errorResponse(401, MISSING_KEY), head);
      const plan = env.keys.get(key);
      if (plan === undefined) return withCors(errorResponse(401, INVALID_KEY), head);
      caller = { key, plan };
      checkLimits(env, caller, route.countsUsage, now);
      if (route.countsUsage) env.usage.count(key, now);
    }

    if (route.offload && env.offload !== undefined) {
      const answer = await env.offload(
        { url: request.url, path, head, now, caller, shapes: env.shapes },
        request.signal,
      );
      return withCors(deserializeResponse(answer), head);
    }
    const cancelled = () => request.signal.aborted;
    const ctx: RouteContext = {
      request,
      url,
      params,
      query: new ParamReader(url.searchParams),
      now,
      caller,
      shapes: env.shapes,
      usage: () =>
        caller === null ? { requests_today: 0, requests_this_month: 0 } : env.usage.get(caller.key, now),
      head,
      cancelled,
      breathe: env.sliceMs === undefined ? NEVER_BREATHE : sliceBreather(env.sliceMs, cancelled),
    };
    return withCors(await route.handle(ctx), head);
  } catch (error) {
    const problem = problemOf(error);
    if (problem) return withCors(problemResponse(problem), head);
    // The client left: nobody reads this answer, and an abort is not a bug.
    if (request.signal.aborted) return withCors(errorResponse(499, CLIENT_LEFT), head);
    env.onError(error);
    return withCors(errorResponse(500, 'Internal Server Error'), head);
  }
}

/**
 * The relative route path of a URL. With a base path, what follows it; without one (the mock
 * answers under any prefix), from the first `/v1` segment, or `/health` or `/openapi.json` at the end.
 * `undefined` when the URL is not the mock's.
 */
export function relativePath(url: URL, basePath: string | null): string | undefined {
  const { pathname } = url;
  if (basePath !== null) {
    if (pathname === basePath) return '/';
    return pathname.startsWith(`${basePath}/`) ? pathname.slice(basePath.length) : undefined;
  }
  const v1 = /\/v1(?=\/|$)/.exec(pathname);
  if (v1 !== null) return pathname.slice(v1.index);
  const tail = /\/(health\/?|openapi\.json)$/.exec(pathname);
  return tail === null ? undefined : `/${tail[1]?.replace(/\/$/, '') ?? ''}`;
}
