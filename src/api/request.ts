import { ApiError } from '@/api/ApiError';
import { effectiveBaseUrl, getConnection, type Connection } from '@/api/connection';
import { API_KEY_HEADER, type ErrorDetail } from '@/api/types';

export type QueryValue = string | number | boolean | undefined | null;

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
    if (typeof body === 'object' && body !== null && 'detail' in body) {
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

async function send(path: string, opts: RequestOptions, accept: string): Promise<Response> {
  const connection = opts.connection ?? getConnection();
  const target = `${path}${encodeQuery(opts.params)}`;
  const url = `${effectiveBaseUrl(connection)}${target}`;
  const headers = new Headers({ accept });
  // The key goes in a header only: a URL ends up in histories, logs and shared links.
  if (connection.apiKey !== '') headers.set(API_KEY_HEADER, connection.apiKey);

  let response: Response;
  try {
    response = await fetch(url, { headers, signal: opts.signal ?? null });
  } catch (e) {
    if (isAbort(e) || opts.signal?.aborted === true) throw e;
    throw new ApiError({
      status: 0,
      detail: null,
      path: target,
      message: `The server could not be reached (${effectiveBaseUrl(connection) || 'no address'}).`,
    });
  }
  if (!response.ok) {
    const detail = await readDetail(response);
    throw new ApiError({
      status: response.status,
      detail,
      retryAfter: parseRetryAfter(response.headers.get('retry-after')),
      path: target,
    });
  }
  return response;
}

/** GET a JSON resource. */
export async function request<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  const response = await send(path, opts, 'application/json');
  try {
    return (await response.json()) as T;
  } catch (e) {
    if (isAbort(e)) throw e;
    // Typically an HTML page from a wrong base URL: say so instead of a JSON parse error.
    throw new ApiError({
      status: response.status,
      detail: 'The answer was not valid JSON. Check the base URL.',
      path: `${path}${encodeQuery(opts.params)}`,
    });
  }
}

/** GET a text resource (CSV, downloads), with its headers for paging and file names. */
export async function requestText(
  path: string,
  opts: RequestOptions = {},
): Promise<{ text: string; headers: Headers }> {
  const response = await send(path, opts, 'text/csv, text/plain, */*');
  return { text: await response.text(), headers: response.headers };
}

/** GET a resource as bytes: a large page goes to a worker as a transferred buffer, never a copied string. */
export async function requestBytes(
  path: string,
  opts: RequestOptions = {},
): Promise<{ bytes: ArrayBuffer; headers: Headers }> {
  const response = await send(path, opts, 'application/json');
  return { bytes: await response.arrayBuffer(), headers: response.headers };
}
