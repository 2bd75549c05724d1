import { useEffect, useId, useRef } from 'react';
import { formatInteger } from '@/lib/format';
import { SQL_ROW_CAPS, type SqlRowCap } from '@/sql/types';
import styles from './SqlPage.module.css';

/**
 * Seconds since `startedAt`, written straight into the text node each quarter second: a React
 * state per tick would re-render the page four times a second while DuckDB works.
 */
function ElapsedSeconds({ startedAt }: { startedAt: number }) {
  const ref = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    const write = () => {
      if (ref.current) ref.current.textContent = `${Math.floor((Date.now() - startedAt) / 1000)} s`;
    };
    write();
    const timer = setInterval(write, 250);
    return () => clearInterval(timer);
  }, [startedAt]);
  return <span ref={ref}>0 s</span>;
}

interface Props {
  onRun: () => void;
  running: { startedAt: number } | null;
  onCancel: () => void;
  rowCap: SqlRowCap;
  onRowCapChange: (cap: SqlRowCap) => void;
  /** Why Run cannot be pressed (the engine is starting, or failed), or null. */
  disabledReason: string | null;
}

export function RunBar({ onRun, running, onCancel, rowCap, onRowCapChange, disabledReason }: Props) {
  const capId = useId();
  return (
    <div className={styles.runBar}>
      <button type="button" className="primary" onClick={onRun} disabled={disabledReason !== null}>
        Run
      </button>
      <div className={styles.field}>
        <label htmlFor={capId}>Rows to hold</label>
        <select
          id={capId}
          value={rowCap}
          onChange={(e) => onRowCapChange(Number(e.target.value) as SqlRowCap)}
        >
          {SQL_ROW_CAPS.map((cap) => (
            <option key={cap} value={cap}>
              {formatInteger(cap)}
            </option>
          ))}
        </select>
      </div>
      {running ? (
        <div className={styles.running}>
          <span role="status">Running…</span>
          <ElapsedSeconds startedAt={running.startedAt} />
          <button type="button" onClick={onCancel}>
            Cancel the query
          </button>
        </div>
      ) : (
        disabledReason && (
          <p className={styles.hint} role="status">
            {disabledReason}
          </p>
        )
      )}
    </div>
  );
}
