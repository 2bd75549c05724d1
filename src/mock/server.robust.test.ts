import { connect, type Socket } from 'node:net';
import { startHttpServer, type HttpMock } from './server';

/**
 * The HTTP mock against requests no client library would send (contract §1 as amended): each gets
 * its status and a JSON `detail`, and the server still answers `/health` afterwards.
 */

const NOW = Date.UTC(2024, 6, 15, 17, 30);
const HEAVY =
  '/v1/datasets/ercot_load/query?filter_column=load&filter_operator=%3E&filter_value=1e12&page_size=10';
let mock: HttpMock;
let port: number;

beforeAll(async () => {
  mock = await startHttpServer({ port: 0, now: () => NOW, log: () => undefined });
  port = Number(new URL(mock.url).port);
});
afterAll(async () => {
  await mock.close();
});

interface RawAnswer {
  status: number;
  headers: string;
  body: string;
}

/** Writes bytes on a fresh socket and reads everything until the server closes or answers in full. */
function raw(bytes: Buffer | string, to = port): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(to, '127.0.0.1');
    const chunks: Buffer[] = [];
    const finish = (): void => {
      const text = Buffer.concat(chunks).toString('latin1');
      const [head = '', ...rest] = text.split('\r\n\r\n');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0);
      resolve({ status, headers: head.toLowerCase(), body: rest.join('\r\n\r\n') });
    };
    socket.on('data', (chunk) => {
      chunks.push(chunk);
      const text = Buffer.concat(chunks).toString('latin1');
      const length = /content-length: (\d+)/i.exec(text)?.[1];
      const split = text.indexOf('\r\n\r\n');
      if (length !== undefined && split >= 0 && text.length - split - 4 >= Number(length)) {
        socket.destroy();
        finish();
      }
    });
    socket.on('end', finish);
    socket.on('error', reject);
    socket.write(bytes);
  });
}

async function stillAlive(): Promise<void> {
  const health = await fetch(`${mock.url}/health`);
  expect(health.status).toBe(200);
}

const request = (line: string, host = `127.0.0.1:${port}`): string =>
  `${line}\r\nHost: ${host}\r\nConnection: close\r\n\r\n`;

describe('requests no client should send', () => {
  it.each(['TRACE', 'TRACK', 'CONNECT', 'PROPFIND', 'DELETE', 'PATCH'])(
    '%s gets 405 with a JSON detail',
    async (method) => {
      const target = method === 'CONNECT' ? `127.0.0.1:${port}` : '/health';
      const answer = await raw(request(`${method} ${target} HTTP/1.1`));
      expect(answer.status).toBe(405);
      expect(JSON.parse(answer.body)).toEqual({ detail: 'Method Not Allowed' });
      expect(answer.headers).toContain('access-control-allow-origin: *');
      await stillAlive();
    },
  );

  it.each(['a b', '[::', 'x:99999', '%zz', 'exa mple.com:80'])(
    'a malformed Host %j gets 400',
    async (host) => {
      const answer = await raw(request('GET /health HTTP/1.1', host));
      expect(answer.status).toBe(400);
      expect(JSON.parse(answer.body)).toEqual({ detail: 'Bad Request' });
      await stillAlive();
    },
  );

  it.each([
    ['twice with one value', 'Host: 127.0.0.1\r\nHost: 127.0.0.1'],
    ['twice with two values', 'Host: 127.0.0.1\r\nHost: evil.example'],
    ['in two spellings', 'Host: 127.0.0.1\r\nhOST: evil.example'],
    ['three times, apart', 'Host: a\r\nx-api-key: test-key\r\nHost: b\r\nHost: c'],
  ])('a Host given %s gets 400 with a JSON detail (RFC 9112 §3.2)', async (_what, hosts) => {
    for (const target of ['/health', '/v1/datasets']) {
      const answer = await raw(
        `GET ${target} HTTP/1.1\r\n${hosts}\r\nx-api-key: test-key\r\nConnection: close\r\n\r\n`,
      );
      expect(answer.status, target).toBe(400);
      expect(JSON.parse(answer.body), target).toEqual({ detail: 'Bad Request' });
      expect(answer.headers).toContain('access-control-allow-origin: *');
    }
    await stillAlive();
  });

  it('an HTTP/1.1 request without Host gets 400 with a JSON detail; HTTP/1.0 needs none', async () => {
    const missing = await raw('GET /health HTTP/1.1\r\nConnection: close\r\n\r\n');
    expect(missing.status).toBe(400);
    expect(JSON.parse(missing.body)).toEqual({ detail: 'Bad Request' });
    expect(missing.headers).toContain('access-control-allow-origin: *');
    const old = await raw('GET /health HTTP/1.0\r\n\r\n');
    expect(old.status).toBe(200);
    expect(JSON.parse(old.body)).toEqual({ status: 'ok', version: '1.0.0' });
  });

  it('invalid percent-encoding in the path and query gets a JSON 4xx, never a crash', async () => {
    for (const target of ['/v1/datasets/%zz', '/v1/datasets/ercot_load/query?start_time=%zz', '/%']) {
      const answer = await raw(request(`GET ${target} HTTP/1.1\r\nx-api-key: test-key`));
      expect(answer.status, target).toBeGreaterThanOrEqual(400);
      expect(answer.status, target).toBeLessThan(500);
      expect(JSON.parse(answer.body), target).toHaveProperty('detail');
    }
    await stillAlive();
  });

  it('a lone surrogate (raw bytes ED A0 80) in the target gets a JSON 4xx', async () => {
    const bytes = Buffer.concat([
      Buffer.from('GET /v1/datasets/'),
      Buffer.from([0xed, 0xa0, 0x80]),
      Buffer.from(` HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nx-api-key: test-key\r\nConnection: close\r\n\r\n`),
    ]);
    const answer = await raw(bytes);
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
    expect(JSON.parse(answer.body)).toHaveProperty('detail');
    await stillAlive();
  });

  it('a 100 kB request target gets 414 with CORS headers, so a browser can show it', async () => {
    const answer = await raw(request(`GET /v1/datasets?x=${'a'.repeat(100_000)} HTTP/1.1`));
    expect(answer.status).toBe(414);
    expect(JSON.parse(answer.body)).toEqual({ detail: 'URI Too Long' });
    expect(answer.headers).toContain('access-control-allow-origin: *');
    const viaFetch = await fetch(`${mock.url}/v1/datasets?x=${'b'.repeat(40_000)}`);
    expect(viaFetch.status).toBe(414);
    await stillAlive();
  });

  it('headers beyond what Node will parse get a JSON answer on the socket', async () => {
    const answer = await raw(request(`GET /health HTTP/1.1\r\nx-big: ${'h'.repeat(200_000)}`));
    expect(answer.status).toBe(431);
    expect(JSON.parse(answer.body)).toHaveProperty('detail');
    await stillAlive();
  });

  it('bytes that are not HTTP get 400, an unknown method token 405', async () => {
    expect((await raw('\x00\x01\x02 nonsense\r\n\r\n')).status).toBe(400);
    expect((await raw(request('FROBNICATE /health HTTP/1.1'))).status).toBe(405);
    await stillAlive();
  });

  it('a client that drops the connection mid-request or mid-response leaves the server serving', async () => {
    await new Promise<void>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.write(
          `GET /v1/datasets/ercot_load/query?page_size=50000 HTTP/1.1\r\nHost: x\r\nx-api-key: test-key\r\n\r\n`,
        );
        socket.once('data', () => {
          socket.destroy();
          resolve();
        });
      });
    });
    const half = connect(port, '127.0.0.1');
    half.write('GET /health HTTP/1.1\r\nHo');
    half.destroy();
    await stillAlive();
  });
});

/** Resolves when the server closes `socket`, with what it sent and how long after `since`. */
function closed(socket: Socket, since: number): Promise<{ text: string; afterMs: number }> {
  return new Promise((resolve) => {
    let text = '';
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
    socket.on('error', () => undefined);
    socket.on('close', () => resolve({ text, afterMs: performance.now() - since }));
  });
}

const connected = (to: number): Promise<Socket> =>
  new Promise((resolve, reject) => {
    const socket = connect(to, '127.0.0.1', () => resolve(socket));
    socket.once('error', reject);
  });

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

describe('clients that hold connections', () => {
  const HEADERS_TIMEOUT_MS = 400;
  let slow: HttpMock;
  let slowPort: number;
  beforeAll(async () => {
    slow = await startHttpServer({
      port: 0,
      now: () => NOW,
      workers: false,
      headersTimeoutMs: HEADERS_TIMEOUT_MS,
      log: () => undefined,
    });
    slowPort = Number(new URL(slow.url).port);
  });
  afterAll(async () => {
    await slow.close();
  });

  it('headers sent in pieces within the header timeout are answered; trickled past it, cut with 408', async () => {
    const prompt = await connected(slowPort);
    const answered = closed(prompt, performance.now());
    prompt.write('GET /health HTTP/1.1\r\n');
    await sleep(HEADERS_TIMEOUT_MS / 4);
    prompt.write('Host: 127.0.0.1\r\n');
    await sleep(HEADERS_TIMEOUT_MS / 4);
    prompt.write('Connection: close\r\n\r\n');
    expect((await answered).text).toMatch(/^HTTP\/1\.1 200 /);
    const socket = await connected(slowPort);
    const started = performance.now();
    const end = closed(socket, started);
    const guard = setTimeout(() => socket.destroy(), 6000);
    socket.write('GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    // A header line at a time, for at most 5 s: each comes in time, the whole does not.
    const open = (): boolean => !socket.destroyed && socket.writable;
    for (let i = 0; i < 50 && open(); i++) {
      await sleep(100);
      if (open()) socket.write(`x-slow-${i}: 1\r\n`);
    }
    const { text, afterMs } = await end;
    clearTimeout(guard);
    expect(text).toMatch(/^HTTP\/1\.1 408 /);
    expect(JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4))).toEqual({ detail: 'Request Timeout' });
    expect(afterMs).toBeGreaterThanOrEqual(HEADERS_TIMEOUT_MS - 50);
    expect(afterMs).toBeLessThan(HEADERS_TIMEOUT_MS + 1000);
  });

  it('a connection that never sends a byte is closed at the header timeout', async () => {
    const socket = await connected(slowPort);
    const started = performance.now();
    const guard = setTimeout(() => socket.destroy(), 5000);
    const { text, afterMs } = await closed(socket, started);
    clearTimeout(guard);
    expect(text).toMatch(/^HTTP\/1\.1 408 /);
    expect(afterMs).toBeLessThan(HEADERS_TIMEOUT_MS + 1000);
  });

  it('past the connection cap a new connection is closed unanswered, and served again once one closes', async () => {
    const lines: string[] = [];
    const capped = await startHttpServer({
      port: 0,
      now: () => NOW,
      workers: false,
      maxConnections: 3,
      log: (line) => lines.push(line),
    });
    const cappedPort = Number(new URL(capped.url).port);
    const held: Socket[] = [];
    try {
      // Three kept-alive connections, each answered once, so the server surely holds all three.
      for (let i = 0; i < 3; i++) {
        const socket = await connected(cappedPort);
        held.push(socket);
        const answered = new Promise<string>((resolve) =>
          socket.once('data', (c: Buffer) => resolve(c.toString())),
        );
        socket.write('GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
        expect(await answered).toMatch(/^HTTP\/1\.1 200 /);
      }
      for (let i = 0; i < 2; i++) {
        const extra = await connected(cappedPort);
        const end = closed(extra, performance.now());
        extra.write('GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n');
        const guard = setTimeout(() => extra.destroy(), 5000);
        const { text } = await end;
        clearTimeout(guard);
        expect(text).toBe('');
      }
      // One line for the two refused connections, naming the setting.
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain('MAX_CONNECTIONS');
      held.pop()?.destroy();
      await vi.waitFor(
        async () => {
          expect(
            (await raw('GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n', cappedPort))
              .status,
          ).toBe(200);
        },
        { timeout: 3000, interval: 50 },
      );
    } finally {
      for (const socket of held) socket.destroy();
      await capped.close();
    }
  });

  it('a client that neither reads its 408 nor closes still gives its place under the cap back', async () => {
    const capped = await startHttpServer({
      port: 0,
      now: () => NOW,
      workers: false,
      maxConnections: 2,
      headersTimeoutMs: 300,
      log: () => undefined,
    });
    const cappedPort = Number(new URL(capped.url).port);
    const held: Socket[] = [];
    try {
      for (let i = 0; i < 2; i++) {
        const socket = await connected(cappedPort);
        socket.on('error', () => undefined);
        socket.write('GET /health HTTP/1.1\r\n');
        // Reads nothing from here on, and never closes.
        socket.pause();
        held.push(socket);
      }
      await vi.waitFor(
        async () => {
          const answer = await raw(
            'GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n',
            cappedPort,
          );
          expect(answer.status).toBe(200);
        },
        { timeout: 8000, interval: 200 },
      );
      for (const socket of held) {
        const { text } = await closed(socket.resume(), performance.now());
        expect(text).toMatch(/^HTTP\/1\.1 408 /);
      }
    } finally {
      for (const socket of held) socket.destroy();
      await capped.close();
    }
  });

  it('with CORS off, answers written on the bare socket carry no Access-Control header either', async () => {
    const closedToBrowsers = await startHttpServer({ port: 0, now: () => NOW, workers: false, cors: false });
    try {
      const to = Number(new URL(closedToBrowsers.url).port);
      for (const bytes of [
        '\x00\x01\x02 nonsense\r\n\r\n',
        'FROBNICATE /health HTTP/1.1\r\nHost: x\r\n\r\n',
      ]) {
        const answer = await raw(bytes, to);
        expect(answer.status).toBeGreaterThanOrEqual(400);
        expect(JSON.parse(answer.body)).toHaveProperty('detail');
        expect(answer.headers).not.toContain('access-control-');
      }
    } finally {
      await closedToBrowsers.close();
    }
  });
});

describe('the worker pool', () => {
  it('answers /health while a heavy query is still running, and the query answers the same as in-thread', async () => {
    const heavy = fetch(`${mock.url}${HEAVY}`, { headers: { 'x-api-key': 'test-key' } });
    let heavyDone = false;
    void heavy.then(() => (heavyDone = true));
    await stillAlive();
    expect(heavyDone).toBe(false);
    const answer = await heavy;
    expect(answer.status).toBe(200);

    const inThread = await startHttpServer({ port: 0, now: () => NOW, workers: false });
    try {
      const path =
        '/v1/datasets/ercot_spp_real_time_15_min/query?start_time=2024-07-01&end_time=2024-07-02&resample_frequency=1h&return_format=csv&cursor=';
      const [a, b] = await Promise.all(
        [mock.url, inThread.url].map((u) => fetch(`${u}${path}`, { headers: { 'x-api-key': 'test-key' } })),
      );
      expect(await a?.text()).toBe(await b?.text());
      expect(a?.headers.get('x-cursor')).toBe(b?.headers.get('x-cursor'));
    } finally {
      await inThread.close();
    }
  });

  it('cancels the query of a client that hangs up', async () => {
    const before = mock.poolStats()?.cancelled ?? 0;
    const controller = new AbortController();
    const pending = fetch(`${mock.url}${HEAVY}&x=cancel`, {
      headers: { 'x-api-key': 'test-key' },
      signal: controller.signal,
    }).catch(() => null);
    await vi.waitFor(() => expect(mock.poolStats()?.running).toBeGreaterThan(0));
    controller.abort();
    await pending;
    await vi.waitFor(() => expect(mock.poolStats()?.cancelled).toBe(before + 1), { timeout: 10_000 });
    expect(mock.poolStats()?.running).toBe(0);
    await stillAlive();
  });

  it('answers HEAD of a heavy query with its headers and without running it', async () => {
    const completed = mock.poolStats()?.completed ?? 0;
    const head = await fetch(`${mock.url}${HEAVY}&return_format=csv`, {
      method: 'HEAD',
      headers: { 'x-api-key': 'test-key' },
    });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(head.headers.get('x-page-size')).toBe('10');
    expect(head.headers.get('x-has-next-page')).toBeNull();
    expect(await head.text()).toBe('');
    // It went through the pool, as every query does, and came back at once.
    expect(mock.poolStats()?.completed).toBe(completed + 1);
    const tooLarge = await fetch(
      `${mock.url}/v1/datasets/ercot_lmp_by_settlement_point/query?start_time=2020-01-01`,
      { method: 'HEAD', headers: { 'x-api-key': 'test-key' } },
    );
    expect(tooLarge.status).toBe(422);
  });
});
