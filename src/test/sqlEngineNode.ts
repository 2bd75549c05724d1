/**
 * A real DuckDB for Vitest: the same wasm as the page (DuckDB-WASM's `eh` build), run in Node by
 * its blocking bindings, behind the same `SqlEngine` the session drives in the browser, opened
 * with the same locked settings. `setupNodeSqlEngine()` in a test file makes the session use it.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type * as DuckDbBlocking from '@duckdb/duckdb-wasm/blocking';
import { beforeAll } from 'vitest';
import { LOCKED_SETTINGS } from '@/sql/engine/lockedSettings';
import type { SqlEngine, SqlEngineFactory } from '@/sql/engine/sqlEngine';
import { setSqlEngineFactory } from '@/sql/sqlSession';

type Blocking = typeof DuckDbBlocking;

const require = createRequire(import.meta.url);

/** Loaded once per test file: instantiating the wasm takes a few seconds. */
let module: Promise<Blocking> | null = null;

async function blocking(): Promise<Blocking> {
  module ??= Promise.resolve(require('@duckdb/duckdb-wasm/dist/duckdb-node-blocking.cjs') as Blocking);
  return module;
}

/** A new DuckDB in this process, opened and locked like the page's. */
export const startNodeEngine: SqlEngineFactory = async (): Promise<SqlEngine> => {
  const duckdb = await blocking();
  const dist = dirname(require.resolve('@duckdb/duckdb-wasm/dist/duckdb-node-blocking.cjs'));
  const db = await duckdb.createDuckDB(
    {
      mvp: { mainModule: join(dist, 'duckdb-mvp.wasm'), mainWorker: '' },
      eh: { mainModule: join(dist, 'duckdb-eh.wasm'), mainWorker: '' },
    },
    new duckdb.VoidLogger(),
    duckdb.NODE_RUNTIME,
  );
  await db.instantiate(() => undefined);
  db.open({});
  const conn = db.connect();
  for (const statement of LOCKED_SETTINGS) conn.query(statement);
  let terminated = false;
  const alive = (): void => {
    if (terminated) throw new Error('the engine was terminated');
  };
  return {
    version: db.getVersion(),
    query: (sql) => {
      alive();
      return Promise.resolve(conn.query(sql));
    },
    send: async (sql) => {
      alive();
      const reader = await conn.send(sql, true);
      const iterator = reader[Symbol.iterator]();
      // The blocking reader's batches, one per turn as the page's worker hands them over.
      return {
        [Symbol.asyncIterator]: () => ({
          next: () => Promise.resolve(iterator.next()),
          return: () => Promise.resolve({ done: true as const, value: undefined }),
        }),
      };
    },
    // A blocking engine finishes every statement before it answers: nothing is ever running.
    cancel: () => Promise.resolve(false),
    insertArrowIpc: (bytes, table, create) => {
      alive();
      conn.insertArrowFromIPCStream(bytes, { name: table, create });
      return Promise.resolve();
    },
    terminate: () => {
      terminated = true;
      conn.close();
      db.reset();
      return Promise.resolve();
    },
  };
};

/** Makes the SQL session of this test file run on a real DuckDB in Node (started before the first test). */
export function setupNodeSqlEngine(factory: SqlEngineFactory = startNodeEngine): void {
  beforeAll(async () => {
    await blocking();
    setSqlEngineFactory(factory);
  });
}
