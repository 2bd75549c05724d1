/**
 * One DuckDB, whatever runs it: DuckDB-WASM in its worker in the page (`browserEngine.ts`), the
 * same wasm in Node for tests (src/test/sqlEngineNode.ts). The session (`sqlSession.ts`) holds one
 * engine at a time and replaces it when it is stuck or has run out of memory; the factory makes a
 * new one, opened and locked down (`lockedSettings.ts`).
 */
import type { RecordBatch, Table } from 'apache-arrow';

export interface SqlEngine {
  /** DuckDB's version, `v1.4.3`. */
  readonly version: string;
  /** Runs one or more statements; the last one's rows, all of them. */
  query(sql: string): Promise<Table>;
  /** Runs one or more statements; the last one's rows as they come, batch by batch. */
  send(sql: string): Promise<AsyncIterable<RecordBatch>>;
  /** Asks DuckDB to stop the running statement; true when there was one to stop. */
  cancel(): Promise<boolean>;
  /** Adds Arrow IPC stream bytes to a table, creating it when `create`. */
  insertArrowIpc(bytes: Uint8Array, table: string, create: boolean): Promise<void>;
  /** Stops the engine for good (its worker ends, its memory goes). */
  terminate(): Promise<void>;
}

export type SqlEngineFactory = () => Promise<SqlEngine>;
