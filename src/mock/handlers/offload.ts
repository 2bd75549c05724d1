import type { ApiShapes } from '@/contract';
import { problemOf } from './problem';
import { ParamReader } from '../engine/params';
import { errorResponse } from './responders';
import { matchRoute, type Caller, type RouteContext, type RouteDef } from './route';
import { NEVER_BREATHE } from './slices';

/**
 * Long route work (the query engine) runs away from the thread that answers requests: in a Web
 * Worker in the browser, in a worker-thread pool behind the HTTP server. The dispatcher keeps
 * everything cheap and stateful (routing, keys, quotas, rate limits, usage, CORS) and sends an
 * offloaded route a job made only of plain data, which crosses `postMessage`; the answer comes
 * back as status, headers and bytes (transferred, never copied row by row).
 */

/** What a worker needs to answer an offloaded route: plain data only (structured-clone safe). */
export interface OffloadJob {
  /** The full request URL (its query string holds the parameters). */
  url: string;
  /** The route path relative to the mock's base URL (`/v1/datasets/x/query`). */
  path: string;
  head: boolean;
  /** The mock's clock for this request, read once by the dispatcher. */
  now: number;
  caller: Caller | null;
  /** The wire shapes the mock answers in (`SHAPES`). */
  shapes: ApiShapes;
}

/** A Response as plain data. `body` is transferable; null for HEAD. */
export interface SerializedResponse {
  status: number;
  headers: [string, string][];
  body: ArrayBuffer | null;
}

/**
 * Answers an offloaded job somewhere else. Rejects when `signal` aborts (the client left); the
 * work behind it stops soon after.
 */
export type OffloadRunner = (job: OffloadJob, signal: AbortSignal) => Promise<SerializedResponse>;

export async function serializeResponse(response: Response, head: boolean): Promise<SerializedResponse> {
  const headers: [string, string][] = [];
  response.headers.forEach((value, name) => headers.push([name, value]));
  return { status: response.status, headers, body: head ? null : await response.arrayBuffer() };
}

export function deserializeResponse(answer: SerializedResponse): Response {
  return new Response(answer.body, { status: answer.status, headers: answer.headers });
}

/**
 * Runs an offloaded route here and now (in a worker, or in-process where there is none). Errors
 * of the contract become their answers; an unexpected error is a 500 reported to `onError`; a
 * cancelled job rejects with whatever the engine threw, as nobody reads its answer.
 */
export async function answerJob(
  routes: readonly RouteDef[],
  job: OffloadJob,
  cancelled: () => boolean,
  onError: (error: unknown) => void = () => undefined,
): Promise<SerializedResponse> {
  const match = matchRoute(routes, job.path);
  if (match === undefined) return serializeResponse(errorResponse(404, 'Not Found'), job.head);
  const url = new URL(job.url);
  const ctx: RouteContext = {
    request: new Request(url),
    url,
    params: match.params,
    query: new ParamReader(url.searchParams),
    now: job.now,
    caller: job.caller,
    shapes: job.shapes,
    usage: () => {
      throw new Error(`Route ${match.route.pattern} is offloaded and cannot read usage.`);
    },
    head: job.head,
    cancelled,
    // A worker's thread waits on nobody's paint.
    breathe: NEVER_BREATHE,
  };
  try {
    return await serializeResponse(await match.route.handle(ctx), job.head);
  } catch (error) {
    const problem = problemOf(error);
    if (problem)
      return serializeResponse(errorResponse(problem.status, problem.detail, problem.headers), job.head);
    if (cancelled()) throw error;
    onError(error);
    return serializeResponse(errorResponse(500, 'Internal Server Error'), job.head);
  }
}
