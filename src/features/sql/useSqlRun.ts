import { useCallback, useEffect, useRef, useState } from 'react';
import { runSql, SqlQueryError } from '@/sql/sqlSession';
import type { SqlErrorInfo, SqlResult } from '@/sql/types';
import type { SqlRun } from './SqlEditor';

export type SqlRunState =
  | { state: 'idle' }
  | { state: 'running'; run: SqlRun; startedAt: number }
  | { state: 'done'; run: SqlRun; result: SqlResult }
  | { state: 'failed'; run: SqlRun; error: SqlErrorInfo }
  | { state: 'cancelled'; run: SqlRun; afterMs: number };

const isAbort = (e: unknown) => e instanceof DOMException && e.name === 'AbortError';

/** An error that is not DuckDB's (the engine failed to start, the worker died) in the same shape. */
function errorInfo(e: unknown): SqlErrorInfo {
  if (e instanceof SqlQueryError) return e.info;
  return { kind: 'Error', message: e instanceof Error ? e.message : String(e), line: null, column: null };
}

/**
 * One statement at a time: `run` starts it (cancelling one still running), `cancel` aborts it
 * (runSql's signal: the engine stops DuckDB even when it is stuck). The last result stays shown
 * while the next one runs, so the page does not jump.
 */
export function useSqlRun() {
  const [state, setState] = useState<SqlRunState>({ state: 'idle' });
  const [lastResult, setLastResult] = useState<SqlResult | null>(null);
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  const run = useCallback((what: SqlRun, rowCap: number) => {
    controller.current?.abort();
    const mine = new AbortController();
    controller.current = mine;
    const startedAt = Date.now();
    setState({ state: 'running', run: what, startedAt });
    runSql(what.sql, { rowCap, signal: mine.signal }).then(
      (result) => {
        if (controller.current !== mine) return;
        controller.current = null;
        setLastResult(result);
        setState({ state: 'done', run: what, result });
      },
      (e: unknown) => {
        if (controller.current !== mine) return;
        controller.current = null;
        setState(
          isAbort(e)
            ? { state: 'cancelled', run: what, afterMs: Date.now() - startedAt }
            : { state: 'failed', run: what, error: errorInfo(e) },
        );
      },
    );
  }, []);

  const cancel = useCallback(() => controller.current?.abort(), []);

  return { state, lastResult, run, cancel };
}
