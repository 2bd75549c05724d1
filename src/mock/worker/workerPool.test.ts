import { afterEach, describe, expect, it } from 'vitest';
import { createMockApi } from '../createMockApi';
import { answerJob } from '../handlers/offload';
import { ROUTES } from '../handlers/routes';
import type { AnswerMessage, JobMessage } from './protocol';
import { createWorkerPool, ENGINE_CRASHED, type EngineWorker, type WorkerPool } from './workerPool';

/*
 * Node and jsdom have no Web Worker, so a fake stands in for the browser's `Worker`: it takes the
 * job through a structured clone, answers it with the real `answerJob` and the real routes (what
 * engineWorker.ts does), and can be told to hold its answer, crash or refuse to start.
 */
type Behaviour = 'answer' | 'hold' | 'crash';

class FakeWorker implements EngineWorker {
  onmessage: ((event: MessageEvent<AnswerMessage>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  onmessageerror: ((event: MessageEvent) => void) | null = null;
  terminated = false;
  readonly jobs: JobMessage[] = [];
  private held: (() => void)[] = [];

  constructor(private readonly behaviour: Behaviour) {}

  postMessage(message: JobMessage): void {
    const { id, job } = structuredClone(message);
    this.jobs.push(message);
    if (this.behaviour === 'crash') {
      setTimeout(() => {
        if (this.terminated) return;
        const event = new Event('error', { cancelable: true }) as ErrorEvent;
        this.onerror?.(event);
      });
      return;
    }
    const reply = (): void => {
      void answerJob(ROUTES, job, () => false).then((answer) => {
        if (this.terminated) return;
        const data = structuredClone({ id, answer }, { transfer: answer.body ? [answer.body] : [] });
        this.onmessage?.(new MessageEvent('message', { data }));
      });
    };
    if (this.behaviour === 'hold') this.held.push(reply);
    else setTimeout(reply);
  }

  /** Lets a held job answer. */
  release(): void {
    for (const reply of this.held.splice(0)) reply();
  }

  terminate(): void {
    this.terminated = true;
  }
}

const NOW = Date.UTC(2025, 6, 15, 12);
const BASE = 'http://mock.test';
const query = (hours: number): string =>
  `${BASE}/v1/datasets/ercot_load/query?start_time=2025-07-01&end_time=2025-07-01T${String(hours).padStart(2, '0')}:00`;
const init = (signal?: AbortSignal): RequestInit => ({
  headers: { 'x-api-key': 'test-key' },
  signal: signal ?? null,
});

let pool: WorkerPool | undefined;
afterEach(() => pool?.close());

/** A pool of fakes, each started with the next behaviour of `plan` ('answer' when it runs out). */
function fakePool(plan: (Behaviour | 'refuse')[] = [], size = 2) {
  const workers: FakeWorker[] = [];
  pool = createWorkerPool({
    size,
    spawn: () => {
      const behaviour = plan.shift() ?? 'answer';
      if (behaviour === 'refuse') throw new DOMException('Refused to create a worker', 'SecurityError');
      const worker = new FakeWorker(behaviour);
      workers.push(worker);
      return worker;
    },
  });
  const api = createMockApi({ baseUrl: BASE, now: () => NOW, rateLimits: false, offload: pool.run });
  const inThread = createMockApi({ baseUrl: BASE, now: () => NOW, rateLimits: false });
  return { pool, api, inThread, workers };
}

const until = async (check: () => boolean): Promise<void> => {
  while (!check()) await new Promise((resolve) => setTimeout(resolve));
};

describe('the demo engine pool', () => {
  it('answers each request with its own job, two at a time, the third when a worker is free', async () => {
    const { pool, api, inThread, workers } = fakePool(['hold', 'hold']);
    const answers = [1, 2, 3].map((h) => api.handle(new Request(query(h), init())));
    await until(() => workers.length === 2 && pool.stats().queued === 1);
    expect(pool.stats()).toMatchObject({ running: 2, queued: 1, started: 2 });
    // The second worker answers first; each answer still reaches its own request.
    workers[1]?.release();
    await until(() => pool.stats().queued === 0);
    workers[1]?.release();
    workers[0]?.release();
    const texts = await Promise.all(answers.map(async (a) => (await a).text()));
    const expected = await Promise.all(
      [1, 2, 3].map(async (h) => (await inThread.handle(new Request(query(h), init()))).text()),
    );
    expect(texts).toEqual(expected);
    expect(pool.stats()).toMatchObject({ answered: 3, started: 2, running: 0, cancelled: 0 });
  });

  it('starts one worker ahead of the first request when asked, and that worker answers it', async () => {
    const { pool, api, workers } = fakePool();
    pool.prestart();
    pool.prestart();
    expect(workers).toHaveLength(1);
    expect(pool.stats()).toMatchObject({ started: 1, running: 0 });
    expect((await api.handle(new Request(query(2), init()))).status).toBe(200);
    expect(workers[0]?.jobs).toHaveLength(1);
    expect(pool.stats()).toMatchObject({ started: 1, answered: 1 });
  });

  it('ends the worker of an aborted request at once and starts a fresh one for the next', async () => {
    const { pool, api, workers } = fakePool(['hold']);
    const controller = new AbortController();
    const left = api.handle(new Request(query(5), init(controller.signal)));
    await until(() => pool.stats().running === 1);
    controller.abort();
    expect((await left).status).toBe(499);
    expect(workers[0]?.terminated).toBe(true);
    // The replacement is already booting, before any request asks for it.
    expect(workers).toHaveLength(2);
    expect(pool.stats()).toMatchObject({ cancelled: 1, running: 0, started: 2 });

    const next = await api.handle(new Request(query(1), init()));
    expect(next.status).toBe(200);
    expect(workers[1]?.jobs).toHaveLength(1);
  });

  it('never hands a job whose request was aborted while queued to a worker', async () => {
    const { pool, api, workers } = fakePool(['hold'], 1);
    const first = api.handle(new Request(query(1), init()));
    const controller = new AbortController();
    const queued = api.handle(new Request(query(2), init(controller.signal)));
    await until(() => pool.stats().queued === 1);
    controller.abort();
    expect((await queued).status).toBe(499);
    workers[0]?.release();
    expect((await first).status).toBe(200);
    expect(workers[0]?.jobs).toHaveLength(1);
    expect(pool.stats()).toMatchObject({ cancelled: 0, queued: 0, answered: 1 });
  });

  it('answers 500 with a detail when a worker crashes, and the next request gets a new worker', async () => {
    const { pool, api, workers } = fakePool(['crash']);
    const crashed = await api.handle(new Request(query(1), init()));
    expect(crashed.status).toBe(500);
    expect(await crashed.json()).toEqual({ detail: ENGINE_CRASHED });
    expect(crashed.headers.get('content-type')).toMatch(/application\/json/);
    expect(workers[0]?.terminated).toBe(true);

    const next = await api.handle(new Request(query(1), init()));
    expect(next.status).toBe(200);
    expect(workers).toHaveLength(2);
    expect(pool.stats()).toMatchObject({ crashed: 1, answered: 1 });
  });

  it('answers 500 when a worker cannot start, and tries again on the next request', async () => {
    const { pool, api } = fakePool(['refuse']);
    const refused = await api.handle(new Request(query(1), { ...init(), method: 'HEAD' }));
    expect(refused.status).toBe(500);
    expect(await refused.text()).toBe('');
    expect((await api.handle(new Request(query(1), init()))).status).toBe(200);
    expect(pool.stats()).toMatchObject({ crashed: 1, started: 2, answered: 1 });
  });
});
