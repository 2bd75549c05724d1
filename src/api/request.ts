import { API_KEY_HEADER, type ErrorDetail, RESPONSE_HEADERS, type WireSchemaName } from '@/contract';
import { ApiError } from '@/api/ApiError';
import { effectiveBaseUrl, getConnection, whenDemoBackendReady, type Connection } from '@/api/connection';
import { isRecord } from '@/lib/isRecord';

type QueryValue = string | number | boolean | undefined | null;

export interface RequestOptions {
  params?: Record<string, QueryValue> | object;
  signal?: AbortSignal;
  /** Talk to this backend instead of the saved one (the settings page tests a form before saving). */
  connection?: Connection;
}

/** `?a=1&b=x`, leaving out parameters that are not set so the server applies its defaults. */
export function encodeQuery(params: RequestOptions['params']): string {
  if (params === undefined) return '';
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params) as [string, unknown][]) {
    if (value === undefined || value === null) continue;
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
      search.append(name, String(value));
    }
  }
  const text = search.toString();
  return text === '' ? '' : `?${text}`;
}

/** `Retry-After` as seconds: either delta-seconds or an HTTP date. */
export function parseRetryAfter(value: string | null, nowMs: number = Date.now()): number | null {
  if (value === null) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return null;
  return Math.max(0, Math.ceil((date - nowMs) / 1000));
}

function isErrorDetail(value: unknown): value is ErrorDetail {
  return typeof value === 'string' || Array.isArray(value);
}

async function readDetail(response: Response): Promise<ErrorDetail | null> {
  try {
    const body: unknown = await response.json();
    if (isRecord(body) && 'detail' in body) {
      const detail: unknown = body.detail;
      if (isErrorDetail(detail)) return detail;
      // A free-form object detail (api.md allows one): keep it readable rather than drop it.
      return JSON.stringify(detail);
    }
    return null;
  } catch {
    return null;
  }
}

function isAbort(e: unknown): boolean {
  return e instanceof DOMException && (e.name === 'AbortError' || e.name === 'TimeoutError');
}

/** The sentence of a timed-out request; the time-out is in seconds, as the settings show it. */
export function timeoutMessage(seconds: number): string {
  return `The server did not answer within ${seconds} s.`;
}

interface Deadline {
  /** Aborts when the caller aborts or when the time-out runs out. */
  signal: AbortSignal;
  /** Whether it was the time-out (and not the caller) that aborted. */
  timedOut: () => boolean;
  dispose: () => void;
}

/**
 * The caller's signal combined with a timer, by hand: `AbortSignal.any` is missing from some of
 * the environments we run in (jsdom), and neither it nor `AbortSignal.timeout` says which of the
 * two fired, which decides between "cancelled" (rethrown as is) and "timed out" (an ApiError).
 */
function deadline(caller: AbortSignal | undefined, ms: number): Deadline {
  const controller = new AbortController();
  let timedOut = false;
  const onCallerAbort = () => controller.abort(caller?.reason);
  if (caller?.aborted === true) onCallerAbort();
  else caller?.addEventListener('abort', onCallerAbort, { once: true });
  const timer = setTimeout(() => {
    if (controller.signal.aborted) return;
    timedOut = true;
    controller.abort(new DOMException('The request timed out.', 'TimeoutError'));
  }, ms);
  return {
    signal: controller.signal,
    timedOut: () => timedOut,
    dispose: () => {
      clearTimeout(timer);
      caller?.removeEventListener('abort', onCallerAbort);
    },
  };
}

/**
 * `work`, or the abort of `signal` if that comes first. Reading a body is raced against the signal
 * because not every fetch (msw's interceptors among them) fails a body that stops half-way when
 * the request is aborted: a time-out must end the wait for the body as well as for the headers.
 */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) {
    work.catch(() => undefined);
    return Promise.reject(signal.reason as Error);
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/**
 * One request from start to the end of its body, under the time-out of the connection: `read`
 * turns the response into the result and runs inside the same deadline.
 */
async function exchange<T>(
  path: string,
  opts: RequestOptions,
  accept: string,
  read: (response: Response, target: string) => Promise<T>,
): Promise<T> {
  const connection = opts.connection ?? getConnection();
  const target = `${path}${encodeQuery(opts.params)}`;
  const url = `${effectiveBaseUrl(connection)}${target}`;
  const headers = new Headers({ accept });
  // The key goes in a header only: a URL ends up in histories, logs and shared links.
  if (connection.apiKey !== '') headers.set(API_KEY_HEADER, connection.apiKey);

  const limit = deadline(opts.signal, connection.timeoutSeconds * 1000);
  try {
    let response: Response;
    try {
      if (connection.mode === 'demo') await untilAborted(whenDemoBackendReady(), limit.signal);
      response = await fetch(url, { headers, signal: limit.signal });
    } catch (e) {
      if (isAbort(e) || limit.signal.aborted) throw e;
      throw new ApiError({
        status: 0,
        kind: 'network',
        detail: null,
        path: target,
        message: `The server could not be reached (${effectiveBaseUrl(connection) || 'no address'}).`,
      });
    }
    if (!response.ok) {
      const detail = await untilAborted(readDetail(response), limit.signal);
      throw new ApiError({
        status: response.status,
        detail,
        retryAfter: parseRetryAfter(response.headers.get(RESPONSE_HEADERS.retryAfter)),
        path: target,
      });
    }
    return await untilAborted(read(response, target), limit.signal);
  } catch (e) {
    // The caller's own abort stays an abort; only the timer's becomes a time-out.
    if (limit.timedOut() && !(opts.signal?.aborted ?? false)) {
      throw new ApiError({
        status: 0,
        kind: 'timeout',
        detail: null,
        path: target,
        message: timeoutMessage(connection.timeoutSeconds),
      });
    }
    throw e;
  } finally {
    limit.dispose();
  }
}

/**
 * In development and tests, an answer is checked against the contract's schema of its wire shape,
 * so a drift between the mock (or a server) and the client fails loudly where it happens. The
 * check and zod load only then: production builds drop this code.
 */
async function checkWireShape(name: WireSchemaName, body: unknown, target: string): Promise<void> {
  const { WIRE_SCHEMAS } = await import('@/contract/schemas');
  const result = WIRE_SCHEMAS[name].safeParse(body);
  if (result.success) return;
  const issues = result.error.issues
    .slice(0, 3)
    .map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`)
    .join('; ');
  throw new Error(`The answer of ${target} does not match the contract's ${name} shape: ${issues}`);
}

/** GET a JSON resource; `wire` names its shape in the contract. */
export function request<T>(path: string, opts: RequestOptions & { wire?: WireSchemaName } = {}): Promise<T> {
  return exchange(path, opts, 'application/json', async (response, target) => {
    let body: unknown;
    try {
      body = await response.json();
    } catch (e) {
      if (isAbort(e)) throw e;
      // Typically an HTML page from a wrong base URL: say so instead of a JSON parse error.
      throw new ApiError({
        status: response.status,
        detail: 'The answer was not valid JSON. Check the base URL.',
        path: target,
      });
    }
    if (import.meta.env.DEV && opts.wire !== undefined) await checkWireShape(opts.wire, body, target);
    return body as T;
  });
}

/** What a CSV download accepts. */
export const CSV_ACCEPT = 'text/csv, text/plain, */*';

/**
 * GET a resource as bytes: a large page goes to a worker as a transferred buffer, or into a file
 * part as it is, never through a string.
 */
export function requestBytes(
  path: string,
  opts: RequestOptions = {},
  accept = 'application/json',
): Promise<{ bytes: ArrayBuffer; headers: Headers }> {
  return exchange(path, opts, accept, async (response) => ({
    bytes: await response.arrayBuffer(),
    headers: response.headers,
  }));
}
