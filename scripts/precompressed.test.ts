import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { request, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { precompress, precompressedMiddleware } from './precompressed';
import { serveMiddleware } from './serveMiddleware';

/** A wasm module's magic and version, then padding: only its bytes and its type matter here. */
const WASM = Buffer.concat([Buffer.from([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0]), Buffer.alloc(8192)]);

const SCRIPT = `export const answer = ${JSON.stringify('x'.repeat(4000))};\n`;

let root: string;
let server: Server;
let base: string;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'precompressed-'));
  mkdirSync(join(root, 'assets'));
  writeFileSync(join(root, 'assets', 'app-abc123.js'), SCRIPT);
  writeFileSync(join(root, 'assets', 'tiny.js'), 'export {};\n');
  writeFileSync(join(root, 'assets', 'duckdb-eh-abc123.wasm'), WASM);
  writeFileSync(join(root, 'assets', 'photo.png'), Buffer.alloc(4096));
  writeFileSync(join(root, 'secret.js'), SCRIPT);
  precompress(join(root, 'assets'));
  const handle = precompressedMiddleware(root, { 'X-Content-Type-Options': 'nosniff' });
  ({ server, url: base } = await serveMiddleware(handle, (res) => {
    res.writeHead(299, { 'content-type': 'text/plain' });
    res.end('passed on');
  }));
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(root, { recursive: true, force: true });
});

function get(
  path: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

describe('precompressed assets', () => {
  it('writes a Brotli and a gzip twin beside each script and style worth compressing', () => {
    expect(existsSync(join(root, 'assets', 'app-abc123.js.br'))).toBe(true);
    expect(existsSync(join(root, 'assets', 'app-abc123.js.gz'))).toBe(true);
    // Too small to gain anything, and not a type the server compresses.
    expect(existsSync(join(root, 'assets', 'tiny.js.br'))).toBe(false);
    expect(existsSync(join(root, 'assets', 'photo.png.br'))).toBe(false);
    expect(existsSync(join(root, 'secret.js.br'))).toBe(false);
  });

  it('serves the Brotli twin to a browser, with the type, length, Vary and the server headers', async () => {
    const res = await get('/assets/app-abc123.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(brotliDecompressSync(res.body).toString()).toBe(SCRIPT);
  });

  it('serves a wasm compressed as application/wasm with no charset, which streaming compilation needs', async () => {
    const res = await get('/assets/duckdb-eh-abc123.wasm', { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toBe('application/wasm');
    expect(brotliDecompressSync(res.body).equals(WASM)).toBe(true);
  });

  it('serves gzip to a client without Brotli, and nothing compressed to one that refuses both', async () => {
    const gzip = await get('/assets/app-abc123.js', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(SCRIPT);
    const refused = await get('/assets/app-abc123.js', { 'accept-encoding': 'br;q=0, gzip;q=0' });
    expect(refused.status).toBe(299);
    expect((await get('/assets/app-abc123.js')).status).toBe(299);
  });

  it('answers HEAD with the headers only', async () => {
    const res = await get('/assets/app-abc123.js', { 'accept-encoding': 'br' }, 'HEAD');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.body.length).toBe(0);
  });

  it.each([
    ['a path outside /assets/', '/secret.js'],
    ['a climb out of the folder', '/assets/..%2fsecret.js'],
    ['an unknown file', '/assets/missing.js'],
    ['a file without a twin', '/assets/tiny.js'],
    ['a twin asked for by name', '/assets/app-abc123.js.br'],
    ['bad percent-encoding', '/assets/%E0%A4%A.js'],
  ])('passes on %s to the server', async (_what, path) => {
    const res = await get(path, { 'accept-encoding': 'br, gzip' });
    expect(res.status).toBe(299);
  });

  it('passes on other methods', async () => {
    expect((await get('/assets/app-abc123.js', { 'accept-encoding': 'br' }, 'POST')).status).toBe(299);
  });

  it('leaves the original file as it was', () => {
    expect(readFileSync(join(root, 'assets', 'app-abc123.js'), 'utf8')).toBe(SCRIPT);
  });
});
