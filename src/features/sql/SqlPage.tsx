import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ErrorBoundary } from '@/components/ErrorBoundary';
import { formatCount, formatNumber } from '@/lib/format';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import {
  dismissEngineNotice,
  startEngine,
  useEngineNotice,
  useEngineState,
  useSqlTables,
  type EngineState,
} from '@/sql/sqlSession';
import { DEFAULT_SQL_ROW_CAP, type SqlRowCap } from '@/sql/types';
import { ExamplesList } from './ExamplesList';
import { ResultsPanel } from './ResultsPanel';
import { RunBar } from './RunBar';
import { SqlEditor, type SqlEditorError, type SqlEditorHandle, type SqlRun } from './SqlEditor';
import { SqlHeading } from './SqlHeading';
import { SqlHelp } from './SqlHelp';
import { TablesPanel } from './TablesPanel';
import { useSqlArrival, useSqlLink, type LinkLoad } from './useSqlLink';
import { useSqlRun, type SqlRunState } from './useSqlRun';
import styles from './SqlPage.module.css';

function engineWait(engine: EngineState): string | null {
  if (engine.state === 'ready') return null;
  if (engine.state === 'failed') return 'DuckDB could not start, so SQL cannot run.';
  return 'DuckDB is starting…';
}

function LinkNotices({
  link,
}: {
  link: Pick<ReturnType<typeof useSqlLink>, 'problems' | 'dismissProblems' | 'load' | 'accept' | 'decline'>;
}) {
  const { load } = link;
  return (
    <>
      {link.problems.length > 0 && (
        <div className={styles.notice} role="status">
          <div>
            Parts of this link were left out:
            <ul>
              {link.problems.map((p, i) => (
                <li key={i}>{p}</li>
              ))}
            </ul>
          </div>
          <button type="button" onClick={link.dismissProblems}>
            Dismiss
          </button>
        </div>
      )}
      <LinkLoadNotice load={load} accept={link.accept} decline={link.decline} />
    </>
  );
}

function LinkLoadNotice({
  load,
  accept,
  decline,
}: {
  load: LinkLoad;
  accept: () => void;
  decline: () => void;
}) {
  if (load.state === 'asking')
    return (
      <div className={styles.notice} role="alert">
        <p>
          This link loads {formatCount(load.count, 'table')} from {load.server}, which counts against your
          key’s quota.
        </p>
        <div className={styles.actions}>
          <button type="button" className="primary" onClick={accept}>
            Load and run
          </button>
          <button type="button" onClick={decline}>
            Don’t load
          </button>
        </div>
      </div>
    );
  if (load.state === 'failed')
    return (
      <p className={styles.notice} role="alert">
        The link’s SQL was not run: {load.names.join(', ')} did not load (see Tables). Retry there, then Run.
      </p>
    );
  if (load.state === 'declined')
    return (
      <p className={styles.notice} role="status">
        The link’s tables were not loaded and its SQL was not run.
      </p>
    );
  return null;
}

function RunOutcome({ state }: { state: SqlRunState }) {
  if (state.state === 'failed') {
    const { error } = state;
    return (
      <div className={styles.error} role="alert">
        <strong>{error.kind}</strong>
        {error.line !== null && (
          <span>
            {' '}
            at line {error.line}
            {error.column !== null ? `, column ${error.column}` : ''} (marked in the editor)
          </span>
        )}
        <pre className={styles.errorText}>{error.message}</pre>
      </div>
    );
  }
  if (state.state === 'cancelled')
    return (
      <p className={styles.hint} role="status">
        The query was cancelled after {formatNumber(state.afterMs / 1000, { decimals: 1 })} s.
      </p>
    );
  return null;
}

/** SQL over the results this page fetched: DuckDB in the page, offline, beside the data. */
export function SqlPage() {
  useDocumentTitle('SQL');
  const tables = useSqlTables();
  const engine = useEngineState();
  const notice = useEngineNotice();
  const [rowCap, setRowCap] = useState<SqlRowCap>(DEFAULT_SQL_ROW_CAP);
  const { state, lastResult, run, cancel } = useSqlRun();
  const editor = useRef<SqlEditorHandle>(null);

  useEffect(() => {
    void startEngine();
  }, []);

  const arrival = useSqlArrival();
  // The editor opens with the link's SQL, or this tab's last.
  const [text, setText] = useState(arrival.sql);
  const link = useSqlLink(arrival, tables, (sql) => run({ sql, from: 0 }, rowCap));

  const { setLinkSql } = link;
  const runNow = useCallback(
    (what: SqlRun) => {
      if (what.sql.trim() === '') return;
      setLinkSql(text);
      run(what, rowCap);
    },
    [run, rowCap, setLinkSql, text],
  );

  const schema = useMemo(
    () => Object.fromEntries(tables.map((t) => [t.name, t.columns.map((c) => c.name)])),
    [tables],
  );
  const editorError = useMemo<SqlEditorError | null>(
    () =>
      state.state === 'failed' && state.error.line !== null
        ? { run: state.run, line: state.error.line, column: state.error.column ?? 1 }
        : null,
    [state],
  );
  const waitReason = engineWait(engine);

  return (
    <div>
      <SqlHeading />
      <LinkNotices link={link} />
      {notice && (
        <div className={styles.notice} role="alert">
          <p>{notice}</p>
          <button type="button" onClick={dismissEngineNotice}>
            Dismiss
          </button>
        </div>
      )}
      {engine.state === 'failed' && (
        <p className={styles.error} role="alert">
          DuckDB could not start: {engine.message}
        </p>
      )}
      <div className={styles.workspace}>
        <div className={styles.editorColumn}>
          <ErrorBoundary>
            <SqlEditor
              ref={editor}
              value={text}
              onChange={setText}
              onRun={runNow}
              schema={schema}
              error={editorError}
              label="SQL"
              description="Ctrl+Enter or Command+Enter runs the SQL, or the selection when there is one. Tab moves on to the next control."
            />
            <RunBar
              onRun={() => runNow(editor.current?.currentRun() ?? { sql: text, from: 0 })}
              running={state.state === 'running' ? state : null}
              onCancel={cancel}
              rowCap={rowCap}
              onRowCapChange={setRowCap}
              disabledReason={waitReason}
            />
            <RunOutcome state={state} />
            <SqlHelp engine={engine} />
          </ErrorBoundary>
        </div>
        <div className={styles.side}>
          <ErrorBoundary>
            <TablesPanel tables={tables} />
          </ErrorBoundary>
          <ErrorBoundary>
            <ExamplesList tables={tables} onPick={setText} />
          </ErrorBoundary>
        </div>
      </div>
      <ErrorBoundary>
        {lastResult ? (
          <ResultsPanel result={lastResult} tables={tables} />
        ) : (
          <p className={styles.hint}>Run a query to see its result here.</p>
        )}
      </ErrorBoundary>
    </div>
  );
}
