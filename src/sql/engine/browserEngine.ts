/**
 * DuckDB-WASM in the page: the single-threaded exception-handling bundle (`eh`: no
 * cross-origin isolation needed, which the map's tiles and the proxy do not want), served by this
 * app (Vite's `?url` imports put the wasm and the worker in `/assets`, precompressed), never a CDN.
 * It runs in its own worker, so a long query never blocks the page.
 */
import { AsyncDuckDB, VoidLogger, type AsyncDuckDBConnection } from '@duckdb/duckdb-wasm';
import ehWasmUrl from '@duckdb/duckdb-wasm/dist/duckdb-eh.wasm?url';
import ehWorkerUrl from '@duckdb/duckdb-wasm/dist/duckdb-browser-eh.worker.js?url';
import type { RecordBatch } from 'apache-arrow';
import { LOCKED_SETTINGS } from './lockedSettings';
import type { SqlEngine } from './sqlEngine';

function engineOver(
  db: AsyncDuckDB,
  conn: AsyncDuckDBConnection,
  version: string,
  worker: Worker,
): SqlEngine {
  return {
    version,
    query: (sql) => conn.query(sql),
    // allowStreamResult: DuckDB hands rows over as it makes them, so a capped read stops early.
    send: async (sql): Promise<AsyncIterable<RecordBatch>> => conn.send(sql, true),
    cancel: () => conn.cancelSent(),
    insertArrowIpc: (bytes, table, create) => conn.insertArrowFromIPCStream(bytes, { name: table, create }),
    terminate: async () => {
      // A worker stuck in a statement answers nothing: terminate() ends it without asking.
      worker.terminate();
      await db.terminate().catch(() => undefined);
    },
  };
}

/** Starts DuckDB in a new worker, opens an in-memory database and locks its settings. */
export async function startBrowserEngine(): Promise<SqlEngine> {
  const worker = new Worker(ehWorkerUrl);
  // Quiet: the worker's log would print every query to the console.
  const db = new AsyncDuckDB(new VoidLogger(), worker);
  try {
    await db.instantiate(ehWasmUrl);
    await db.open({});
    const conn = await db.connect();
    for (const statement of LOCKED_SETTINGS) await conn.query(statement);
    return engineOver(db, conn, await db.getVersion(), worker);
  } catch (e) {
    worker.terminate();
    throw e;
  }
}
