import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

type Middleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

/**
 * A connect-style middleware of the app's server on a throwaway `node:http` server on 127.0.0.1,
 * for the tests of scripts/: a request the middleware passes on is answered by `fallback`.
 */
export async function serveMiddleware(
  middleware: Middleware,
  fallback: (res: ServerResponse) => void,
): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => middleware(req, res, () => fallback(res)));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}
