/**
 * The app server's same-origin proxy to one upstream API (issue 13 §1). Many API servers do not
 * answer a browser's CORS preflight for `x-api-key`; started with
 * `GRIDSCOPE_UPSTREAM=https://api.example.com`, the app's own origin forwards `GET`/`HEAD` of
 * `/upstream/health` and `/upstream/v1/…` to that one upstream, the key passed through in its
 * header and the answer streamed back with its status and the headers a client reads.
 *
 * It is not an open proxy: the upstream is chosen by whoever starts the server, never by a
 * request; only those two path prefixes and those two methods pass; no cookies travel either way;
 * a path that could climb out of the prefix or name another host is refused.
 */
import {
  Agent as HttpAgent,
  request as httpRequest,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { APP_PROXY_INFO_PATH, APP_PROXY_PATH } from '../src/api/proxyPaths';
import { API_KEY_HEADER, EXPOSED_HEADERS } from '../src/contract/http';

/** The prefix forwarded, and where the app asks its own origin whether a proxy is there. */
export const PROXY_PREFIX = APP_PROXY_PATH;
export const PROXY_INFO_PATH = APP_PROXY_INFO_PATH;
/** The environment variable that names the upstream. */
export const UPSTREAM_ENV = 'GRIDSCOPE_UPSTREAM';

/** Request headers passed to the upstream: the key and what the client accepts, nothing else. */
const REQUEST_HEADERS = [API_KEY_HEADER, 'accept'] as const;
/** Answer headers passed back: the body's type and every header the API exposes to clients. */
const ANSWER_HEADERS = [
  'content-type',
  // The body passes through unchanged (the upstream is not asked to compress it), so its length holds.
  'content-length',
  'cache-control',
  ...EXPOSED_HEADERS.map((h) => h.toLowerCase()),
];

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

export type ProxyDecision = { forward: URL } | { status: number; detail: string };

/** Segments that could climb out of the prefix or be read as another host, raw or encoded. */
const UNSAFE_PATH = /(^|\/)\.\.?(\/|$)|%2e|%2f|%5c|%00|\\|\/\//i;

/** A control character (a raw NUL, CR or LF) has no place in a path. */
function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++)
    if (text.charCodeAt(i) < 0x20 || text.charCodeAt(i) === 0x7f) return true;
  return false;
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
  const path = target.slice(PROXY_PREFIX.length, queryAt < 0 ? undefined : queryAt);
  const query = queryAt < 0 ? '' : target.slice(queryAt);
  if (UNSAFE_PATH.test(path) || hasControlCharacter(path))
    return { status: 400, detail: 'This path cannot be forwarded.' };
  if (path !== '/health' && !path.startsWith('/v1/')) return { status: 404, detail: 'Not Found' };
  const base = upstream.pathname.replace(/\/+$/, '');
  const forward = new URL(upstream.origin);
  forward.pathname = `${base}${path}`;
  forward.search = query;
  // Whatever the path held, the request leaves for the upstream's origin and nowhere else.
  if (forward.origin !== upstream.origin || !forward.pathname.startsWith(`${base}/`))
    return { status: 400, detail: 'This path cannot be forwarded.' };
  return { forward };
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(text)),
  });
  res.end(res.req.method === 'HEAD' ? undefined : text);
}

/** Connect-style middleware: answers the info path and the proxy prefix, passes anything else on. */
/**
 * Kept-alive connections to the upstream, and node:http rather than fetch: the proxy then adds a
 * fraction of a millisecond to a page, where fetch and a web-stream bridge added about 3 ms
 * (`npm run bench proxy`).
 */
const agents = { http: new HttpAgent({ keepAlive: true }), https: new HttpsAgent({ keepAlive: true }) };

export function upstreamProxyMiddleware(upstream: URL | null) {
  return (req: IncomingMessage, res: ServerResponse, next: () => void): void => {
    const target = req.url ?? '/';
    if (target === PROXY_INFO_PATH) {
      sendJson(res, 200, {
        upstream: upstream ? upstream.origin + upstream.pathname.replace(/\/+$/, '') : null,
      });
      return;
    }
    if (target !== PROXY_PREFIX && !target.startsWith(`${PROXY_PREFIX}/`)) {
      next();
      return;
    }
    if (upstream === null) {
      sendJson(res, 404, {
        detail: `This app's server has no upstream; start it with ${UPSTREAM_ENV}=<URL>.`,
      });
      return;
    }
    const decision = proxyDecision(upstream, req.method ?? 'GET', target);
    if ('status' in decision) {
      sendJson(res, decision.status, { detail: decision.detail });
      return;
    }
    const headers: Record<string, string> = {};
    for (const name of REQUEST_HEADERS) {
      const value = req.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    const https = decision.forward.protocol === 'https:';
    const forward = (https ? httpsRequest : httpRequest)(
      decision.forward,
      { method: req.method, headers, agent: https ? agents.https : agents.http },
      (answer) => {
        const passed: Record<string, string> = {};
        for (const name of ANSWER_HEADERS) {
          const value = answer.headers[name];
          if (value !== undefined) passed[name] = Array.isArray(value) ? value.join(', ') : value;
        }
        res.writeHead(answer.statusCode ?? 502, passed);
        if (req.method === 'HEAD') {
          answer.resume();
          res.end();
          return;
        }
        // An upstream that stops mid-body: the browser sees a cut answer, not a hang.
        answer.on('aborted', () => res.destroy());
        answer.on('error', () => res.destroy());
        answer.pipe(res);
      },
    );
    forward.setNoDelay(true);
    forward.on('error', () => {
      if (res.destroyed) return;
      if (res.headersSent) res.destroy();
      else sendJson(res, 502, { detail: `The upstream ${upstream.origin} did not answer.` });
    });
    // The browser left before the answer was through: the upstream request stops too.
    res.on('close', () => {
      if (!res.writableFinished) forward.destroy();
    });
    forward.end();
  };
}
