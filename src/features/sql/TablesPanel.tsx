import { useId, useState, type SyntheticEvent } from 'react';
import { formatCount, formatInteger } from '@/lib/format';
import { cancelTableLoad, dropTable, loadTable, renameTable } from '@/sql/sqlSession';
import type { SqlTable } from '@/sql/types';
import { tableNameProblem } from './tableName';
import styles from './SqlPage.module.css';

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

function RenameForm({
  table,
  taken,
  onDone,
}: {
  table: SqlTable;
  taken: readonly string[];
  onDone: () => void;
}) {
  const [name, setName] = useState(table.name);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inputId = useId();
  const errorId = useId();
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    const found = tableNameProblem(trimmed, taken, table.name);
    setProblem(found);
    if (found !== null) return;
    if (trimmed === table.name) {
      onDone();
      return;
    }
    setBusy(true);
    renameTable(table.name, trimmed).then(onDone, (e: unknown) => {
      setBusy(false);
      setProblem(messageOf(e));
    });
  };
  return (
    <form className={styles.renameForm} onSubmit={submit} noValidate>
      <label htmlFor={inputId}>New name for {table.name}</label>
      <input
        id={inputId}
        value={name}
        onChange={(e) => setName(e.target.value)}
        aria-invalid={problem !== null}
        aria-describedby={problem ? errorId : undefined}
        spellCheck={false}
        autoCapitalize="off"
        autoComplete="off"
        // Opened by a click on Rename: the field is what the user came for.
        autoFocus
      />
      <button type="submit" disabled={busy}>
        Save name
      </button>
      <button type="button" onClick={onDone}>
        Keep {table.name}
      </button>
      {problem && (
        <p id={errorId} className={styles.fieldError} role="alert">
          {problem}
        </p>
      )}
    </form>
  );
}

function TableStatus({ table, onError }: { table: SqlTable; onError: (message: string) => void }) {
  const { status } = table;
  const retry = () =>
    loadTable({ name: table.name, source: table.source }).catch((e: unknown) => onError(messageOf(e)));
  if (status.state === 'ready') return <p className={styles.meta}>{formatCount(table.rowCount, 'row')}</p>;
  if (status.state === 'loading')
    return (
      <div>
        <p className={styles.meta} role="status">
          Loading: {formatInteger(status.rows)} rows
          {status.estimate !== null ? ` of about ${formatInteger(status.estimate)}` : ''}
        </p>
        <progress
          className={styles.progress}
          aria-label={`Loading ${table.name}`}
          value={status.estimate !== null ? Math.min(status.rows, status.estimate) : undefined}
          max={status.estimate ?? undefined}
        />
        <button type="button" onClick={() => cancelTableLoad(table.name)}>
          Cancel loading {table.name}
        </button>
      </div>
    );
  return (
    <div>
      <p className={styles.fieldError} role="alert">
        {status.state === 'failed'
          ? `${table.name} could not be loaded: ${status.message}`
          : `Loading ${table.name} was cancelled.`}
      </p>
      <button type="button" onClick={() => void retry()}>
        Retry {table.name}
      </button>
    </div>
  );
}

/** The query's time bounds as it sent them, for the summary: " (2025-07-01 to 2025-07-08)". */
function rangeText(params: { start_time?: string; end_time?: string; time?: string }): string {
  if (params.time !== undefined) return ` (time=${params.time})`;
  if (params.start_time === undefined && params.end_time === undefined) return '';
  return ` (${params.start_time ?? 'its first data'} to ${params.end_time ?? 'its latest data'})`;
}

function Provenance({ table }: { table: SqlTable }) {
  if (table.source.kind === 'sql')
    return (
      <details className={styles.details}>
        <summary>Made by SQL</summary>
        <pre className={styles.sqlSource}>{table.source.sql}</pre>
      </details>
    );
  return (
    <details className={styles.details}>
      <summary>
        From {table.source.dataset}
        {rangeText(table.source.params)}: {formatCount(table.requests.length, 'query', 'queries')}
        {table.pages !== undefined && `, read in ${formatCount(table.pages, 'page')} (one request each)`}
      </summary>
      {table.requests.length === 0 ? (
        <p className={styles.hint}>No request has been made yet.</p>
      ) : (
        <ul className={styles.requestList}>
          {table.requests.map((r, i) => (
            <li key={i}>
              <code>{r.url}</code>
            </li>
          ))}
        </ul>
      )}
    </details>
  );
}

function TableItem({ table, taken }: { table: SqlTable; taken: readonly string[] }) {
  const [renaming, setRenaming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const drop = () => dropTable(table.name).catch((e: unknown) => setError(messageOf(e)));
  return (
    <li aria-label={table.name}>
      <div className={styles.tableHead}>
        <p className={styles.tableName}>{table.name}</p>
        <div className={styles.actions}>
          {!renaming && (
            <button type="button" onClick={() => setRenaming(true)} aria-label={`Rename ${table.name}`}>
              Rename
            </button>
          )}
          <button type="button" onClick={() => void drop()} aria-label={`Drop ${table.name}`}>
            Drop
          </button>
        </div>
      </div>
      {renaming && <RenameForm table={table} taken={taken} onDone={() => setRenaming(false)} />}
      <TableStatus table={table} onError={setError} />
      {error && (
        <p className={styles.fieldError} role="alert">
          {error}
        </p>
      )}
      {table.columns.length > 0 && (
        <details className={styles.details}>
          <summary>{formatCount(table.columns.length, 'column')}</summary>
          <ul className={styles.columnList} aria-label={`Columns of ${table.name}`}>
            {table.columns.map((c) => (
              <li key={c.name}>
                <code>{c.name}</code>
                <span className={styles.type}>
                  {c.type}
                  {c.unit ? ` · ${c.unit}` : ''}
                </span>
              </li>
            ))}
          </ul>
        </details>
      )}
      <Provenance table={table} />
    </li>
  );
}

/** The session's tables: name (renamable), rows, columns, where they came from, and their loading. */
export function TablesPanel({ tables }: { tables: readonly SqlTable[] }) {
  const taken = tables.map((t) => t.name);
  return (
    <section className={styles.panel} aria-labelledby="sql-tables-heading">
      <h2 id="sql-tables-heading">Tables</h2>
      {tables.length === 0 ? (
        <p className={styles.hint}>
          No tables yet. On the query page, or in Compare, choose Open in SQL to load a result here as a
          table.
        </p>
      ) : (
        <ul className={styles.tableList} aria-label="Tables">
          {tables.map((t) => (
            <TableItem key={t.name} table={t} taken={taken} />
          ))}
        </ul>
      )}
    </section>
  );
}
