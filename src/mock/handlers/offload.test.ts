import { describe, expect, it } from 'vitest';
import { createMockApi } from '../createMockApi';
import { answerJob, type OffloadJob, type OffloadRunner } from './offload';
import { ROUTES } from './routes';

const NOW = Date.UTC(2025, 6, 15, 12);
const BASE = 'http://mock.test';

/** A runner that does what a worker does: the job crosses a structured clone, the answer too. */
function clonedRunner(seen: OffloadJob[]): OffloadRunner {
  return async (job) => {
    const copy = structuredClone(job);
    seen.push(copy);
    const answer = await answerJob(ROUTES, copy, () => false);
    return structuredClone(answer, { transfer: answer.body ? [answer.body] : [] });
  };
}

async function snapshot(response: Response): Promise<{ status: number; headers: string; body: string }> {
  const headers = [...response.headers.entries()].sort(([a], [b]) => a.localeCompare(b));
  return { status: response.status, headers: JSON.stringify(headers), body: await response.text() };
}

const REQUESTS: [string, string][] = [
  ['GET', '/v1/datasets/ercot_load/query?start_time=2025-07-01&end_time=2025-07-01T02:00'],
  [
    'GET',
    '/v1/datasets/ercot_load/query?start_time=2025-07-01&end_time=2025-07-02&return_format=csv&cursor=',
  ],
  [
    'GET',
    '/v1/datasets/ercot_spp_real_time_15_min/query/location/HB_NORTH?start_time=2025-07-01&end_time=2025-07-02&timezone=market&resample_frequency=1h',
  ],
  ['HEAD', '/v1/datasets/ercot_load/query?start_time=2025-07-01&end_time=2025-07-02'],
  ['GET', '/v1/datasets/ercot_load/query?page=abc'],
  ['GET', '/v1/datasets/nope/query'],
  ['GET', '/v1/datasets/ercot_load/query?order=sideways'],
  ['GET', '/v1/datasets/ercot_load/query?cursor=not-a-cursor'],
  ['GET', '/v1/datasets'],
  ['GET', '/health'],
];

describe('offloaded routes', () => {
  it('answer byte for byte as in-thread routes do, whatever crosses the worker boundary', async () => {
    const seen: OffloadJob[] = [];
    const local = createMockApi({ baseUrl: BASE, now: () => NOW, rateLimits: false });
    const remote = createMockApi({
      baseUrl: BASE,
      now: () => NOW,
      rateLimits: false,
      offload: clonedRunner(seen),
    });
    for (const [method, path] of REQUESTS) {
      const init = { method, headers: { 'x-api-key': 'test-key' } };
      const expected = await snapshot(await local.handle(new Request(`${BASE}${path}`, init)));
      const actual = await snapshot(await remote.handle(new Request(`${BASE}${path}`, init)));
      expect(actual, `${method} ${path}`).toEqual(expected);
    }
    // Only the query routes went to the runner; the catalog and health stayed on the dispatcher.
    expect(seen.map((j) => new URL(j.url).pathname)).toEqual(
      REQUESTS.slice(0, 8).map(([, p]) => new URL(`${BASE}${p}`).pathname),
    );
    expect(seen[0]?.caller?.key).toBe('test-key');
  });

  it('still counts usage and checks keys before a job is sent', async () => {
    const seen: OffloadJob[] = [];
    const api = createMockApi({ baseUrl: BASE, now: () => NOW, offload: clonedRunner(seen) });
    const path = `${BASE}/v1/datasets/ercot_load/query?start_time=2025-07-01&end_time=2025-07-01T01:00`;
    expect((await api.handle(new Request(path))).status).toBe(401);
    expect((await api.handle(new Request(path, { headers: { 'x-api-key': 'demo-key' } }))).status).toBe(200);
    expect(seen).toHaveLength(1);
    expect(api.usage.get('demo-key').requests_today).toBe(1);
  });

  it('lets go of a request whose client left, without calling it a bug', async () => {
    const errors: unknown[] = [];
    const never: OffloadRunner = (_job, signal) =>
      new Promise((_resolve, reject) => {
        signal.addEventListener('abort', () => reject(new DOMException('gone', 'AbortError')));
      });
    const api = createMockApi({
      baseUrl: BASE,
      now: () => NOW,
      offload: never,
      onError: (e) => errors.push(e),
    });
    const controller = new AbortController();
    const answer = api.handle(
      new Request(`${BASE}/v1/datasets/ercot_load/query`, {
        headers: { 'x-api-key': 'test-key' },
        signal: controller.signal,
      }),
    );
    controller.abort();
    expect((await answer).status).toBe(499);
    expect(errors).toEqual([]);
  });
});
