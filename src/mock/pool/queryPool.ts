/**
 * The HTTP mock's worker-thread pool (piscina, docs/decisions/0009-http-mock-workers.md): offloaded
 * routes run in threads sized to the cores, so the event loop keeps answering cheap requests
 * (health, catalog, metadata, usage) while queries run. A client that leaves cancels its job: the
 * shared flag stops the engine at its next check, and a thread that has not let go 200 ms later is
 * ended (piscina replaces it), so no abandoned work keeps a core busy.
 */
import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import type { OffloadJob, OffloadRunner, SerializedResponse } from '../handlers/offload';
import type { PoolTask } from './queryWorker';

/** How long a cancelled job may take to notice its flag before its thread is ended. */
const CANCEL_GRACE_MS = 200;

export interface QueryPoolStats {
  running: number;
  completed: number;
  cancelled: number;
  threads: number;
}

export interface QueryPool {
  run: OffloadRunner;
  stats(): QueryPoolStats;
  close(): Promise<void>;
}

/** Workers load the TypeScript sources through tsx, whether or not this process did. */
function workerExecArgv(): string[] {
  const argv = [...process.execArgv];
  const hasTsx = argv.some((a) => a.includes('tsx'));
  return hasTsx ? argv : [...argv, '--import', 'tsx'];
}

export function createQueryPool(options: { threads?: number } = {}): QueryPool {
  const threads = options.threads ?? Math.max(1, availableParallelism());
  const piscina = new Piscina<PoolTask, SerializedResponse>({
    filename: new URL('./queryWorker.ts', import.meta.url).href,
    minThreads: 1,
    maxThreads: threads,
    idleTimeout: 60_000,
    execArgv: workerExecArgv(),
  });
  const counts = { running: 0, completed: 0, cancelled: 0 };

  const run: OffloadRunner = async (job: OffloadJob, signal: AbortSignal) => {
    const cancel = new Int32Array(new SharedArrayBuffer(4));
    const hard = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const onAbort = (): void => {
      Atomics.store(cancel, 0, 1);
      timer = setTimeout(() => hard.abort(), CANCEL_GRACE_MS);
    };
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
    counts.running++;
    try {
      const answer = await piscina.run({ job, cancel }, { signal: hard.signal });
      counts.completed++;
      return answer;
    } catch (error) {
      if (signal.aborted) counts.cancelled++;
      throw error;
    } finally {
      counts.running--;
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
    }
  };

  return {
    run,
    stats: () => ({ ...counts, threads: piscina.threads.length }),
    close: () => piscina.destroy(),
  };
}
