/**
 * The SQL page's session (docs/decisions/0024-sql-in-the-page.md): one DuckDB, started when the
 * page asks, holding the tables the user loaded, kept outside React in module stores so the page
 * can come and go. Every table's Arrow data stays in the page too (`tableData.ts`), so when the
 * engine has to be replaced (a statement stuck past cancelling, DuckDB out of memory) a new one is
 * started and the tables are made again without fetching anything.
 */
import type { RecordBatch, Schema } from 'apache-arrow';
import { createValueStore } from '@/lib/store';
import { parseSqlError } from './sqlErrors';
import { rowsOfBatches } from './arrowRows';
import type { SqlEngine, SqlEngineFactory } from './engine/sqlEngine';
import type { LoadedTable } from './queryTableLoad';
import {
  SQL_TABLE_NAME,
  type SqlErrorInfo,
  type SqlResult,
  type SqlRows,
  type SqlTable,
  type SqlTableSpec,
  type SqlTableStatus,
} from './types';

export type EngineState =
  | { state: 'idle' }
  | { state: 'starting' }
  | { state: 'ready'; version: string }
  | { state: 'failed'; message: string };

/** A statement DuckDB refused, with its message and the position it marked. */
export class SqlQueryError extends Error {
  constructor(readonly info: SqlErrorInfo) {
    super(`${info.kind}: ${info.message}`);
    this.name = 'SqlQueryError';
  }
}

/** How long a cancelled statement has to stop by itself before its engine is replaced. */
const CANCEL_GRACE_MS = 1000;

const startBrowserEngine: SqlEngineFactory = () =>
  import('./engine/browserEngine').then((m) => m.startBrowserEngine());

let engineFactory: SqlEngineFactory = startBrowserEngine;

/** Which DuckDB the session starts: the page's worker by default; Node's in tests (src/test/sqlEngineNode.ts). */
export function setSqlEngineFactory(factory: SqlEngineFactory): void {
  engineFactory = factory;
}

const engineState = createValueStore<EngineState>({ state: 'idle' });
const tablesStore = createValueStore<readonly SqlTable[]>([]);
const noticeStore = createValueStore<string | null>(null);

export const useEngineState = engineState.useValue;
export const useSqlTables = tablesStore.useValue;
export const useEngineNotice = noticeStore.useValue;

export function getSqlTables(): readonly SqlTable[] {
  return tablesStore.read();
}

export function dismissEngineNotice(): void {
  noticeStore.set(null);
}

/**
 * The engine now running and the chain its statements wait in: one connection runs one
 * statement at a time. A new engine starts a new chain, so a stuck statement holds only its own.
 */
interface Running {
  engine: SqlEngine;
  queue: Promise<unknown>;
}

let running: Running | null = null;
let starting: Promise<Running> | null = null;

/** Arrow data (IPC stream parts) of every table loaded from a query, by table name, in load order: what a new engine is given. */
const loaded = new Map<string, LoadedTable>();
const loads = new Map<string, AbortController>();

function setTable(name: string, patch: Partial<SqlTable>): void {
  tablesStore.set(tablesStore.read().map((t) => (t.name === name ? { ...t, ...patch } : t)));
}

function tableNamed(name: string): SqlTable | undefined {
  return tablesStore.read().find((t) => t.name === name);
}

function messageOf(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/**
 * The table loader, with Apache Arrow's writer: not part of the page's code (its shell preloads
 * that before the first paint; decision 0032), and asked for when the engine starts, since tables
 * come next, so that a first table does not wait one more fetch once the engine is up.
 */
const queryTableLoader = () => import('./queryTableLoad');

async function boot(): Promise<Running> {
  engineState.set({ state: 'starting' });
  // A failed fetch is met, and said, by the table that needs it.
  queryTableLoader().catch(() => undefined);
  try {
    const engine = await engineFactory();
    const next: Running = { engine, queue: Promise.resolve() };
    running = next;
    engineState.set({ state: 'ready', version: engine.version });
    return next;
  } catch (e) {
    engineState.set({ state: 'failed', message: `DuckDB did not start: ${messageOf(e)}` });
    throw e;
  } finally {
    starting = null;
  }
}

function ensureEngine(): Promise<Running> {
  if (running) return Promise.resolve(running);
  starting ??= boot();
  return starting;
}

/** Starts DuckDB (once; again after a failed start). */
export async function startEngine(): Promise<void> {
  await ensureEngine();
}

/** Runs `work` on the engine when the statements before it are done. */
async function withEngine<T>(
  work: (engine: SqlEngine) => Promise<T>,
): Promise<{ result: Promise<T>; run: Running }> {
  const run = await ensureEngine();
  const result = run.queue.then(() => work(run.engine));
  run.queue = result.catch(() => undefined);
  return { result, run };
}

async function onEngine<T>(work: (engine: SqlEngine) => Promise<T>): Promise<T> {
  return (await withEngine(work)).result;
}

const OUT_OF_MEMORY = /Out of Memory Error|out of memory|memory access out of bounds/i;
/** What a worker that died says: the wasm aborted, trapped or the worker is gone. */
const ENGINE_DIED = /RuntimeError|Aborted\(|unreachable|worker.*(terminated|closed)|was terminated/i;

/** Puts every kept table into `engine`, in the order they were made; their statuses say so meanwhile. */
async function remakeTables(engine: SqlEngine): Promise<number> {
  let made = 0;
  for (const table of tablesStore.read()) {
    if (table.status.state !== 'ready') continue;
    const { status } = table;
    setTable(table.name, { status: { state: 'loading', rows: 0, estimate: table.rowCount } });
    try {
      const data = loaded.get(table.name);
      if (data) {
        for (const [i, part] of data.parts.entries()) await engine.insertArrowIpc(part, table.name, i === 0);
      } else if (table.source.kind === 'sql') {
        await engine.query(createTableSql(table.name, table.source.sql));
      }
      made += 1;
      setTable(table.name, { status });
    } catch (e) {
      setTable(table.name, { status: { state: 'failed', message: `Not made again: ${messageOf(e)}` } });
    }
  }
  return made;
}

/**
 * Ends the engine (without waiting for it: a stuck worker answers nothing), starts a new one and
 * puts the tables back from the page's data. Loads under way stop: their rows came from the old one.
 */
async function replaceEngine(old: Running): Promise<number> {
  if (running !== old) return tablesStore.read().filter((t) => t.status.state === 'ready').length;
  running = null;
  void old.engine.terminate().catch(() => undefined);
  for (const controller of loads.values())
    controller.abort(new Error('DuckDB was restarted while this table loaded; load it again.'));
  const next = await ensureEngine();
  return remakeTables(next.engine);
}

const plural = (n: number, one: string): string => `${n} ${one}${n === 1 ? '' : 's'}`;

/** A statement's failure as the page says it; running out of memory replaces the engine first. */
async function failure(e: unknown, sql: string, run: Running): Promise<Error> {
  const message = messageOf(e);
  if (OUT_OF_MEMORY.test(message) || ENGINE_DIED.test(message)) {
    const made = await replaceEngine(run).catch(() => 0);
    const what = OUT_OF_MEMORY.test(message) ? 'DuckDB ran out of memory' : 'DuckDB stopped working';
    const tables = `your ${plural(made, 'table')} ${made === 1 ? 'was' : 'were'} loaded again`;
    noticeStore.set(`${what} and was restarted; ${tables}.`);
    return new SqlQueryError({
      kind: 'Out of Memory Error',
      message: `${what} running this statement. It was restarted and ${tables} from the page's copy, so nothing needs fetching again. Try a smaller row cap, or aggregate first (GROUP BY, a narrower WHERE) so that fewer rows come back.`,
      line: null,
      column: null,
    });
  }
  return new SqlQueryError(parseSqlError(message, sql));
}

const abortError = (): DOMException => new DOMException('The statement was cancelled.', 'AbortError');

/**
 * Runs `work` (a statement) so that `signal` stops it: DuckDB is asked to cancel, and if the
 * statement has not stopped a second later (a function that never returns) the engine is replaced.
 */
async function cancellable<T>(
  sql: string,
  signal: AbortSignal | undefined,
  work: (engine: SqlEngine) => Promise<T>,
): Promise<T> {
  if (signal?.aborted) throw abortError();
  const { result, run } = await withEngine(work);
  if (!signal) return result.catch(async (e: unknown) => Promise.reject(await failure(e, sql, run)));
  return new Promise<T>((resolve, reject) => {
    let aborted = false;
    const onAbort = (): void => {
      aborted = true;
      void (async () => {
        await run.engine.cancel().catch(() => false);
        const stopped = await Promise.race([
          result.then(
            () => true,
            () => true,
          ),
          new Promise<false>((r) => setTimeout(() => r(false), CANCEL_GRACE_MS)),
        ]);
        if (!stopped) await replaceEngine(run).catch(() => 0);
        reject(abortError());
      })();
    };
    signal.addEventListener('abort', onAbort, { once: true });
    // Aborted while it waited for the engine: no event will come.
    if (signal.aborted) onAbort();
    result.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        if (!aborted) resolve(value);
      },
      async (e: unknown) => {
        signal.removeEventListener('abort', onAbort);
        if (!aborted) reject(await failure(e, sql, run));
      },
    );
  });
}

/** The last statement's rows, at most `rowCap` of them (and whether there were more). */
async function readCapped(
  engine: SqlEngine,
  sql: string,
  rowCap: number,
): Promise<{ schema: Schema | null; batches: RecordBatch[]; rows: number; truncated: boolean }> {
  const batches: RecordBatch[] = [];
  let schema: Schema | null = null;
  let rows = 0;
  let truncated = false;
  for await (const batch of await engine.send(sql)) {
    schema ??= batch.schema;
    if (rows + batch.numRows > rowCap) {
      if (rowCap > rows) batches.push(batch.slice(0, rowCap - rows));
      rows = rowCap;
      truncated = true;
      break;
    }
    batches.push(batch);
    rows += batch.numRows;
  }
  // The rest is not wanted: DuckDB stops making it.
  if (truncated) await engine.cancel().catch(() => false);
  return { schema, batches, rows, truncated };
}

/** Runs SQL (one or more statements; the last one's rows are the result), holding at most `rowCap` rows. */
export async function runSql(
  sql: string,
  options: { rowCap: number; signal?: AbortSignal },
): Promise<SqlResult> {
  const started = performance.now();
  const read = await cancellable(sql, options.signal, (engine) => readCapped(engine, sql, options.rowCap));
  const elapsedMs = performance.now() - started;
  const rows: SqlRows = read.schema
    ? rowsOfBatches(read.schema, read.batches, read.rows)
    : { columns: [], rowCount: 0, value: () => null };
  return { ...rows, sql, truncated: read.truncated, elapsedMs };
}

/** Every row of a statement, batch by batch (for exports past the cap). Resolves to the row count. */
export async function streamSql(
  sql: string,
  onBatch: (rows: SqlRows) => void | Promise<void>,
  signal?: AbortSignal,
): Promise<number> {
  return cancellable(sql, signal, async (engine) => {
    let count = 0;
    for await (const batch of await engine.send(sql)) {
      if (signal?.aborted) break;
      await onBatch(rowsOfBatches(batch.schema, [batch], batch.numRows));
      count += batch.numRows;
    }
    return count;
  });
}

function createTableSql(name: string, sql: string): string {
  return `CREATE OR REPLACE TABLE ${name} AS ${sql.trim().replace(/;+\s*$/, '')}`;
}

/** The columns DuckDB holds for a table, with the units a dataset gave them. */
async function describe(
  name: string,
  units: ReadonlyMap<string, string | null>,
): Promise<Pick<SqlTable, 'columns' | 'rowCount'>> {
  return onEngine(async (engine) => {
    const columns = (await engine.query(`DESCRIBE ${name}`))
      .toArray()
      .map((row: { column_name: string; column_type: string }) => ({
        name: row.column_name,
        type: row.column_type,
        unit: units.get(row.column_name) ?? null,
      }));
    const count = (await engine.query(`SELECT count(*)::DOUBLE AS n FROM ${name}`))
      .getChildAt(0)
      ?.get(0) as number;
    return { columns, rowCount: count };
  });
}

/** The tables a statement names (by whole word), for the provenance of a table made from it. */
function tablesReadBy(sql: string, except: string): SqlTable[] {
  return tablesStore.read().filter((t) => t.name !== except && new RegExp(`\\b${t.name}\\b`, 'i').test(sql));
}

function putTable(spec: SqlTableSpec, status: SqlTableStatus): void {
  const table: SqlTable = {
    name: spec.name,
    source: spec.source,
    columns: [],
    rowCount: 0,
    status,
    requests: [],
  };
  const tables = tablesStore.read();
  tablesStore.set(
    tables.some((t) => t.name === spec.name)
      ? tables.map((t) => (t.name === spec.name ? table : t))
      : [...tables, table],
  );
}

/**
 * Loads (or replaces) a table: a `query` source is walked by cursor with progress in its status,
 * paced and retried like exports; a `sql` source runs CREATE OR REPLACE TABLE AS. Resolves when
 * ready; rejects (and the table's status says why) on failure; cancel → status 'cancelled'.
 */
export async function loadTable(spec: SqlTableSpec): Promise<void> {
  const { name, source } = spec;
  if (!SQL_TABLE_NAME.test(name))
    throw new SqlQueryError({
      kind: 'Invalid Input Error',
      message: `"${name}" is not a table name: use lower-case letters, digits and _, starting with a letter or _.`,
      line: null,
      column: null,
    });
  loads.get(name)?.abort();
  const controller = new AbortController();
  loads.set(name, controller);
  putTable(spec, { state: 'loading', rows: 0, estimate: null });
  try {
    await ensureEngine();
    if (source.kind === 'query') {
      loaded.delete(name);
      await onEngine((engine) => engine.query(`DROP TABLE IF EXISTS ${name}`));
      const { loadQueryTable } = await queryTableLoader();
      const data = await loadQueryTable(name, source.dataset, source.params, {
        insert: (part, create) => onEngine((engine) => engine.insertArrowIpc(part, name, create)),
        onProgress: (rows, estimate) => setTable(name, { status: { state: 'loading', rows, estimate } }),
        onRequests: (requests) => setTable(name, { requests }),
        signal: controller.signal,
      });
      loaded.set(name, data);
      setTable(name, {
        ...(await describe(name, data.units)),
        pages: data.pages,
        status: { state: 'ready' },
      });
    } else {
      const sql = createTableSql(name, source.sql);
      await cancellable(sql, controller.signal, (engine) => engine.query(sql));
      loaded.delete(name);
      const requests = tablesReadBy(source.sql, name).flatMap((t) => t.requests);
      const units = new Map(
        tablesReadBy(source.sql, name).flatMap((t) => t.columns.map((c) => [c.name, c.unit] as const)),
      );
      setTable(name, { ...(await describe(name, units)), requests, status: { state: 'ready' } });
    }
  } catch (e) {
    if (loads.get(name) === controller) {
      if (
        controller.signal.aborted &&
        !(controller.signal.reason instanceof Error && controller.signal.reason.name !== 'AbortError')
      ) {
        setTable(name, { status: { state: 'cancelled' } });
        await onEngine((engine) => engine.query(`DROP TABLE IF EXISTS ${name}`)).catch(() => undefined);
      } else {
        const message = controller.signal.aborted
          ? messageOf(controller.signal.reason)
          : e instanceof SqlQueryError
            ? e.message
            : messageOf(e);
        setTable(name, { status: { state: 'failed', message } });
      }
    }
    throw e;
  } finally {
    if (loads.get(name) === controller) loads.delete(name);
  }
}

export function cancelTableLoad(name: string): void {
  loads.get(name)?.abort();
}

export async function dropTable(name: string): Promise<void> {
  loads.get(name)?.abort();
  if (tableNamed(name)?.status.state === 'ready' || loaded.has(name))
    await onEngine((engine) => engine.query(`DROP TABLE IF EXISTS ${name}`));
  loaded.delete(name);
  tablesStore.set(tablesStore.read().filter((t) => t.name !== name));
}

export async function renameTable(from: string, to: string): Promise<void> {
  if (from === to) return;
  const problem = !SQL_TABLE_NAME.test(to)
    ? `"${to}" is not a table name: use lower-case letters, digits and _, starting with a letter or _.`
    : tableNamed(to)
      ? `There is already a table called ${to}.`
      : tableNamed(from)?.status.state !== 'ready'
        ? `${from} is not ready to be renamed.`
        : null;
  if (problem)
    throw new SqlQueryError({ kind: 'Invalid Input Error', message: problem, line: null, column: null });
  await onEngine((engine) => engine.query(`ALTER TABLE ${from} RENAME TO ${to}`));
  const data = loaded.get(from);
  if (data) {
    loaded.delete(from);
    loaded.set(to, data);
  }
  setTable(from, { name: to });
}

/** Forgets every table and ends the engine (tests; a fresh page has nothing to reset). */
export async function resetSqlSession(): Promise<void> {
  for (const controller of loads.values()) controller.abort();
  loads.clear();
  loaded.clear();
  const old = running;
  running = null;
  starting = null;
  await old?.engine.terminate().catch(() => undefined);
  tablesStore.set([]);
  noticeStore.set(null);
  engineState.set({ state: 'idle' });
}
