/**
 * `npx tsx bench/historyRecorder.ts`: what recording query history costs a query. The recorder
 * works inside the query cache's listener, which runs in the same task as the query's answer, so
 * its time there is the only time it can add before the rows reach the page; the write itself
 * waits for an idle moment (here: never, so only the listener is measured).
 *
 * Prints the listener's time per recorded query (its `fetch` and `success` events) and the time
 * per query of a client with and without the recorder, over many queries of the query builder's
 * shape, answered at once (so the figure is the cache's own work, not a server's).
 */
import { QueryClient, type QueryCache } from '@tanstack/react-query';
import { queryKeys } from '@/api/query/keys';
import { installHistoryRecorder } from '@/workspace/historyRecorder';

const QUERIES = 20_000;
const ROUNDS = 5;

// The recorder reads the page's location and listens for the tab being hidden: a stand-in of both.
const target = { addEventListener: () => undefined, removeEventListener: () => undefined };
Object.assign(globalThis, {
  window: { ...target, location: { pathname: '/datasets/ercot_spp/query', search: '?v=1' } },
  document: { ...target, visibilityState: 'visible' },
});

function tablePage(i: number) {
  return {
    rows: { names: ['spp'], rowCount: 500, columns: [] },
    meta: { page: null, limit: null, page_size: 500, hasNextPage: i % 2 === 0, cursor: null },
    dataset_metadata: { id: 'ercot_spp', name: 'ERCOT SPP' },
  };
}

/** Wraps the cache's listeners so the time spent in each is added up. */
function timeListeners(cache: QueryCache): { spentMs: () => number } {
  let spent = 0;
  const subscribe = cache.subscribe.bind(cache);
  cache.subscribe = (listener) =>
    subscribe((event) => {
      const t0 = performance.now();
      listener(event);
      spent += performance.now() - t0;
    });
  return { spentMs: () => spent };
}

async function runQueries(client: QueryClient, round: number): Promise<number> {
  const t0 = performance.now();
  for (let i = 0; i < QUERIES; i += 1) {
    const page = tablePage(i);
    await client.query({
      queryKey: queryKeys.table('ercot_spp', { start_time: `2025-07-${round}`, limit: i }),
      queryFn: () => Promise.resolve(page),
    });
  }
  return performance.now() - t0;
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[values.length >> 1] ?? NaN;

async function main(): Promise<void> {
  const listenerUs: number[] = [];
  const withUs: number[] = [];
  const withoutUs: number[] = [];
  for (let round = 1; round <= ROUNDS; round += 1) {
    const plain = new QueryClient();
    withoutUs.push(((await runQueries(plain, round)) / QUERIES) * 1000);
    plain.clear();

    const recorded = new QueryClient();
    const timer = timeListeners(recorded.getQueryCache());
    installHistoryRecorder(recorded, {
      currentPath: () => '/datasets/ercot_spp/query?v=1',
      // Never written: the write is not on the query's path, and is not what is measured here.
      schedule: () => undefined,
    });
    withUs.push(((await runQueries(recorded, round)) / QUERIES) * 1000);
    listenerUs.push((timer.spentMs() / QUERIES) * 1000);
    recorded.clear();
  }
  const fmt = (us: number): string => `${us.toFixed(2)} µs`;
  console.log(`history recorder, ${QUERIES.toLocaleString('en-US')} queries × ${ROUNDS} rounds (medians)`);
  console.log(`  in the cache listener, per recorded query (fetch + success): ${fmt(median(listenerUs))}`);
  console.log(`  per query, without the recorder: ${fmt(median(withoutUs))}`);
  console.log(`  per query, with the recorder:    ${fmt(median(withUs))}`);
}

await main();
