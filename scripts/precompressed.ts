/**
 * The built app's scripts and styles compressed once, at build time, and served as they are by
 * the app's server (`npm start`, vite preview), instead of gzipped again on every request: the
 * server spends no CPU per request on them, and Brotli at its best level makes them smaller than
 * the on-the-fly gzip did (docs/decisions/0020-first-screen.md).
 */
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Below this a file is sent as it is (the compression middleware's own threshold). */
const MIN_BYTES = 1024;

/**
 * Content types of the files served precompressed. Text ones carry `charset=utf-8`; the DuckDB
 * wasm of the SQL page is `application/wasm` exactly, with no parameter: a browser compiles a wasm
 * while it streams in (`WebAssembly.instantiateStreaming`) only under that type, else it refuses.
 */
/**
 * Above this (the SQL page's DuckDB wasm, 34 MB) Brotli's best level takes minutes of a build for
 * about a tenth less on the wire; level 9 with the largest window takes seconds.
 */
const LARGE_BYTES = 4 * 1024 * 1024;
const LARGE_QUALITY = 9;

const TYPES: Readonly<Record<string, string>> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml; charset=utf-8',
  '.wasm': 'application/wasm',
};

const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;

/** Writes `<file>.br` and `<file>.gz` beside every compressible file of `dir` (recursively). */
export function precompress(dir: string): number {
  let written = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      written += precompress(path);
      continue;
    }
    if (!(extname(entry.name) in TYPES) || statSync(path).size < MIN_BYTES) continue;
    const bytes = readFileSync(path);
    writeFileSync(
      `${path}.br`,
      brotliCompressSync(bytes, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]:
            bytes.length > LARGE_BYTES ? LARGE_QUALITY : constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_LGWIN]: constants.BROTLI_MAX_WINDOW_BITS,
          [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
      }),
    );
    writeFileSync(`${path}.gz`, gzipSync(bytes, { level: 9 }));
    written += 2;
  }
  return written;
}

/** The encodings a request accepts, in the client's words (`q=0` means refused). */
function accepted(header: string | undefined): Set<string> {
  const names = new Set<string>();
  for (const part of (header ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    if (params.some((p) => /^\s*q=0(\.0*)?\s*$/.test(p))) continue;
    if (name !== '') names.add(name);
  }
  return names;
}

/**
 * Connect-style middleware for the app's server: a GET or HEAD of a file under `/assets/` that
 * has a precompressed twin, from a client that accepts its encoding, gets the twin's bytes with
 * `Content-Encoding`; anything else goes on to the server's own handling. `headers` are the ones
 * the server sends with every file (nosniff and the like). Hashed names never change content, so
 * these files may be cached for a year.
 */
export function precompressedMiddleware(root: string, headers: Readonly<OutgoingHttpHeaders> = {}) {
  const assets = join(root, 'assets');
  return (req: IncomingMessage, res: ServerResponse, next: () => void): void => {
    const method = req.method ?? 'GET';
    const pathname = (req.url ?? '/').split('?')[0] ?? '/';
    if ((method !== 'GET' && method !== 'HEAD') || !pathname.startsWith('/assets/')) {
      next();
      return;
    }
    let name: string;
    try {
      name = decodeURIComponent(pathname.slice('/assets/'.length));
    } catch {
      next();
      return;
    }
    const file = normalize(join(assets, name));
    const type = TYPES[extname(file)];
    if (type === undefined || !file.startsWith(assets + sep)) {
      next();
      return;
    }
    const encodings = accepted(req.headers['accept-encoding']);
    const twin = ENCODINGS.find((e) => encodings.has(e.name) && existsSync(file + e.suffix));
    if (twin === undefined) {
      next();
      return;
    }
    const body = readFileSync(file + twin.suffix);
    res.writeHead(200, {
      ...headers,
      'content-type': type,
      'content-encoding': twin.name,
      'content-length': String(body.length),
      vary: 'Accept-Encoding',
      'cache-control': 'public, max-age=31536000, immutable',
    });
    res.end(method === 'HEAD' ? undefined : body);
  };
}
