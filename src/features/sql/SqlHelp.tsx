import type { EngineState } from '@/sql/sqlSession';
import styles from './SqlPage.module.css';

/** How the editor works and what the engine can and cannot do. */
export function SqlHelp({ engine }: { engine: EngineState }) {
  return (
    <details className={styles.help}>
      <summary>How the SQL editor works</summary>
      <div>
        <ul>
          <li>Ctrl+Enter (⌘+Enter on a Mac) runs the SQL; with text selected, only the selection runs.</li>
          <li>
            Tab leaves the editor for the next control (it does not indent: indent with spaces). While
            completions are shown, Escape closes them.
          </li>
          <li>
            Tables are held by DuckDB in this page
            {engine.state === 'ready' ? ` (DuckDB ${engine.version})` : ''}: nothing is sent anywhere, there
            is no network access and no extensions, so files and URLs cannot be read from SQL.
          </li>
          <li>
            Time zones: DuckDB’s time-zone extension (ICU) is not available offline, so this page never makes
            zoned timestamps. <code>_utc</code> columns are UTC instants; <code>_local</code> columns are the
            market’s wall clock, converted by the app’s own time code: use them for hour of day, weekday and
            month. A table has <code>_local</code> columns when its query asked for market time.
          </li>
          <li>
            A result holds up to the rows you choose; Export writes every row of it. Save as table keeps a
            result for later SQL.
          </li>
        </ul>
      </div>
    </details>
  );
}
