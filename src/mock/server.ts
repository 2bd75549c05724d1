import { createServer, type IncomingMessage, type ServerOptions, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { pathToFileURL } from 'node:url';
import { getResponse } from 'msw';
import {
  ALLOWED_METHODS,
  API_SHAPES,
  type ApiShapes,
  BUILT_IN_KEY_LIST,
  HTTP_MOCK_HOST,
  HTTP_MOCK_PORT,
  MAX_REQUEST_TARGET_BYTES,
  RESPONSE_HEADERS,
} from '@/contract';
import { createMockApi, type MockApiOptions } from './createMockApi';
import { CORS_HEADERS, JSON_TYPE } from './handlers/responders';
import { mswHandlers } from './mswHandlers';
import { createQueryPool, type QueryPoolStats } from './pool/queryPool';

export const DEFAULT_PORT = HTTP_MOCK_PORT;
export const DEFAULT_HOST = HTTP_MOCK_HOST;

/** Big enough for a 32 kB request target plus headers, so a long one gets its 414 from us. */
const MAX_HEADER_BYTES = 128 * 1024;
/**
 * Time a client has to send a request's headers, from when it connects or starts its next request
 * on a kept-alive connection: far more than a real client needs, far less than Node's default,
 * under which a client sending a byte now and then held its connection for a minute.
 */
export const DEFAULT_HEADERS_TIMEOUT_MS = 10_000;
/**
 * Connections held at once: twice the 2,000 idle ones `bench/idleConnections.ts` holds and far
 * above the load test's 20, well under the process's file limit.
 */
export const DEFAULT_MAX_CONNECTIONS = 4_000;
/** How long a client refused on the bare socket has to read the answer and close its side. */
const CLOSE_GRACE_MS = 2000;

export interface HttpMock {
  url: string;
  /** The worker pool's counts (null when queries run on the event loop). */
  poolStats(): QueryPoolStats | null;
  close(): Promise<void>;
}

export interface HttpMockOptions extends MockApiOptions {
  port?: number;
  host?: string;
  /** Run the query engine in a worker-thread pool (default true); false runs it on the event loop. */
  workers?: boolean;
  /** Where unexpected errors are reported; default stderr. */
  log?: (message: string) => void;
  /**
   * Answer browsers from other origins (default true). `CORS=off npm run api` turns it off: no
   * `Access-Control-*` header on any answer, preflights included, like the many API servers that
   * a browser cannot call directly (the app's proxy is for those).
   */
  cors?: boolean;
  /**
   * How long a client may take to send a request's headers (default 10 s; `HEADERS_TIMEOUT_MS`
   * for `npm run api`). A slower one gets 408 and its connection is closed.
   */
  headersTimeoutMs?: number;
  /**
   * How many connections the server holds at once (default 4,000; `MAX_CONNECTIONS`). Beyond it
   * a new connection is closed as it arrives, before a byte of it is read.
   */
  maxConnections?: number;
}

const JSON_HEADERS_WITHOUT_CORS = lowerCase({ [RESPONSE_HEADERS.contentType]: JSON_TYPE });
const JSON_HEADERS = { ...JSON_HEADERS_WITHOUT_CORS, ...lowerCase(CORS_HEADERS) };

function lowerCase(headers: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
}

/** A JSON `{detail}` answer written straight to Node's response, for requests msw never sees. */
function sendProblem(
  res: ServerResponse,
  status: number,
  detail: string,
  extra: Record<string, string> = {},
): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  const body = res.req.method === 'HEAD' ? '' : JSON.stringify({ detail });
  res.writeHead(status, { ...JSON_HEADERS, ...extra, 'content-length': String(Buffer.byteLength(body)) });
  res.end(body);
}

/**
 * The same, on a bare socket: Node could not parse the request at all. `cors` false leaves out the
 * `Access-Control-*` headers, as `withoutCors` does for every other answer.
 */
function sendRawProblem(socket: Socket, status: number, reason: string, detail: string, cors: boolean): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const body = JSON.stringify({ detail });
  const head = [
    `HTTP/1.1 ${status} ${reason}`,
    ...Object.entries({
      ...(cors ? JSON_HEADERS : JSON_HEADERS_WITHOUT_CORS),
      'content-length': String(Buffer.byteLength(body)),
      connection: 'close',
    }).map(([k, v]) => `${k}: ${v}`),
  ].join('\r\n');
  socket.end(`${head}\r\n\r\n${body}`);
  // A client that never reads its answer nor closes would hold this socket, and its place under
  // the connection cap, for good: it gets a moment to do so, then the socket is destroyed.
  socket.resume();
  const linger = setTimeout(() => socket.destroy(), CLOSE_GRACE_MS);
  linger.unref();
  socket.once('close', () => clearTimeout(linger));
}

/** How many `Host` header lines the request has: Node keeps only the first in `req.headers`. */
function hostLines(req: IncomingMessage): number {
  let n = 0;
  for (let i = 0; i < req.rawHeaders.length; i += 2) if (req.rawHeaders[i]?.toLowerCase() === 'host') n++;
  return n;
}

/**
 * The request as a fetch `Request`, or the contract's answer when it cannot be one (§1): a method
 * other than GET/HEAD/OPTIONS (TRACE and CONNECT cannot even be represented) → 405; a request
 * target over 32,768 bytes → 414; a malformed Host or target → 400. A Host is malformed when it
 * is given twice, or missing from an HTTP/1.1 request (RFC 9112 §3.2): two Hosts are two
 * answers to "which site?", and a proxy in front may have read the other one.
 */
function toFetchRequest(
  req: IncomingMessage,
  fallbackHost: string,
  signal: AbortSignal,
): Request | { status: number; detail: string; headers?: Record<string, string> } {
  const method = (req.method ?? 'GET').toUpperCase();
  if (!(ALLOWED_METHODS as readonly string[]).includes(method)) {
    return { status: 405, detail: 'Method Not Allowed', headers: { allow: ALLOWED_METHODS.join(', ') } };
  }
  const target = req.url ?? '/';
  if (Buffer.byteLength(target) > MAX_REQUEST_TARGET_BYTES) return { status: 414, detail: 'URI Too Long' };
  const hosts = hostLines(req);
  const http10 = req.httpVersionMajor === 1 && req.httpVersionMinor === 0;
  if (hosts > 1 || (hosts === 0 && !http10)) return { status: 400, detail: 'Bad Request' };
  const host = req.headers.host ?? fallbackHost;
  let url: URL;
  try {
    if (!target.startsWith('/')) throw new Error('not origin-form');
    url = new URL(target, `http://${host}`);
    // `new URL` accepts some hosts it rewrites (`a b` is refused, `x:99999` too; `%zz` is not).
    if (/[^A-Za-z0-9.\-:[\]]/.test(host)) throw new Error('bad host');
  } catch {
    return { status: 400, detail: 'Bad Request' };
  }
  const headers = new Headers();
  try {
    for (const [name, value] of Object.entries(req.headers)) {
      if (value === undefined) continue;
      if (Array.isArray(value)) for (const v of value) headers.append(name, v);
      else headers.set(name, value);
    }
  } catch {
    return { status: 400, detail: 'Bad Request' };
  }
  // Bodies are never read: every route is a GET.
  return new Request(url, { method, headers, signal });
}

/** Every answer written to `res` leaves without its `Access-Control-*` headers. */
function withoutCors(res: ServerResponse): void {
  const writeHead = res.writeHead.bind(res);
  const strip = (headers: Record<string, string>): Record<string, string> =>
    Object.fromEntries(
      Object.entries(headers).filter(([name]) => !name.toLowerCase().startsWith('access-control-')),
    );
  res.writeHead = ((status: number, headers: Record<string, string> = {}) =>
    writeHead(status, strip(headers))) as typeof res.writeHead;
}

async function send(res: ServerResponse, response: Response, head: boolean): Promise<void> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  const body = head ? null : Buffer.from(await response.arrayBuffer());
  if (res.destroyed) return;
  if (body !== null) headers['content-length'] = String(body.byteLength);
  res.writeHead(response.status, headers);
  res.end(body ?? undefined);
}

/**
 * The mock as a real HTTP server on 127.0.0.1 (for curl, other clients and end-to-end tests).
 * Each request goes through msw's `getResponse` over the same handlers as the browser and
 * Vitest; the query engine runs in a worker-thread pool, so a heavy query never holds up a cheap
 * request, and a client that hangs up cancels its query. No request, however malformed, ends the
 * process. A connection whose headers are not in by `headersTimeoutMs` is cut, and all clients
 * together hold at most `maxConnections`. Port 0 picks a free port; the returned `url` says which.
 */
export async function startHttpServer(opts: HttpMockOptions = {}): Promise<HttpMock> {
  const {
    port = DEFAULT_PORT,
    host = DEFAULT_HOST,
    workers = true,
    cors = true,
    headersTimeoutMs = DEFAULT_HEADERS_TIMEOUT_MS,
    maxConnections = DEFAULT_MAX_CONNECTIONS,
    log = (m) => process.stderr.write(`${m}\n`),
    ...apiOptions
  } = opts;
  const pool = workers ? createQueryPool() : null;
  const report = (error: unknown): void =>
    log(
      `mock API: unexpected error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
  const api = createMockApi({
    ...apiOptions,
    ...(pool ? { offload: pool.run } : {}),
    onError: (error) => {
      report(error);
      apiOptions.onError?.(error);
    },
  });
  const handlers = mswHandlers(api);
  const hostPort = (): string => {
    const address = server.address();
    return typeof address === 'object' && address !== null ? `${host}:${address.port}` : host;
  };

  const serverOptions: ServerOptions = {
    maxHeaderSize: MAX_HEADER_BYTES,
    headersTimeout: headersTimeoutMs,
    // Node refuses a whole-request limit below the headers' one; bodies are never read anyway.
    requestTimeout: Math.max(headersTimeoutMs, 300_000),
    // How often Node looks for connections past their time: a tenth of it, so a slow client is
    // cut close to its time, not up to Node's default interval later.
    connectionsCheckingInterval: Math.min(1000, Math.max(10, Math.floor(headersTimeoutMs / 10))),
    // Node's own 400 for a missing Host has no body; `toFetchRequest` answers it as §1 says.
    requireHostHeader: false,
  };
  const server = createServer(serverOptions, (req, res) => {
    if (!cors) withoutCors(res);
    const respond = async (): Promise<void> => {
      // A client that hangs up before its answer is written cancels the work behind it.
      const left = new AbortController();
      res.on('close', () => {
        if (!res.writableFinished) left.abort();
      });
      const request = toFetchRequest(req, hostPort(), left.signal);
      if (!(request instanceof Request)) {
        sendProblem(res, request.status, request.detail, request.headers);
        return;
      }
      const response = (await getResponse(handlers, request)) ?? (await api.handle(request));
      await send(res, response, request.method === 'HEAD');
    };
    respond().catch((error: unknown) => {
      report(error);
      // Never a stack trace on the wire.
      if (!res.destroyed) sendProblem(res, 500, 'Internal Server Error');
    });
  });
  server.keepAliveTimeout = 5000;
  // Past the cap, Node closes each new connection at accept, before reading it: a flood costs no
  // parsing and no answer that a client which never reads could hold up. A 503 would tell a
  // client why, but only a flood gets here, and writing to each of its connections is the work
  // the cap exists to refuse.
  server.maxConnections = maxConnections;
  let dropped = 0;
  let lastDropReport = Number.NEGATIVE_INFINITY;
  server.on('drop', () => {
    dropped++;
    // One line now and then, not one per refused connection.
    if (performance.now() - lastDropReport < 10_000) return;
    lastDropReport = performance.now();
    log(
      `mock API: ${maxConnections} connections open, the most it holds (MAX_CONNECTIONS); ${dropped} new ones closed so far`,
    );
  });
  // Requests Node cannot parse (a header too large, bytes that are not HTTP) still get an answer.
  server.on('clientError', (error: NodeJS.ErrnoException & { rawPacket?: Buffer }, socket: Socket) => {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    if (error.code === 'HPE_HEADER_OVERFLOW') {
      sendRawProblem(socket, 431, 'Request Header Fields Too Large', 'Request Header Fields Too Large', cors);
    } else if (
      error.code === 'HPE_INVALID_METHOD' &&
      /^[A-Z-]+ /.test(error.rawPacket?.toString('latin1') ?? '')
    ) {
      sendRawProblem(socket, 405, 'Method Not Allowed', 'Method Not Allowed', cors);
    } else if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
      // Headers not in within `headersTimeoutMs`, or a connection that never sent any.
      sendRawProblem(socket, 408, 'Request Timeout', 'Request Timeout', cors);
    } else {
      sendRawProblem(socket, 400, 'Bad Request', 'Bad Request', cors);
    }
  });

  // CONNECT never reaches the request handler; it is one more method the API does not answer.
  server.on('connect', (_req: IncomingMessage, socket: Socket) => {
    sendRawProblem(socket, 405, 'Method Not Allowed', 'Method Not Allowed', cors);
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });

  return {
    url: `http://${hostPort()}`,
    poolStats: () => pool?.stats() ?? null,
    close: async () => {
      await new Promise<void>((resolve, reject) => {
        server.close((error) => {
          if (error) reject(error);
          else resolve();
        });
        server.closeAllConnections();
      });
      await pool?.close();
    },
  };
}

/** `SHAPES=hosted`: usage and the peak report in the hosted API's shapes (decision 0027). */
export function parseShapes(raw: string | undefined): ApiShapes {
  if (raw === undefined || raw === '') return 'seed';
  const shapes = API_SHAPES.find((s) => s === raw.toLowerCase());
  if (shapes === undefined) throw new Error(`SHAPES must be one of ${API_SHAPES.join(', ')}, got '${raw}'`);
  return shapes;
}

function parsePort(raw: string | undefined): number {
  if (raw === undefined || raw === '') return DEFAULT_PORT;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be an integer from 0 to 65535, got '${raw}'`);
  return port;
}

/** A positive whole number from the environment, or the default when it is unset or empty. */
export function positiveIntegerEnv(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!/^\s*\d+\s*$/.test(raw) || !Number.isSafeInteger(value) || value < 1)
    throw new Error(`${name} must be a whole number of at least 1, got '${raw}'`);
  return value;
}

async function main(): Promise<void> {
  // One request's bug must never end the server: log it and keep serving.
  process.on('unhandledRejection', (reason) => {
    process.stderr.write(
      `mock API: unhandled rejection: ${reason instanceof Error ? reason.message : String(reason)}\n`,
    );
  });
  process.on('uncaughtException', (error) => {
    process.stderr.write(`mock API: uncaught exception: ${error.message}\n`);
  });
  const cors = process.env.CORS?.toLowerCase() !== 'off';
  const shapes = parseShapes(process.env.SHAPES);
  const mock = await startHttpServer({
    port: parsePort(process.env.PORT),
    cors,
    shapes,
    headersTimeoutMs: positiveIntegerEnv(
      'HEADERS_TIMEOUT_MS',
      process.env.HEADERS_TIMEOUT_MS,
      DEFAULT_HEADERS_TIMEOUT_MS,
    ),
    maxConnections: positiveIntegerEnv(
      'MAX_CONNECTIONS',
      process.env.MAX_CONNECTIONS,
      DEFAULT_MAX_CONNECTIONS,
    ),
  });
  const lines = [
    `Mock market-data API listening on ${mock.url}${cors ? '' : ' (CORS off: browsers on other origins are refused)'}`,
    ...(shapes === 'hosted'
      ? ["Usage and the daily peak report answer in the hosted API's current shapes (SHAPES=hosted)."]
      : []),
    '',
    'Keys:',
    ...BUILT_IN_KEY_LIST.map((k) => {
      const day = k.limit_per_day === null ? 'unlimited' : `${k.limit_per_day}/day`;
      const month = k.limit_per_month === null ? 'unlimited' : `${k.limit_per_month}/month`;
      const rate = k.requestsPerSecond === null ? 'no rate limit' : `${k.requestsPerSecond}/s`;
      return `  ${k.key.padEnd(10)} ${k.plan.padEnd(10)} ${day}, ${month}, ${rate}`;
    }),
    '',
    'Try:',
    `  curl -H 'x-api-key: demo-key' ${mock.url}/v1/datasets`,
    `  curl ${mock.url}/openapi.json`,
    '',
    'Press Ctrl+C to stop.',
  ];
  process.stdout.write(lines.join('\n') + '\n');
  const stop = (): void => {
    void mock.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

const entry = process.argv[1];
if (entry !== undefined && import.meta.url === pathToFileURL(entry).href) {
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
