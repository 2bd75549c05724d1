/**
 * Where the demo backend's engine workers come from. A worker takes about half a second to start
 * on a 2-core machine, and a first page that queries (the price map, the query builder) waits for
 * it: the entry starts one (`spawnEarlyEngineWorker`) as soon as it runs, before the mock's own
 * code has arrived, and the pool takes it (`spawnEngineWorker`) instead of starting its first.
 * This module is tiny on purpose: it is part of the entry's chunk.
 */

function newEngineWorker(): Worker {
  return new Worker(new URL('./engineWorker.ts', import.meta.url), {
    type: 'module',
    name: 'gridscope-demo-engine',
  });
}

let early: { worker: Worker; failed: boolean } | null = null;

/** Starts an engine worker now, for the pool to take later; once. */
export function spawnEarlyEngineWorker(): void {
  if (early !== null || typeof Worker === 'undefined') return;
  try {
    const worker = newEngineWorker();
    const started = { worker, failed: false };
    // Until the pool takes it, nothing listens: a worker that fails to load is remembered as such
    // (and the pool starts a fresh one), never handed over to swallow jobs.
    worker.onerror = (event) => {
      event.preventDefault();
      started.failed = true;
    };
    early = started;
  } catch {
    // No worker now; the pool starts its own.
  }
}

/** The early worker if there is a healthy one, else a new one. */
export function spawnEngineWorker(): Worker {
  const taken = early;
  early = null;
  if (taken !== null && !taken.failed) {
    taken.worker.onerror = null;
    return taken.worker;
  }
  taken?.worker.terminate();
  return newEngineWorker();
}
