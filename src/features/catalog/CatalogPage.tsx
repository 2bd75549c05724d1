import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { Dataset } from '@/contract';
import { ApiErrorMessage } from '@/components/ApiErrorMessage';
import { DataTable, type DataTableColumn } from '@/components/DataTable';
import { EmptyState } from '@/components/EmptyState';
import { LinkSettingsNotice } from '@/components/LinkSettingsNotice';
import { QueryLoading } from '@/components/QueryLoading';
import { inAppHref, useInAppLinks } from '@/components/useInAppLinks';
import { formatCadence, formatRelative, formatTimestamp } from '@/lib/format';
import { unreadUrlSettings } from '@/lib/linkSettings';
import { useUrlState } from '@/lib/urlState';
import styles from './CatalogPage.module.css';
import { allDatasetsOptions, listedDatasetsOptions } from './catalogQueries';
import { CATALOG_LINK_NOTES, catalogSources, catalogUrlState } from './catalogUrlState';
import { filterDatasets } from './filterDatasets';
import { useFocusShortcut } from './useFocusShortcut';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import { useHydrated } from '@/lib/useHydrated';

function countText(shown: number, total: number): string {
  const noun = total === 1 ? 'dataset' : 'datasets';
  return shown === total ? `${total} ${noun}` : `${shown} of ${total} ${noun}`;
}

function emptyTitle(q: string, source: string): string {
  const parts = [q.trim() ? `“${q.trim()}”` : '', source ? `source “${source}”` : ''].filter(Boolean);
  return parts.length > 0 ? `No datasets match ${parts.join(' in ')}.` : 'No datasets are available.';
}

/**
 * What a coverage cell holds in the prerendered page and while it hydrates: the shape of
 * `formatTimestamp`'s answer, hidden, so the real time takes its place without moving the layout.
 * The demo's coverage runs up to the clock, so the build's own would be untrue.
 */
const PENDING_TIME = '0000-00-00 00:00 CDT';

function PendingTime({ age = false }: { age?: boolean }) {
  return (
    <span className={age ? `${styles.pending} ${styles.age}` : styles.pending} aria-hidden="true">
      {age ? '…' : PENDING_TIME}
    </span>
  );
}

function catalogColumns(now: number, hydrated: boolean): DataTableColumn<Dataset>[] {
  return [
    {
      id: 'name',
      header: 'Dataset',
      rowHeader: true,
      cell: (d) => (
        <div className={styles.nameCell}>
          <a href={inAppHref(`/datasets/${encodeURIComponent(d.id)}`)} className={styles.name}>
            {d.name}
          </a>
          <code className={styles.id}>{d.id}</code>
        </div>
      ),
    },
    {
      id: 'description',
      header: 'Description',
      cell: (d) => <span className={styles.description}>{d.description}</span>,
    },
    { id: 'cadence', header: 'Cadence', nowrap: true, cell: (d) => formatCadence(d.cadence) },
    {
      id: 'earliest',
      header: 'Earliest data',
      nowrap: true,
      cell: (d) =>
        hydrated ? <time dateTime={d.earliestData}>{formatTimestamp(d.earliestData)}</time> : <PendingTime />,
    },
    {
      id: 'latest',
      header: 'Latest data',
      nowrap: true,
      cell: (d) =>
        hydrated ? (
          <>
            <time dateTime={d.latestData}>{formatTimestamp(d.latestData)}</time>
            <span className={styles.age}>{formatRelative(d.latestData, now)}</span>
          </>
        ) : (
          <>
            <PendingTime />
            <PendingTime age />
          </>
        ),
    },
    {
      id: 'actions',
      header: 'Actions',
      nowrap: true,
      cell: (d) => (
        <a
          href={inAppHref(`/datasets/${encodeURIComponent(d.id)}/query`)}
          className="button-link secondary"
          aria-label={`Query ${d.name}`}
        >
          Query
        </a>
      ),
    },
  ];
}

/** `/`: every dataset of the catalog, filterable by text and by market, the view kept in the URL. */
export function CatalogPage() {
  const [{ q, source }, setState, invalid] = useUrlState(catalogUrlState);
  const [params] = useSearchParams();
  const filterRef = useRef<HTMLInputElement>(null);
  // The list's links are plain anchors routed by one listener (useInAppLinks: a <Link> each slowed
  // the first screen, bench catalog-load).
  const pageRef = useRef<HTMLDivElement>(null);
  useInAppLinks(pageRef);
  const hintId = useId();
  useFocusShortcut(filterRef);
  useDocumentTitle('Datasets');
  // Ages of the latest data are read when the page opens; they move slower than anyone reads them.
  const [now] = useState(Date.now);
  const hydrated = useHydrated();
  const columns = useMemo(() => catalogColumns(now, hydrated), [now, hydrated]);

  // The box shows local text, so typing never waits for the router's (transition) update of the URL;
  // a URL change we did not make ourselves (back/forward, a link) replaces it.
  const [text, setText] = useState(q);
  const [lastWritten, setLastWritten] = useState(q);
  if (q !== lastWritten) {
    setLastWritten(q);
    setText(q);
  }
  const changeText = (value: string): void => {
    setText(value);
    setLastWritten(value);
    setState({ q: value }, { replace: true });
  };

  // What was typed or chosen in the prerendered page before React hydrated it: the controls hold
  // it (hydration keeps what it finds), and the list and the URL follow it now.
  const sourceRef = useRef<HTMLSelectElement>(null);
  useEffect(() => {
    const typed = filterRef.current?.value ?? text;
    if (typed !== text) changeText(typed);
    const chosen = sourceRef.current?.value ?? source;
    if (chosen !== source) setState({ source: chosen });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, as the page starts
  }, []);

  const options = listedDatasetsOptions(source);
  const query = useQuery(options);
  const all = query.data?.data;
  const shown = useMemo(() => (all ? filterDatasets(all, text) : []), [all, text]);
  // The sources the catalog has (only ERCOT has data here), read from the whole catalog, plus the
  // one a link asked for: a menu of seven markets, six of them empty, only misleads.
  const everything = useQuery(allDatasetsOptions()).data?.data;
  const sources = useMemo(() => catalogSources(everything, source), [everything, source]);

  const clear = (): void => {
    setText('');
    setLastWritten('');
    setState({ q: '', source: '' });
    filterRef.current?.focus();
  };

  return (
    <div className={styles.page} ref={pageRef}>
      <header className={styles.header}>
        <h1>Datasets</h1>
        <p className={styles.count} aria-live="polite">
          {all ? countText(shown.length, all.length) : ''}
        </p>
      </header>

      <div role="search" aria-label="Datasets" className={styles.controls}>
        <div className={styles.field}>
          <label htmlFor={`${hintId}-q`}>Filter datasets</label>
          <input
            id={`${hintId}-q`}
            ref={filterRef}
            type="search"
            aria-keyshortcuts="/"
            value={text}
            placeholder="Id, name or description"
            autoComplete="off"
            spellCheck={false}
            aria-describedby={hintId}
            onChange={(event) => changeText(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Escape' && text !== '') {
                event.preventDefault();
                changeText('');
              }
            }}
          />
          <span id={hintId} className={styles.hint}>
            Press <kbd>/</kbd> to focus, <kbd>Esc</kbd> to clear.
          </span>
        </div>
        <div className={styles.field}>
          <label htmlFor={`${hintId}-source`}>Source</label>
          <select
            id={`${hintId}-source`}
            ref={sourceRef}
            value={source}
            onChange={(event) => setState({ source: event.target.value })}
          >
            <option value="">All sources</option>
            {sources.map((s) => (
              <option key={s} value={s}>
                {s.toUpperCase()}
              </option>
            ))}
          </select>
        </div>
      </div>

      <LinkSettingsNotice unread={unreadUrlSettings(params, invalid, CATALOG_LINK_NOTES)} />

      {query.isPending ? (
        <QueryLoading label="Loading datasets…" queryKey={options.queryKey} refetch={query.refetch} />
      ) : query.isError ? (
        <ApiErrorMessage error={query.error} onRetry={() => void query.refetch()} />
      ) : shown.length === 0 ? (
        <EmptyState title={emptyTitle(text, source)}>
          <button type="button" onClick={clear}>
            Clear filter
          </button>
        </EmptyState>
      ) : (
        <DataTable
          caption={text || source ? `Datasets matching the filter` : 'All datasets'}
          hideCaption
          columns={columns}
          rows={shown}
          rowKey={(d) => d.id}
        />
      )}
    </div>
  );
}
