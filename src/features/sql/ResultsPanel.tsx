import { useId, useMemo, useState, type SyntheticEvent } from 'react';
import { LazyTimeSeriesChart } from '@/components/charts/LazyTimeSeriesChart';
import { Tabs } from '@/components/Tabs';
import type { TableView } from '@/components/TableColumnsMenu';
import { VirtualTable } from '@/components/VirtualTable';
import { formatCount, formatInteger, formatNumber, unitDecimals } from '@/lib/format';
import { loadTable } from '@/sql/sqlSession';
import type { SqlResult, SqlTable } from '@/sql/types';
import { resultChart } from './resultChart';
import { formatSqlTimestamp, resultColumns, resultTableRows } from './resultRows';
import { SqlCodeTab } from './SqlCodeTab';
import { SqlExportPanel } from './SqlExportPanel';
import { tableNameProblem } from './tableName';
import styles from './SqlPage.module.css';

const RESULT_TABS = ['Table', 'Chart', 'Export', 'Code'] as const;
type ResultTab = (typeof RESULT_TABS)[number];
const NO_VIEW: TableView = { hidden: [], pinned: [], order: [] };

function ResultChart({ result }: { result: SqlResult }) {
  const chart = useMemo(() => resultChart(result), [result]);
  if (!chart.drawable) return <p className={styles.hint}>{chart.reason}</p>;
  const { time, unit } = chart;
  return (
    <div>
      <p className={styles.hint}>{chart.description}</p>
      <LazyTimeSeriesChart
        series={chart.series}
        title={`Result over ${time.name}`}
        formatTime={(ms) => formatSqlTimestamp(ms, time)}
        formatValue={(v) => formatNumber(v, { decimals: unitDecimals(unit) })}
      />
    </div>
  );
}

function SaveAsTable({ sql, tables }: { sql: string; tables: readonly SqlTable[] }) {
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const inputId = useId();
  const errorId = useId();
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    const found = tableNameProblem(
      trimmed,
      tables.map((t) => t.name),
    );
    setProblem(found);
    setSaved(null);
    if (found !== null) return;
    loadTable({ name: trimmed, source: { kind: 'sql', sql } }).then(
      () => {
        setSaved(trimmed);
        setName('');
      },
      (e: unknown) => setProblem(e instanceof Error ? e.message : String(e)),
    );
  };
  return (
    <form className={styles.saveForm} onSubmit={submit} noValidate>
      <label htmlFor={inputId}>Save the result as a table named</label>
      <input
        id={inputId}
        value={name}
        onChange={(e) => setName(e.target.value)}
        aria-invalid={problem !== null}
        aria-describedby={problem ? errorId : undefined}
        spellCheck={false}
        autoCapitalize="off"
        autoComplete="off"
      />
      <button type="submit">Save as table</button>
      {problem && (
        <p id={errorId} className={styles.fieldError} role="alert">
          {problem}
        </p>
      )}
      {saved && (
        <p className={styles.hint} role="status">
          Saved as {saved}.
        </p>
      )}
    </form>
  );
}

interface Props {
  result: SqlResult;
  tables: readonly SqlTable[];
}

/** A result in the same table, chart and exports as any query, and the Python that gives it again. */
export function ResultsPanel({ result, tables }: Props) {
  const [tab, setTab] = useState<ResultTab>('Table');
  const [view, setView] = useState<{ result: SqlResult; view: TableView }>({ result, view: NO_VIEW });
  const columns = useMemo(() => resultColumns(result.columns), [result]);
  const rows = useMemo(() => resultTableRows(result), [result]);
  // A new result starts with every column shown in its own order.
  const shownView = view.result === result ? view.view : NO_VIEW;

  const panel =
    tab === 'Table' ? (
      <VirtualTable
        caption="Result of the SQL"
        columns={columns}
        rows={rows}
        view={shownView}
        onViewChange={(next) => setView({ result, view: next })}
      />
    ) : tab === 'Chart' ? (
      <ResultChart result={result} />
    ) : tab === 'Export' ? (
      <SqlExportPanel result={result} tables={tables} />
    ) : (
      <SqlCodeTab sql={result.sql} tables={tables} />
    );

  return (
    <section className={styles.results} aria-labelledby="sql-result-heading">
      <h2 id="sql-result-heading">Result</h2>
      <div className={styles.resultLine}>
        <p className={styles.meta} role="status">
          {formatCount(result.rowCount, 'row')} · {formatCount(result.columns.length, 'column')} ·{' '}
          {formatNumber(result.elapsedMs / 1000, { decimals: 2 })} s
        </p>
        {result.truncated && (
          <p className={styles.truncated}>
            The result has more than {formatInteger(result.rowCount)} rows; the table holds the first{' '}
            {formatInteger(result.rowCount)}. Export writes all of them.
          </p>
        )}
      </div>
      <Tabs
        tabs={RESULT_TABS}
        active={tab}
        onSelect={setTab}
        label="Result"
        idPrefix="sql-result"
        panel={panel}
        classNames={{ tablist: styles.tablist, panel: styles.tabPanel }}
      />
      <SaveAsTable sql={result.sql} tables={tables} />
    </section>
  );
}
