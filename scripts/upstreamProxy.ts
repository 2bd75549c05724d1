/**
 * The app server's same-origin proxy to one upstream API (issue 13 §1, hardened by issue 25).
 * Many API servers do not answer a browser's CORS preflight for `x-api-key`; started with
 * `GRIDSCOPE_UPSTREAM=https://api.example.com`, the app's own origin forwards `GET`/`HEAD` of
 * `/upstream/health` and `/upstream/v1/…` to that one upstream, the key passed through in its
 * header and the answer streamed back with its status and the headers a client reads.
 *
 * It is not an open proxy: the upstream is chosen by whoever starts the server, never by a
 * request; only those two path prefixes and those two methods pass; no cookies travel either way;
 * a path that could climb out of the prefix or name another host is refused (see `checkPath`).
 *
 * Its answers live on the app's origin, where the key sits in session storage, so none of them can
 * become a page: only the contract's JSON and CSV pass, each answer carries a sandboxing CSP and
 * `nosniff`, none is cached, and none names the upstream.
 */
import {
  Agent as HttpAgent,
  request as httpRequest,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { APP_PROXY_INFO_PATH, APP_PROXY_PATH } from '../src/api/proxyPaths';
import { API_KEY_HEADER, PAGING_HEADERS } from '../src/contract';

/** The prefix forwarded, and where the app asks its own origin whether a proxy is there. */
export const PROXY_PREFIX = APP_PROXY_PATH;
export const PROXY_INFO_PATH = APP_PROXY_INFO_PATH;
/** The environment variable that names the upstream. */
export const UPSTREAM_ENV = 'GRIDSCOPE_UPSTREAM';
/** Seconds to wait for the upstream's headers, and for the next piece of its body. */
export const UPSTREAM_TIMEOUT_ENV = 'GRIDSCOPE_UPSTREAM_TIMEOUT';
export const DEFAULT_UPSTREAM_TIMEOUT_SECONDS = 30;
const MAX_UPSTREAM_TIMEOUT_SECONDS = 3600;

/** Request headers passed to the upstream: the key and what the client accepts, nothing else. */
const REQUEST_HEADERS = [API_KEY_HEADER, 'accept'] as const;
/**
 * Answer headers passed back as they are: the body's length (the upstream is not asked to
 * compress it, so its length holds) and the ones the API exposes to clients. Content-Type and
 * Content-Disposition are rebuilt (`passedContentType`, `safeDisposition`); Cache-Control never
 * passes: a shared cache must not keep an answer that a key bought.
 */
const ANSWER_HEADERS = [
  'content-length',
  'retry-after',
  ...Object.values(PAGING_HEADERS).map((h) => h.toLowerCase()),
];

/** The media types the contract answers with (§3, §4); anything else is not passed. */
const PASSED_MEDIA_TYPES: ReadonlySet<string> = new Set([
  'application/json',
  'application/problem+json',
  'text/csv',
]);

/**
 * On every answer under the prefix and at the info path, whoever wrote it: the browser neither
 * sniffs it into HTML nor runs it as a page of this origin (a sandbox without `allow-scripts`,
 * nothing loaded), sends no referrer from it, and no cache keeps it.
 */
export const PROXY_ANSWER_HEADERS = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; sandbox",
  'referrer-policy': 'no-referrer',
  'cache-control': 'private, no-store',
} as const;

/** The upstream's origin and base path, from the environment's text; null when unset; throws when unusable. */
export function parseUpstream(text: string | undefined): URL | null {
  if (text === undefined || text.trim() === '') return null;
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    throw new Error(`${UPSTREAM_ENV} is not a URL: ${text}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error(`${UPSTREAM_ENV} must be an http(s) URL: ${text}`);
  if (url.username || url.password || url.search || url.hash)
    throw new Error(
      `${UPSTREAM_ENV} must be a plain base URL, without credentials, query or fragment: ${text}`,
    );
  return url;
}

/** The time limit in seconds, from the environment's text; the default when unset; throws when unusable. */
export function parseUpstreamTimeout(text: string | undefined): number {
  if (text === undefined || text.trim() === '') return DEFAULT_UPSTREAM_TIMEOUT_SECONDS;
  const seconds = /^\d+(\.\d+)?$/.test(text.trim()) ? Number(text.trim()) : NaN;
  if (!(seconds > 0 && seconds <= MAX_UPSTREAM_TIMEOUT_SECONDS))
    throw new Error(
      `${UPSTREAM_TIMEOUT_ENV} must be a number of seconds above 0 and at most ${MAX_UPSTREAM_TIMEOUT_SECONDS}: ${text}`,
    );
  return seconds;
}

export type ProxyDecision = { forward: URL } | { status: number; detail: string };

const CANNOT_FORWARD = { status: 400, detail: 'This path cannot be forwarded.' } as const;

/**
 * Characters a path may hold as sent: RFC 3986's `pchar` and `/`, less `;`. Anything else (a
 * backslash, a space, a control character, a byte of non-ASCII text) is refused before decoding.
 */
const RAW_PATH = /^[A-Za-z0-9\-._~!$&'()*+,=:@/%]*$/;
/**
 * A `%` that does not start an escape of a printable ASCII byte (0x20–0x7e), or that escapes one
 * of the four that would change what the path means (`%`, `/`, `\`, `;`).
 */
const REFUSED_ESCAPE = /%(?![2-7][0-9A-Fa-f])|%(?:25|2[Ff]|3[Bb]|5[Cc]|7[Ff])/;
const ESCAPE = /%([0-9A-Fa-f]{2})/g;
/** What a decoded segment is not written with again: every such character is percent-encoded. */
const SEGMENT_ENCODED = /[^A-Za-z0-9\-._~!$&'()*+,=:@]/g;
// Control characters are what it looks for.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;

/**
 * The path, percent-decoded once and checked after decoding, as the segments to forward; null when
 * it cannot be forwarded.
 *
 * What is forwarded, exactly: the upstream's base path, then segments that are each, decoded,
 * printable ASCII other than `.` and `..`, none empty but a trailing one, holding no `/`, `\`, `;`
 * or `%`; each written again one way (`encodeSegment`). Why nothing else can reach the upstream:
 * - what is checked is what the upstream reads, since the path is decoded exactly once here and
 *   re-encoded by us: an encoded `%` (`%25`, so `%252e%252e`) is refused, so a second decoding, by
 *   the upstream or a framework before it, finds only our own escapes and turns none into `.`, `/`,
 *   `\` or `%`;
 * - `;` is refused raw and encoded: servers that strip path parameters (`..;`, `;jsessionid=`)
 *   would otherwise route a segment we saw as harmless as `..`;
 * - `\` is refused raw and encoded, since some servers read it as `/`;
 * - a byte at or above 0x80, raw or encoded, is refused, so overlong UTF-8 (`%C0%AE`) cannot
 *   become `.`; `%u002e` is not percent-encoding and is refused as malformed;
 * - an empty segment is refused, so `//host` cannot be read as an authority; `.` and `..` are
 *   refused after decoding, so `%2e%2e` and `.%2e` are caught as well.
 *
 * Regular expressions rather than a loop over characters: it runs on every proxied request, most
 * of them in the first minute of a server, before the JIT has compiled a loop (bench proxy).
 */
function checkPath(raw: string): string[] | null {
  if (!RAW_PATH.test(raw) || !raw.startsWith('/') || REFUSED_ESCAPE.test(raw)) return null;
  const decoded = raw.includes('%')
    ? raw.replace(ESCAPE, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    : raw;
  const segments = decoded.slice(1).split('/');
  const climbsOrEmpty = segments.some(
    (s, i) => s === '.' || s === '..' || (s === '' && i < segments.length - 1),
  );
  return climbsOrEmpty ? null : segments;
}

/** A decoded segment (printable ASCII, `checkPath`) with all but `pchar`'s literals percent-encoded. */
function encodeSegment(segment: string): string {
  return segment.replace(
    SEGMENT_ENCODED,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`,
  );
}

/** A control character has no place in a request target. */
function hasControlCharacter(text: string): boolean {
  return CONTROL_CHARACTER.test(text);
}

/**
 * Where a request to the app's origin goes: `/upstream/health` and `/upstream/v1/…` (query
 * string kept) to the same path under the upstream's base; anything else is refused with the
 * status to answer.
 */
export function proxyDecision(upstream: URL, method: string, target: string): ProxyDecision {
  if (!target.startsWith(`${PROXY_PREFIX}/`)) return { status: 404, detail: 'Not Found' };
  if (method !== 'GET' && method !== 'HEAD') return { status: 405, detail: 'Method Not Allowed' };
  const queryAt = target.indexOf('?');
  const rawPath = target.slice(PROXY_PREFIX.length, queryAt < 0 ? undefined : queryAt);
  const query = queryAt < 0 ? '' : target.slice(queryAt);
  const segments = checkPath(rawPath);
  if (segments === null || hasControlCharacter(query)) return CANNOT_FORWARD;
  const path = `/${segments.join('/')}`;
  if (path !== '/health' && !path.startsWith('/v1/')) return { status: 404, detail: 'Not Found' };
  const base = upstream.pathname.replace(/\/+$/, '');
  const encoded = `${base}/${segments.map(encodeSegment).join('/')}`;
  const forward = new URL(upstream.origin);
  forward.pathname = encoded;
  forward.search = query;
  // The URL parser changed nothing: the request leaves for the upstream's origin, with our path.
  if (forward.origin !== upstream.origin || forward.pathname !== encoded) return CANNOT_FORWARD;
  return { forward };
}

/** The answer's Content-Type rebuilt from a passed media type (and a plain charset), or null. */
function passedContentType(value: string | undefined): string | null {
  if (value === undefined) return null;
  const [essence = '', ...params] = value.split(';').map((p) => p.trim());
  const type = essence.toLowerCase();
  if (!PASSED_MEDIA_TYPES.has(type)) return null;
  const charset = params
    .map((p) => /^charset="?([A-Za-z0-9_-]+)"?$/i.exec(p)?.[1])
    .find((c) => c !== undefined);
  return charset === undefined ? type : `${type}; charset=${charset}`;
}

/** The type named in a refusal: a plain `type/subtype` as sent, or "none". */
function describeType(value: string | undefined): string {
  const essence = value?.split(';')[0]?.trim() ?? '';
  return /^[\w.+-]+\/[\w.+-]+$/.test(essence) ? essence : 'none';
}

/**
 * `attachment; filename="…"` with a name of `[A-Za-z0-9._-]` only, ending in the contract's
 * `.csv` or `.json` (§4); dropped when no such name can be made. The upstream's own value could
 * carry a path, quotes or another disposition.
 */
function safeDisposition(value: string | undefined): string | null {
  const raw = value === undefined ? undefined : /filename\s*=\s*(?:"([^"]*)"|([^;]*))/i.exec(value);
  const name = (raw?.[1] ?? raw?.[2] ?? '')
    .trim()
    .split(/[\\/]/)
    .pop()
    ?.replace(/[^A-Za-z0-9._-]/g, '_')
    .replace(/^\.+/, '');
  if (name === undefined || name.length > 128 || !/^[A-Za-z0-9_-][A-Za-z0-9._-]*\.(csv|json)$/.test(name))
    return null;
  return `attachment; filename="${name}"`;
}

/**
 * The guard headers, and no CORS headers an earlier middleware may have set: the app calls its
 * proxy from its own origin, so no other origin is let read an answer.
 */
function guard(res: ServerResponse): void {
  for (const name of res.getHeaderNames()) if (name.startsWith('access-control-')) res.removeHeader(name);
  for (const [name, value] of Object.entries(PROXY_ANSWER_HEADERS)) res.setHeader(name, value);
}

/**
 * The status and `headers` with the guard's. When nothing before has set a header (the usual
 * case), in one `writeHead`, which Node writes as given rather than header by header.
 */
function writeGuardedHead(res: ServerResponse, status: number, headers: Record<string, string>): void {
  if (res.getHeaderNames().length === 0) {
    res.writeHead(status, { ...PROXY_ANSWER_HEADERS, ...headers });
    return;
  }
  guard(res);
  res.writeHead(status, headers);
}

function send(res: ServerResponse, status: number, type: string, body: unknown): void {
  const text = JSON.stringify(body);
  writeGuardedHead(res, status, { 'content-type': type, 'content-length': String(Buffer.byteLength(text)) });
  res.end(res.req.method === 'HEAD' ? undefined : text);
}

/** An answer of the proxy's own, in the contract's error body (§3), as problem JSON. */
function sendProblem(res: ServerResponse, status: number, detail: string): void {
  send(res, status, 'application/problem+json', { detail });
}

/**
 * Kept-alive connections to the upstream, and node:http rather than fetch: the proxy then adds a
 * little to a page, where fetch and a web-stream bridge added several times more (`npm run bench
 * proxy`).
 */
const agents = { http: new HttpAgent({ keepAlive: true }), https: new HttpsAgent({ keepAlive: true }) };

export interface UpstreamProxyOptions {
  /** How long to wait for the upstream's headers, and for each next piece of its body. */
  timeoutSeconds?: number;
}

/** Connect-style middleware: answers the info path and the proxy prefix, passes anything else on. */
export function upstreamProxyMiddleware(upstream: URL | null, options: UpstreamProxyOptions = {}) {
  const timeoutMs = (options.timeoutSeconds ?? DEFAULT_UPSTREAM_TIMEOUT_SECONDS) * 1000;
  return (req: IncomingMessage, res: ServerResponse, next: () => void): void => {
    const target = req.url ?? '/';
    if (target === PROXY_INFO_PATH) {
      // Only whether there is a proxy: where it forwards is the server's business.
      send(res, 200, 'application/json', { proxy: upstream !== null });
      return;
    }
    if (target !== PROXY_PREFIX && !target.startsWith(`${PROXY_PREFIX}/`)) {
      next();
      return;
    }
    if (upstream === null) {
      sendProblem(res, 404, `This app's server has no upstream; start it with ${UPSTREAM_ENV}=<URL>.`);
      return;
    }
    const decision = proxyDecision(upstream, req.method ?? 'GET', target);
    if ('status' in decision) {
      sendProblem(res, decision.status, decision.detail);
      return;
    }
    forwardRequest(req, res, decision.forward, timeoutMs);
  };
}

function forwardRequest(req: IncomingMessage, res: ServerResponse, url: URL, timeoutMs: number): void {
  const headers: Record<string, string> = {};
  for (const name of REQUEST_HEADERS) {
    const value = req.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  let timer: NodeJS.Timeout | undefined;
  const https = url.protocol === 'https:';
  const forward = (https ? httpsRequest : httpRequest)(
    url,
    { method: req.method, headers, agent: https ? agents.https : agents.http },
    (answer) => {
      clearTimeout(timer);
      if (!answerHead(res, answer)) {
        answer.destroy();
        return;
      }
      if (req.method === 'HEAD') {
        answer.resume();
        res.end();
        return;
      }
      // A body that goes quiet is cut like one that stops: the client sees a truncated answer,
      // never a clean end. Progress on either side (a piece from the upstream, the client taking
      // what was written) restarts the wait, so a slow reader is not taken for a silent upstream.
      // One timer for the body, pushed back at each sign of progress (`refresh`, not a new timer
      // per piece: a page arrives in several pieces, and this runs uncompiled on a fresh server).
      clearTimeout(timer);
      const bodyTimer = setTimeout(() => {
        forward.destroy();
        res.destroy();
      }, timeoutMs);
      timer = bodyTimer;
      const idle = (): void => {
        if (!answer.readableEnded && !res.destroyed) bodyTimer.refresh();
      };
      answer.on('data', idle);
      res.on('drain', idle);
      answer.on('end', () => clearTimeout(bodyTimer));
      answer.on('close', () => {
        if (!answer.complete) res.destroy();
      });
      answer.on('error', () => res.destroy());
      answer.pipe(res);
    },
  );
  forward.setNoDelay(true);
  // No headers in time: a gateway time-out, and the upstream's socket closed rather than held.
  timer = setTimeout(() => {
    forward.destroy();
    if (!res.headersSent && !res.destroyed) sendProblem(res, 504, 'The upstream did not answer in time.');
  }, timeoutMs);
  forward.on('error', () => {
    clearTimeout(timer);
    if (res.destroyed || res.writableEnded) return;
    if (res.headersSent) res.destroy();
    else sendProblem(res, 502, 'The upstream did not answer.');
  });
  // The client left before the answer was through: the upstream request stops too.
  res.on('close', () => {
    clearTimeout(timer);
    if (!res.writableFinished) forward.destroy();
  });
  forward.end();
}

/** Writes the status and passed headers of the upstream's answer, or a 502 saying why it cannot pass. */
function answerHead(res: ServerResponse, answer: IncomingMessage): boolean {
  const sent: IncomingHttpHeaders = answer.headers;
  const type = passedContentType(sent['content-type']);
  if (type === null) {
    sendProblem(
      res,
      502,
      `The upstream answered with a content type this proxy does not pass (${describeType(sent['content-type'])}); only JSON and CSV pass.`,
    );
    return false;
  }
  const passed: Record<string, string> = { 'content-type': type };
  for (const name of ANSWER_HEADERS) {
    const value = sent[name];
    if (value !== undefined) passed[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  const disposition = safeDisposition(sent['content-disposition']);
  if (disposition !== null) passed['content-disposition'] = disposition;
  try {
    writeGuardedHead(res, answer.statusCode ?? 502, passed);
  } catch {
    // A header value Node will not write again (a stray character): the answer cannot pass whole.
    for (const name of Object.keys(passed)) res.removeHeader(name);
    sendProblem(res, 502, 'The upstream answered with headers this proxy cannot pass.');
    return false;
  }
  return true;
}
