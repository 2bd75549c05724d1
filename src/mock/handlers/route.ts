import type { ParamReader } from '../engine/params';
import { API_ROUTES, type ApiShapes, type EndpointName, type KeyPlan, routePattern } from '@/contract';
import type { Breather } from './slices';

/**
 * A route of the mock API: a path pattern under the base URL and a function from a request
 * context to a Response. Authentication, rate limits, usage counting, CORS, HEAD and error
 * bodies are the dispatcher's job, so a route file only reads its parameters and answers.
 */

export interface Caller {
  key: string;
  plan: KeyPlan;
}

export interface UsageCounts {
  requests_today: number;
  requests_this_month: number;
}

export interface RouteContext {
  request: Request;
  url: URL;
  /** Decoded path parameters (`:id` → `params.id`). */
  params: Readonly<Record<string, string>>;
  /** Type readers over the query string; call `query.assertValid()` before resource lookups. */
  query: ParamReader;
  /** The mock's clock, read once per request. */
  now: number;
  /** The authenticated caller (`null` only on routes with `auth: false`). */
  caller: Caller | null;
  /** The wire shapes of `/v1/api_usage` and the daily peak report (`SHAPES`; default the seed's). */
  shapes: ApiShapes;
  /** The caller's usage as of this request (after counting it). */
  usage(): UsageCounts;
  /** `HEAD`: the body will be dropped, so a route may skip the work that only the body needs. */
  head: boolean;
  /** True once nobody waits for the answer any more (the client left): long work stops. */
  cancelled: () => boolean;
  /** Called between pieces of a long answer: in the page's thread, gives it back now and then (slices.ts). */
  breathe: Breather;
}

export type RouteHandler = (ctx: RouteContext) => Response | Promise<Response>;

export interface RouteOptions {
  /** Default true: the request counts toward the caller's usage and quotas apply. */
  countsUsage?: boolean;
  /**
   * Default false: the route's work can be long (it runs the query engine), so the dispatcher hands
   * it to the backend's offload runner (a worker) when there is one. Such a route reads only its
   * context's data (path, query, `now`, `caller`), never `usage()`, which lives with the dispatcher.
   */
  offload?: boolean;
}

export interface RouteDef {
  pattern: string;
  segments: readonly Segment[];
  auth: boolean;
  countsUsage: boolean;
  offload: boolean;
  handle: RouteHandler;
}

type Segment = { kind: 'static'; text: string } | { kind: 'param'; name: string };

/**
 * The mock's answer to one endpoint of the contract's table: its path (`/v1/datasets/:dataset_id`,
 * a trailing slash always accepted) and whether it needs a key come from the table, so a route
 * cannot drift from the documented one.
 */
export function defineRoute(name: EndpointName, handle: RouteHandler, options: RouteOptions = {}): RouteDef {
  const endpoint = API_ROUTES[name];
  const pattern = routePattern(endpoint);
  const segments: Segment[] = pattern
    .split('/')
    .filter((s) => s !== '')
    .map((s) => (s.startsWith(':') ? { kind: 'param', name: s.slice(1) } : { kind: 'static', text: s }));
  return {
    pattern,
    segments,
    auth: endpoint.auth,
    countsUsage: options.countsUsage ?? true,
    offload: options.offload ?? false,
    handle,
  };
}

export interface RouteMatch {
  route: RouteDef;
  params: Record<string, string>;
}

function decodeSegment(raw: string): string | undefined {
  try {
    return decodeURIComponent(raw);
  } catch {
    return undefined;
  }
}

/** Static segments beat parameters at the first place two patterns differ. */
function moreSpecific(a: RouteDef, b: RouteDef): boolean {
  for (let i = 0; i < a.segments.length; i++) {
    const sa = a.segments[i];
    const sb = b.segments[i];
    if (sa === undefined || sb === undefined) break;
    if (sa.kind !== sb.kind) return sa.kind === 'static';
  }
  return false;
}

/**
 * Finds the route for a path relative to the base URL (`/v1/datasets/x/`). The path is still
 * percent-encoded; each parameter segment is decoded on its own so `%2F` stays inside a value.
 */
export function matchRoute(routes: readonly RouteDef[], path: string): RouteMatch | undefined {
  const parts = path.split('/').filter((s, i, all) => !(s === '' && (i === 0 || i === all.length - 1)));
  let best: RouteMatch | undefined;
  for (const route of routes) {
    if (route.segments.length !== parts.length) continue;
    const params: Record<string, string> = {};
    let ok = true;
    for (let i = 0; i < parts.length && ok; i++) {
      const segment = route.segments[i];
      const part = parts[i] ?? '';
      if (segment === undefined) ok = false;
      else if (segment.kind === 'static') ok = segment.text === part;
      else {
        const value = decodeSegment(part);
        if (value === undefined || value === '') ok = false;
        else params[segment.name] = value;
      }
    }
    if (ok && (best === undefined || moreSpecific(route, best.route))) best = { route, params };
  }
  return best;
}

/** A path parameter the route pattern declares (throws if the pattern lacks it: a bug). */
export function pathParam(ctx: RouteContext, name: string): string {
  const value = ctx.params[name];
  if (value === undefined) throw new Error(`Route has no path parameter ${name}`);
  return value;
}
