import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { connect, type Socket } from 'node:net';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import type { DatasetListResponse } from '@/contract';
import { parseShapes, positiveIntegerEnv, startHttpServer, type HttpMock } from './server';
import { DATASETS } from '@/mock/data/catalog';

const NOW = Date.UTC(2024, 6, 15, 17, 30);
let mock: HttpMock;

beforeAll(async () => {
  mock = await startHttpServer({ port: 0, now: () => NOW });
});
afterAll(async () => {
  await mock.close();
});

describe('the mock over real HTTP', () => {
  it('listens on 127.0.0.1 and answers the health check', async () => {
    expect(mock.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const response = await fetch(`${mock.url}/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok', version: '1.0.0' });
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('serves the catalog to a key and refuses a wrong one', async () => {
    const ok = await fetch(`${mock.url}/v1/datasets`, { headers: { 'x-api-key': 'demo-key' } });
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as DatasetListResponse).data).toHaveLength(DATASETS.length);
    const wrong = await fetch(`${mock.url}/v1/datasets?api_key=nope`);
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ detail: 'Invalid API key.' });
  });

  it('serves CSV with its headers', async () => {
    const csv = await fetch(`${mock.url}/v1/datasets?return_format=csv&download=true`, {
      headers: { 'x-api-key': 'demo-key' },
    });
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toBe('attachment; filename="datasets.csv"');
    expect((await csv.text()).startsWith('id,source,name,')).toBe(true);
  });

  it('answers preflights, HEAD without a body, 405 for other methods and 404 for unknown paths', async () => {
    const preflight = await fetch(`${mock.url}/v1/datasets`, { method: 'OPTIONS' });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/x-api-key/);
    const head = await fetch(`${mock.url}/v1/datasets`, {
      method: 'HEAD',
      headers: { 'x-api-key': 'demo-key' },
    });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    const post = await fetch(`${mock.url}/v1/datasets`, { method: 'POST', body: '{}' });
    expect(post.status).toBe(405);
    expect(await post.json()).toEqual({ detail: 'Method Not Allowed' });
    for (const path of ['/', '/favicon.ico', '/v1/nothing']) {
      const missing = await fetch(`${mock.url}${path}`);
      expect(missing.status).toBe(404);
      expect(await missing.json()).toEqual({ detail: 'Not Found' });
      expect(missing.headers.get('access-control-allow-origin')).toBe('*');
    }
  });
});

describe('startHttpServer', () => {
  it('runs several independent instances on free ports and closes them', async () => {
    const other = await startHttpServer({ port: 0, now: () => NOW });
    expect(other.url).not.toBe(mock.url);
    await fetch(`${other.url}/v1/datasets`, { headers: { 'x-api-key': 'demo-key' } });
    const usage = await fetch(`${other.url}/v1/api_usage`, { headers: { 'x-api-key': 'demo-key' } });
    expect(await usage.json()).toMatchObject({ requests_today: 1 });
    await other.close();
    await expect(fetch(`${other.url}/health`)).rejects.toThrow();
  });
});

describe('npm run api settings', () => {
  /** `src/mock/server.ts` as `npm run api` runs it, with extra environment; resolves its first lines. */
  function startApi(env: Record<string, string>): {
    child: ChildProcessByStdio<null, Readable, Readable>;
    output: Promise<string>;
  } {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', fileURLToPath(new URL('./server.ts', import.meta.url))],
      {
        env: { ...process.env, PORT: '0', ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    const output = new Promise<string>((resolve) => {
      let text = '';
      const take = (chunk: Buffer): void => {
        text += chunk.toString();
        if (/listening on http:\/\/\S+/.test(text)) resolve(text);
      };
      child.stdout.on('data', take);
      child.stderr.on('data', take);
      child.once('exit', () => resolve(text));
    });
    return { child, output };
  }

  /** Resolves when the server closes `socket`, with what it sent and how long it held it. */
  function closed(socket: Socket): Promise<{ text: string; ms: number }> {
    const started = performance.now();
    const guard = setTimeout(() => socket.destroy(), 5000);
    return new Promise((resolve) => {
      let text = '';
      socket.on('data', (c: Buffer) => (text += c.toString()));
      socket.on('error', () => undefined);
      socket.on('close', () => {
        clearTimeout(guard);
        resolve({ text, ms: performance.now() - started });
      });
    });
  }

  it('HEADERS_TIMEOUT_MS and MAX_CONNECTIONS set the header timeout and the connection cap', async () => {
    const { child, output } = startApi({ HEADERS_TIMEOUT_MS: '300', MAX_CONNECTIONS: '1' });
    try {
      const url = /listening on (http:\/\/\S+)/.exec(await output)?.[1];
      expect(url).toBeDefined();
      const port = Number(new URL(url ?? '').port);
      const held = connect(port, '127.0.0.1');
      const heldEnd = closed(held);
      held.write('GET /health HTTP/1.1\r\n');
      await new Promise((r) => setTimeout(r, 100));
      const extra = connect(port, '127.0.0.1');
      extra.write('GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
      expect((await closed(extra)).text).toBe('');
      const { text, ms } = await heldEnd;
      expect(text).toMatch(/^HTTP\/1\.1 408 /);
      expect(ms).toBeLessThan(2000);
    } finally {
      child.kill();
    }
  }, 30_000);

  it('refuses a setting that is not a whole number of at least 1, naming it', () => {
    expect(positiveIntegerEnv('MAX_CONNECTIONS', undefined, 4000)).toBe(4000);
    expect(positiveIntegerEnv('MAX_CONNECTIONS', '', 4000)).toBe(4000);
    expect(positiveIntegerEnv('MAX_CONNECTIONS', ' 2500 ', 4000)).toBe(2500);
    for (const value of ['0', '-5', 'lots', '1e4', '1.5', '0x10']) {
      expect(() => positiveIntegerEnv('HEADERS_TIMEOUT_MS', value, 10_000)).toThrow(
        `HEADERS_TIMEOUT_MS must be a whole number of at least 1, got '${value}'`,
      );
    }
  });

  it("reads SHAPES: the seed's by default, hosted on request, anything else refused by name", () => {
    expect(parseShapes(undefined)).toBe('seed');
    expect(parseShapes('')).toBe('seed');
    expect(parseShapes('Hosted')).toBe('hosted');
    expect(() => parseShapes('cloud')).toThrow("SHAPES must be one of seed, hosted, got 'cloud'");
  });

  it('answers usage in the hosted shape over HTTP when started with shapes: hosted', async () => {
    const hosted = await startHttpServer({ port: 0, now: () => NOW, shapes: 'hosted', workers: false });
    try {
      const response = await fetch(`${hosted.url}/v1/api_usage`, { headers: { 'x-api-key': 'demo-key' } });
      expect(Object.keys((await response.json()) as object)[0]).toBe('plan_name');
    } finally {
      await hosted.close();
    }
  });
});
