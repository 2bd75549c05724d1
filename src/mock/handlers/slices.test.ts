import { createMockApi } from '../createMockApi';
import { QueryCancelled } from '../engine/cancel';
import { nextTask, sliceBreather } from './slices';

/** Resolves once `depth` chained microtasks have run: later than anything already queued as one. */
async function microtasks(depth: number): Promise<void> {
  for (let i = 0; i < depth; i++) await Promise.resolve();
}

/** Which of two promises settles first. */
function first(a: Promise<unknown>, b: Promise<unknown>): Promise<'a' | 'b'> {
  return Promise.race([a.then(() => 'a' as const), b.then(() => 'b' as const)]);
}

describe('answering in slices, in a thread the page shares', () => {
  it('nextTask comes back in a later task, after every microtask already queued', async () => {
    expect(await first(nextTask(), microtasks(200))).toBe('b');
  });

  it('a breath within the slice costs no task; past it the thread is given back, and a new slice starts', async () => {
    let clock = 0;
    const breathe = sliceBreather(
      8,
      () => false,
      () => clock,
    );
    clock = 7;
    expect(await first(breathe(), microtasks(5))).toBe('a');
    clock = 8;
    const given = breathe();
    expect(await first(given, microtasks(200))).toBe('b');
    await given;
    clock = 12;
    expect(await first(breathe(), microtasks(5))).toBe('a');
  });

  it('a client that left while the thread was given back stops the work: a breath throws, a request is not answered', async () => {
    let left = false;
    const breathe = sliceBreather(0, () => left);
    await expect(breathe()).resolves.toBeUndefined();
    const given = breathe();
    left = true;
    await expect(given).rejects.toThrow(QueryCancelled);

    const client = new AbortController();
    const answer = createMockApi({ sliceMs: 8 }).handle(
      new Request('http://mock.test/v1/datasets', {
        headers: { 'x-api-key': 'test-key' },
        signal: client.signal,
      }),
    );
    client.abort();
    expect((await answer).status).toBe(499);
  });

  it('the catalog answered in slices is the catalog answered in one go', async () => {
    const now = () => Date.UTC(2025, 6, 15, 17, 30);
    const ask = (sliceMs?: number) =>
      createMockApi({ now, sliceMs })
        .handle(new Request('http://mock.test/v1/datasets', { headers: { 'x-api-key': 'test-key' } }))
        .then((r) => r.text());
    const [whole, sliced] = await Promise.all([ask(), ask(0)]);
    expect(JSON.parse(sliced)).toEqual(JSON.parse(whole));
  });
});
