import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { describeBackend, getConnection } from '@/api/connection';
import { lastSqlPageState, parseSqlPageSearch, rememberSqlPageState, sqlPageSearch } from '@/sql/sqlLink';
import { getSqlTables, loadTable } from '@/sql/sqlSession';
import type { SqlTable, SqlTableSpec } from '@/sql/types';

/** How the page was reached: the tables a link asks for that the session lacks, and its SQL. */
export interface SqlArrival {
  sql: string;
  /** From the address itself (a link), rather than this tab's last SQL page. */
  fromLink: boolean;
  missing: readonly SqlTableSpec[];
  problems: readonly string[];
  /** Loading the link's tables costs the user's key quota: ask before. */
  ask: { count: number; server: string } | null;
}

const sameSource = (a: SqlTableSpec, b: SqlTableSpec) =>
  JSON.stringify(a.source) === JSON.stringify(b.source);

function arrivalFrom(search: string, firstPageOfTab: boolean): SqlArrival {
  const params = new URLSearchParams(search);
  if (![...params.keys()].length)
    return { sql: lastSqlPageState().sql, fromLink: false, missing: [], problems: [], ask: null };
  const { state, problems } = parseSqlPageSearch(search);
  const held = getSqlTables();
  const missing = state.tables.filter((spec) => {
    const table = held.find((t) => t.name === spec.name);
    return table === undefined || !sameSource(table, spec) || table.status.state !== 'ready';
  });
  const fetching = missing.filter((spec) => spec.source.kind === 'query').length;
  const connection = getConnection();
  // A link opened from outside the app, against the user's own server, spends their quota: ask.
  // Open in SQL inside the app was the user's own click, and the built-in demo costs nothing.
  const ask =
    firstPageOfTab && connection.mode !== 'demo' && fetching > 0
      ? { count: fetching, server: describeBackend(connection) }
      : null;
  return { sql: state.sql, fromLink: true, missing, problems, ask };
}

/** The page's arrival, read once: from the address, or this tab's last SQL page when it has none. */
export function useSqlArrival(): SqlArrival {
  const location = useLocation();
  // The tab's first page has the router's initial key: it was opened from outside the app.
  const [arrival] = useState(() => arrivalFrom(location.search, location.key === 'default'));
  return arrival;
}

/**
 * Loads the tables one after another, in the link's order (a saved result's SQL reads the tables
 * listed before it); the names of those that failed.
 */
async function loadInOrder(specs: readonly SqlTableSpec[]): Promise<string[]> {
  const failed: string[] = [];
  for (const spec of specs) {
    try {
      await loadTable(spec);
    } catch {
      failed.push(spec.name);
    }
  }
  return failed;
}

export type LinkLoad =
  | { state: 'none' }
  | { state: 'asking'; count: number; server: string }
  | { state: 'loading' }
  | { state: 'failed'; names: readonly string[] }
  | { state: 'declined' }
  | { state: 'done' };

/**
 * The page's address is its state: the SQL last run and the specs of the session's tables. A link
 * arriving here has its missing tables loaded (after asking, when they cost the user's quota) and
 * then its SQL run once, in the page's locked DuckDB. Every change is remembered for the tab, so
 * Open in SQL on another page adds to what is here.
 */
export function useSqlLink(
  arrival: SqlArrival,
  tables: readonly SqlTable[],
  runLinkSql: (sql: string) => void,
) {
  const location = useLocation();
  const navigate = useNavigate();
  const [problems, setProblems] = useState(arrival.problems);
  const [load, setLoad] = useState<LinkLoad>(() =>
    arrival.missing.length === 0
      ? { state: 'none' }
      : arrival.ask
        ? { state: 'asking', ...arrival.ask }
        : { state: 'loading' },
  );
  // The SQL the address holds: the link's, then each run's.
  const [linkSql, setLinkSql] = useState(arrival.sql);
  const started = useRef(false);
  const runLatest = useRef(runLinkSql);
  useEffect(() => {
    runLatest.current = runLinkSql;
  });

  const loadAndRun = useCallback(
    () =>
      loadInOrder(arrival.missing).then((failed) => {
        setLoad(failed.length > 0 ? { state: 'failed', names: failed } : { state: 'done' });
        if (failed.length === 0 && arrival.sql.trim() !== '') runLatest.current(arrival.sql);
      }),
    [arrival],
  );

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (load.state === 'loading') void loadAndRun();
    else if (load.state === 'none' && arrival.fromLink && arrival.sql.trim() !== '')
      runLatest.current(arrival.sql);
  }, [arrival, load.state, loadAndRun]);

  const settled = load.state !== 'asking' && load.state !== 'loading';
  const specs = tables.map((t) => ({ name: t.name, source: t.source }));
  const search = sqlPageSearch({ sql: linkSql, tables: specs });
  useEffect(() => {
    // While a link's tables are being asked for or loaded, its address stays as it came.
    if (!settled) return;
    rememberSqlPageState({ sql: linkSql, tables: specs });
    const current = location.search.replace(/^\?/, '');
    if (current !== search.replace(/^\?/, '')) void navigate({ search }, { replace: true });
    // `specs` is read through `search`, which changes whenever it does.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settled, search]);

  return {
    problems,
    dismissProblems: () => setProblems([]),
    load,
    accept: () => {
      setLoad({ state: 'loading' });
      void loadAndRun();
    },
    decline: () => setLoad({ state: 'declined' }),
    /** A run changes the address's SQL (typing does not). */
    setLinkSql,
  };
}
