import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { pathToFileURL } from 'node:url';
import { getResponse } from 'msw';
import { createMockApi, DEMO_KEYS, type MockApiOptions } from './createMockApi';

export const DEFAULT_PORT = 4010;
export const DEFAULT_HOST = '127.0.0.1';

export interface HttpMock {
  url: string;
  close(): Promise<void>;
}

function toFetchRequest(req: IncomingMessage, fallbackHost: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else headers.set(name, value);
  }
  const host = req.headers.host ?? fallbackHost;
  // Bodies are never read: every route is a GET, and other methods get 405 whatever they carry.
  return new Request(new URL(req.url ?? '/', `http://${host}`), { method: req.method ?? 'GET', headers });
}

async function send(res: ServerResponse, response: Response, head: boolean): Promise<void> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  const body = head ? null : Buffer.from(await response.arrayBuffer());
  if (body !== null) headers['content-length'] = String(body.byteLength);
  res.writeHead(response.status, headers);
  res.end(body ?? undefined);
}

/**
 * The mock as a real HTTP server on 127.0.0.1 (for curl, other clients and end-to-end tests).
 * Each request goes through msw's `getResponse` over the same handlers as the browser and
 * Vitest. Port 0 picks a free port; the returned `url` says which.
 */
export async function startHttpServer(
  opts: { port?: number; host?: string } & MockApiOptions = {},
): Promise<HttpMock> {
  const { port = DEFAULT_PORT, host = DEFAULT_HOST, ...apiOptions } = opts;
  const api = createMockApi(apiOptions);
  const hostPort = (): string => {
    const address = server.address();
    return typeof address === 'object' && address !== null ? `${host}:${address.port}` : host;
  };

  // Long query strings (a 10 kB filter list) must reach the handlers, which answer with a `detail`;
  // Node's 16 kB default would answer 431 with no body.
  const server = createServer({ maxHeaderSize: 65_536 }, (req, res) => {
    const respond = async (): Promise<void> => {
      const request = toFetchRequest(req, hostPort());
      const head = request.method === 'HEAD';
      try {
        const response = (await getResponse(api.handlers, request)) ?? (await api.handle(request));
        await send(res, response, head);
      } catch {
        // Never a stack trace on the wire.
        if (!res.headersSent) {
          res.writeHead(500, { 'content-type': 'application/json', 'access-control-allow-origin': '*' });
        }
        res.end(head ? undefined : JSON.stringify({ detail: 'Internal Server Error' }));
      }
    };
    void respond();
  });
  server.keepAliveTimeout = 5000;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });

  return {
    url: `http://${hostPort()}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => {
          if (error) reject(error);
          else resolve();
        });
        server.closeAllConnections();
      }),
  };
}

function parsePort(raw: string | undefined): number {
  if (raw === undefined || raw === '') return DEFAULT_PORT;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be an integer from 0 to 65535, got '${raw}'`);
  return port;
}

async function main(): Promise<void> {
  const mock = await startHttpServer({ port: parsePort(process.env.PORT) });
  const lines = [
    `Mock market-data API listening on ${mock.url}`,
    '',
    'Keys:',
    ...DEMO_KEYS.map((k) => {
      const day = k.limit_per_day === null ? 'unlimited' : `${k.limit_per_day}/day`;
      const month = k.limit_per_month === null ? 'unlimited' : `${k.limit_per_month}/month`;
      const rate = k.requestsPerSecond === null ? 'no rate limit' : `${k.requestsPerSecond}/s`;
      return `  ${k.key.padEnd(10)} ${k.plan.padEnd(10)} ${day}, ${month}, ${rate}`;
    }),
    '',
    'Try:',
    `  curl -H 'x-api-key: demo-key' ${mock.url}/v1/datasets`,
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
