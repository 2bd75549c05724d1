/**
 * Query history as a list: the library's History tab and the query builder's history panel mount
 * it. Newest first, searched as the analyst types (over the words and the dataset), filtered by
 * dataset or to the starred ones, shown a page at a time so 5,000 entries stay quick. A star
 * keeps an entry past the bound; "Open" goes back to the page as it was when the query ran.
 *
 * It reads the store (and so Dexie): pages load it lazily, never on their first screen.
 */
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { formatInteger, formatRelative, formatTimestamp } from '@/lib/format';
import { isOpenablePath } from '@/workspace/viewPath';
import { clearUnstarredHistory, setHistoryStarred } from '@/workspace/history';
import { historyFailureReason, useHistoryFailure } from '@/workspace/historyStatus';
import { useLiveHistory } from '@/workspace/liveHistory';
import { HISTORY_LIMIT, VIEW_KIND_LABELS, type HistoryEntry } from '@/workspace/types';
import styles from './HistoryList.module.css';

export interface HistoryListProps {
  /** Show only this dataset's queries at first (the query builder's panel). */
  dataset?: string;
  /** A short list in a side panel rather than the library's full tab. */
  compact?: boolean;
}

/** Entries shown at first, and added by each "Show more". */
const PAGE = { full: 100, compact: 20 } as const;
/** The relative times ("5 min ago") are refreshed this often. */
const CLOCK_MS = 30_000;

interface Indexed {
  entry: HistoryEntry;
  /** The words searched, lower-cased once per change of the history rather than per keystroke. */
  haystack: string;
}

function durationText(ms: number): string {
  return ms < 1_000 ? `${ms} ms` : `${(ms / 1_000).toFixed(ms < 10_000 ? 1 : 0)} s`;
}

function rowsText(entry: HistoryEntry): string | null {
  if (entry.rows === null) return null;
  const more = entry.moreRows === true ? '+' : '';
  return `${formatInteger(entry.rows)}${more} ${entry.rows === 1 && !more ? 'row' : 'rows'}`;
}

function queriesText(entry: HistoryEntry): string | null {
  if (entry.queries <= 1) return null;
  return `${formatInteger(entry.queries)} ${entry.kind === 'priceMap' ? 'steps' : 'queries'}`;
}

function useClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), CLOCK_MS);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

function EntryItem({
  entry,
  now,
  onStar,
}: {
  entry: HistoryEntry;
  now: number;
  onStar: (entry: HistoryEntry) => void;
}) {
  const starred = entry.starred === 1;
  const details = [
    VIEW_KIND_LABELS[entry.kind],
    entry.dataset,
    rowsText(entry),
    durationText(entry.durationMs),
    queriesText(entry),
  ].filter((part): part is string => part !== null);
  return (
    <li className={styles.entry}>
      <div className={styles.body}>
        <p className={styles.label}>{entry.label}</p>
        <p className={styles.details}>
          <time
            dateTime={new Date(entry.at).toISOString()}
            title={formatTimestamp(entry.at, { timeZone: 'local', seconds: true })}
          >
            {formatRelative(entry.at, Math.max(now, entry.at))}
          </time>
          {details.map((part) => ` · ${part}`).join('')}
        </p>
        {entry.error !== null && <p className={styles.failed}>Failed: {entry.error}</p>}
      </div>
      <div className={styles.actions}>
        <button
          type="button"
          className={styles.star}
          aria-pressed={starred}
          aria-label={`Star: ${entry.label}`}
          title={starred ? 'Starred: kept past the bound' : 'Star to keep it past the bound'}
          onClick={() => onStar(entry)}
        >
          {starred ? '★' : '☆'}
        </button>
        {isOpenablePath(entry.path) ? (
          <Link to={entry.path} aria-label={`Open: ${entry.label}`}>
            Open
          </Link>
        ) : (
          <span className={styles.muted}>Cannot be opened</span>
        )}
      </div>
    </li>
  );
}

export function HistoryList({ dataset, compact = false }: HistoryListProps) {
  const { entries, error } = useLiveHistory();
  const failure = useHistoryFailure();
  const now = useClock();
  const ids = useId();
  const pageSize = compact ? PAGE.compact : PAGE.full;
  const [search, setSearch] = useState('');
  const [datasetFilter, setDatasetFilter] = useState(dataset ?? '');
  const [starredOnly, setStarredOnly] = useState(false);
  const [shown, setShown] = useState<number>(pageSize);
  const [confirming, setConfirming] = useState(false);
  const [actionError, setActionError] = useState<string | null>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  // The button that asked is gone: the keyboard lands on the safe answer.
  useEffect(() => {
    if (confirming) cancelRef.current?.focus();
  }, [confirming]);

  const indexed = useMemo<Indexed[]>(
    () =>
      (entries ?? []).map((entry) => ({
        entry,
        haystack: `${entry.label}\n${entry.dataset ?? ''}`.toLowerCase(),
      })),
    [entries],
  );
  const datasets = useMemo(() => {
    const present = new Set<string>();
    for (const { entry } of indexed) if (entry.dataset !== null) present.add(entry.dataset);
    if (dataset) present.add(dataset);
    return [...present].sort();
  }, [indexed, dataset]);
  const matching = useMemo(() => {
    const terms = search
      .toLowerCase()
      .split(/\s+/)
      .filter((t) => t !== '');
    return indexed.filter(
      ({ entry, haystack }) =>
        (datasetFilter === '' || entry.dataset === datasetFilter) &&
        (!starredOnly || entry.starred === 1) &&
        terms.every((term) => haystack.includes(term)),
    );
  }, [indexed, search, datasetFilter, starredOnly]);

  const total = entries?.length ?? 0;
  const starredCount = indexed.reduce((n, { entry }) => n + entry.starred, 0);
  const unstarred = total - starredCount;
  const visible = matching.slice(0, shown);
  const filtering = search.trim() !== '' || datasetFilter !== '' || starredOnly;
  const refilter = (apply: () => void) => {
    apply();
    setShown(pageSize);
  };

  const star = (entry: HistoryEntry) => {
    if (entry.id === undefined) return;
    setActionError(null);
    setHistoryStarred(entry.id, entry.starred !== 1).catch((e: unknown) =>
      setActionError(`The star could not be saved: ${historyFailureReason(e)}.`),
    );
  };
  const clear = () => {
    setConfirming(false);
    setActionError(null);
    clearUnstarredHistory().catch((e: unknown) =>
      setActionError(`The history could not be cleared: ${historyFailureReason(e)}.`),
    );
  };

  return (
    <div className={compact ? `${styles.list} ${styles.compact}` : styles.list}>
      {failure !== null && (
        <p role="alert" className={styles.problem}>
          History could not be saved: {failure.reason}. {formatInteger(failure.lost)}{' '}
          {failure.lost === 1 ? 'query was' : 'queries were'} not recorded.
        </p>
      )}
      {error !== null && (
        <p role="alert" className={styles.problem}>
          History could not be read: {historyFailureReason(error)}.
        </p>
      )}
      <div className={styles.filters} role="search" aria-label="Query history">
        <label htmlFor={`${ids}-search`}>Search history</label>
        <input
          id={`${ids}-search`}
          type="search"
          value={search}
          onChange={(e) => refilter(() => setSearch(e.target.value))}
          placeholder="dataset, location, date…"
        />
        <label htmlFor={`${ids}-dataset`}>Dataset</label>
        <select
          id={`${ids}-dataset`}
          value={datasetFilter}
          onChange={(e) => refilter(() => setDatasetFilter(e.target.value))}
        >
          <option value="">All datasets</option>
          {datasets.map((d) => (
            <option key={d} value={d}>
              {d}
            </option>
          ))}
        </select>
        <label className={styles.check}>
          <input
            type="checkbox"
            checked={starredOnly}
            onChange={(e) => refilter(() => setStarredOnly(e.target.checked))}
          />
          Starred only
        </label>
      </div>
      <p className={styles.bound}>
        Keeps the newest {formatInteger(HISTORY_LIMIT)} queries; starred ones are kept.{' '}
        {entries === undefined
          ? ''
          : `${formatInteger(total)} recorded, ${formatInteger(starredCount)} starred.`}
      </p>
      {entries === undefined && error === null && <p role="status">Loading history…</p>}
      {entries !== undefined && total === 0 && (
        <p className={styles.muted}>No queries recorded yet: every query you run is listed here.</p>
      )}
      {total > 0 && matching.length === 0 && (
        <p className={styles.muted}>No recorded query matches{filtering ? ' these filters' : ''}.</p>
      )}
      {visible.length > 0 && (
        <ol className={styles.entries} aria-label="Recorded queries">
          {visible.map(({ entry }) => (
            <EntryItem key={entry.id ?? entry.groupKey} entry={entry} now={now} onStar={star} />
          ))}
        </ol>
      )}
      {matching.length > visible.length && (
        <button type="button" onClick={() => setShown((n) => n + pageSize)}>
          Show more ({formatInteger(matching.length - visible.length)} more)
        </button>
      )}
      {actionError !== null && (
        <p role="alert" className={styles.problem}>
          {actionError}
        </p>
      )}
      {unstarred > 0 &&
        (confirming ? (
          <div className={styles.confirm} role="group" aria-label="Clear unstarred queries">
            <p>
              Delete {formatInteger(unstarred)} unstarred {unstarred === 1 ? 'query' : 'queries'} from the
              history? Starred ones stay.
            </p>
            <button type="button" onClick={clear}>
              Delete them
            </button>
            <button type="button" ref={cancelRef} onClick={() => setConfirming(false)}>
              Cancel
            </button>
          </div>
        ) : (
          <button type="button" onClick={() => setConfirming(true)}>
            Clear unstarred…
          </button>
        ))}
    </div>
  );
}
