import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState, type SyntheticEvent } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { datasetOptions } from '@/api/datasets/queries';
import { fetchDatasetTablePage } from '@/api/query/fetchers';
import type { FetchTablePage } from '@/api/query/pagedRows';
import { datasetTablePageOptions } from '@/api/query/queries';
import type { Dataset, DatasetQueryParams } from '@/contract';
import type { TableView } from '@/components/TableColumnsMenu';
import { ApiErrorMessage } from '@/components/ApiErrorMessage';
import { DatasetErrorMessage } from '@/components/DatasetErrorMessage';
import { HistoryPanel } from '@/components/workspace/HistoryPanel';
import { LinkSettingsNotice } from '@/components/LinkSettingsNotice';
import { Loading } from '@/components/Loading';
import { QueryLoading } from '@/components/QueryLoading';
import { describeQuery } from '@/lib/queryDescription';
import { CodePanel } from './CodePanel';
import { ColumnsControl } from './ColumnsControl';
import { EmptyResult } from './EmptyResult';
import { placeError, type QueryControl } from './errorPlacement';
import { ExportPanel } from './ExportPanel';
import { FilterControl } from './FilterControl';
import { PagingControl } from './PagingControl';
import { descriptionInput } from './querySummary';
import { readQueryLink } from './queryLink';
import { writeQueryState, type QueryState } from './queryUrl';
import { presetRange, toApiParams } from './requestParams';
import { DataQualityLine, partialBuckets, sidecarQualityOf, useDataQuality } from './DataQualityLine';
import type { QualityItem } from './dataQuality';
import { formatUtc, viewerTimeZone } from '@/time';
import styles from './QueryPage.module.css';
import { ResampleControl } from './ResampleControl';
import { ResultsChart } from './ResultsChart';
import { ResultsTable } from './ResultsTable';
import { ResultTabs, type ResultTab } from './ResultTabs';
import { readTableView, tableViewOf, tableViewState, writeTableView } from './tableView';
import { TimeRangeControl } from './TimeRangeControl';
import { TimezoneControl } from './TimezoneControl';
import { resolveTypedTimes, TIME_FIELD_IDS, TIME_FIELDS, type TimeField } from './typedTime';
import { maxPagesFor, usePagedRows } from './usePagedRows';
import { VintageControl } from './VintageControl';
import { queryViewDescriptor } from './viewDescriptor';
import { SaveViewBar } from '@/components/workspace/SaveViewBar';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import { addToCompareHref, marketRange } from '@/compare/compareLinks';
import { valueColumnOf } from '@/lib/valueColumn';
import { MARKET_TIME_ZONE } from '@/lib/format';
import { openInSqlHref, suggestTableName, tableSourceParams } from '@/sql/sqlLink';
import { useMediaQuery } from '@/lib/useMediaQuery';

/** Where the form stacks above the results (the layout's breakpoint in QueryPage.module.css). */
const NARROW_SCREEN = '(max-width: 60rem)';

/** `/datasets/:id/query`: the query builder. */
/** The query as a series of the Compare workspace: its value column, its one-location filter, its range. */
function CompareLink({
  dataset,
  state,
  start,
  end,
}: {
  dataset: Dataset;
  state: QueryState;
  start: string | undefined;
  end: string | undefined;
}) {
  const column = valueColumnOf(dataset, state.cols);
  if (column === null) return null;
  const filtered = state.fcol !== '' && state.fop === '=' && state.fval !== '' && !state.fval.includes(',');
  const tz = state.tz === 'market' ? MARKET_TIME_ZONE : state.tz === 'local' ? undefined : state.tz;
  const range = marketRange(start, end, tz ?? viewerTimeZone());
  const href = addToCompareHref(
    {
      dataset: dataset.id,
      column,
      filterColumn: filtered ? state.fcol : '',
      filterValue: filtered ? state.fval : '',
      fn: state.rs !== '' ? state.rsfn : 'mean',
      shift: 0,
      lead: null,
    },
    range ? { ...range, ...(tz ? { tz } : {}) } : null,
  );
  return <Link to={href}>Add to compare</Link>;
}

/** Every row of the query as a table of the SQL page, added to the tab's last SQL view. */
function SqlLink({ dataset, params }: { dataset: Dataset; params: DatasetQueryParams }) {
  const source = tableSourceParams(params);
  const href = openInSqlHref({
    name: suggestTableName(dataset.id, source),
    source: { kind: 'query', dataset: dataset.id, params: source },
  });
  return <Link to={href}>Open in SQL</Link>;
}

// Boot's first-screen prefetch (app/firstScreenData) takes it from the page's own chunk.
export { prefetchQueryRows } from './firstScreen';

export function QueryPage() {
  const { id = '' } = useParams();
  const datasetOpts = datasetOptions(id);
  const datasetQuery = useQuery(datasetOpts);
  useDocumentTitle(`Query ${datasetQuery.data?.name ?? id}`);
  if (datasetQuery.isSuccess) return <QueryBuilder dataset={datasetQuery.data} />;
  // Until the metadata arrives the page still says where the user is, so it never reads blank.
  return (
    <div className={styles.page}>
      <header>
        <p>
          <Link to={`/datasets/${encodeURIComponent(id)}`}>Dataset {id}</Link>
        </p>
        <h1>
          Query <code>{id}</code>
        </h1>
      </header>
      {datasetQuery.isError ? (
        <DatasetErrorMessage
          id={id}
          error={datasetQuery.error}
          onRetry={() => void datasetQuery.refetch()}
          hrefOf={(near) => `/datasets/${encodeURIComponent(near)}/query`}
        />
      ) : (
        <QueryLoading
          label="Loading dataset…"
          queryKey={datasetOpts.queryKey}
          refetch={datasetQuery.refetch}
        />
      )}
    </div>
  );
}

interface FormProps {
  dataset: Dataset;
  initial: QueryState;
  /** Why the link's times cannot be read: shown beside them from the start, as after a refused run. */
  initialTimeErrors: Partial<Record<TimeField, string>>;
  errors: Partial<Record<QueryControl, string>>;
  running: boolean;
  onRun: (state: QueryState) => void;
  onCancel: () => void;
}

/** The draft: edits stay here until "Run query" (or Enter) puts them in the URL. */
function QueryForm({ dataset, initial, initialTimeErrors, errors, running, onRun, onCancel }: FormProps) {
  const [draft, setDraft] = useState(initial);
  const [timeErrors, setTimeErrors] = useState(initialTimeErrors);
  const onChange = useCallback((patch: Partial<QueryState>) => {
    setDraft((d) => ({ ...d, ...patch }));
    // An edited field is judged afresh.
    setTimeErrors((errors) => Object.fromEntries(Object.entries(errors).filter(([key]) => !(key in patch))));
  }, []);
  const submit = (e: SyntheticEvent<HTMLFormElement>) => {
    e.preventDefault();
    // Typed times are read here: nothing runs until each can be, and words become fixed instants.
    const resolved = resolveTypedTimes(draft, Date.now());
    if (!resolved.ok) {
      setTimeErrors(resolved.errors);
      const first = TIME_FIELDS.find((f) => resolved.errors[f] !== undefined);
      if (first) document.getElementById(TIME_FIELD_IDS[first])?.focus();
      return;
    }
    setTimeErrors({});
    // The fields show what is sent: a word becomes its instant, even when the URL does not change.
    setDraft(resolved.state);
    onRun(resolved.state);
  };
  const props = { dataset, draft, onChange, timeErrors };
  return (
    <form className={styles.form} onSubmit={submit} aria-label="Query">
      <TimeRangeControl {...props} error={errors.time} />
      <TimezoneControl {...props} error={errors.timezone} />
      <FilterControl {...props} error={errors.filter} />
      <ColumnsControl {...props} error={errors.columns} />
      <ResampleControl {...props} error={errors.resample} />
      <VintageControl {...props} error={errors.vintage} />
      <PagingControl {...props} error={errors.paging} />
      <div className={styles.actions}>
        <button type="submit">Run query</button>
        {running && (
          <button type="button" onClick={onCancel}>
            Cancel query
          </button>
        )}
      </div>
    </form>
  );
}

function QueryBuilder({ dataset }: { dataset: Dataset }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const search = searchParams.toString();
  // Relative presets are resolved when a query is run, not on every render.
  const [runAt, setRunAt] = useState(() => Date.now());
  const link = useMemo(
    () => readQueryLink(new URLSearchParams(search), dataset, runAt),
    [search, dataset, runAt],
  );
  const state = link.state;
  // A time in the link that cannot be read stops the query, as when it is typed.
  const waiting = link.ready === null;
  // The query alone, without the table's layout: the form starts afresh only when this changes.
  const queryOnly = writeQueryState(state).toString();
  const [cancelled, setCancelled] = useState(false);
  const [tab, setTab] = useState<ResultTab>('Table');
  const queryClient = useQueryClient();

  const params = useMemo(() => toApiParams(link.request, dataset, runAt), [link, dataset, runAt]);
  // The first cursor page is a cached query; the rest are fetched, dropped and fetched again by
  // cursor as the table scrolls (docs/decisions/0011-table-memory.md).
  const options = datasetTablePageOptions(dataset.id, params);
  const results = useQuery({ ...options, enabled: !cancelled && !waiting });
  const summary = link.ready
    ? describeQuery(descriptionInput(link.ready, dataset, presetRange(link.ready, dataset, runAt)))
    : `${dataset.name} · not run: a time in the form cannot be read`;

  const firstPage = results.data;
  const fetchPage = useCallback<FetchTablePage>(
    (cursor, signal) => fetchDatasetTablePage(dataset.id, params, cursor, { signal }),
    [dataset.id, params],
  );
  const paged = usePagedRows(firstPage, fetchPage, maxPagesFor(params.page_size));
  const outputColumns = firstPage?.dataset_metadata.all_columns ?? dataset.all_columns;
  const timeIndex = firstPage?.dataset_metadata.time_index_column ?? dataset.time_index_column;
  // The table's layout lives in the URL beside the query; changing it never runs the query again.
  const viewState = useMemo(() => readTableView(new URLSearchParams(search)), [search]);
  const view = useMemo(
    () => tableViewOf(viewState, outputColumns, timeIndex),
    [viewState, outputColumns, timeIndex],
  );
  const onViewChange = useCallback(
    (next: TableView) =>
      setSearchParams((current) => writeTableView(tableViewState(next, outputColumns, timeIndex), current), {
        replace: true,
      }),
    [setSearchParams, outputColumns, timeIndex],
  );
  const placed = placeError(results.error, state.fcol);
  const errors: Partial<Record<QueryControl, string>> = placed?.control
    ? { [placed.control]: placed.message }
    : {};
  const running = results.isFetching;
  // On a narrow screen the form stacks above the results: once a query has shown its rows it folds
  // to its summary, so the results start near the top.
  const narrow = useMediaQuery(NARROW_SCREEN);
  const [editing, setEditing] = useState(false);
  const folded = narrow && !editing && results.isSuccess;

  const run = (draft: QueryState) => {
    setEditing(false);
    setCancelled(false);
    setRunAt(Date.now());
    // The same query, however the link spelled it: a new URL would not run it again, so reset it.
    if (writeQueryState(draft).toString() === queryOnly)
      void queryClient.resetQueries({ queryKey: options.queryKey });
    // The table's layout stays as the user set it.
    else setSearchParams(writeQueryState(draft, writeTableView(viewState, new URLSearchParams())));
  };
  const cancel = () => {
    setCancelled(true);
    void queryClient.cancelQueries({ queryKey: options.queryKey });
  };

  const quality = useDataQuality(dataset, params, state.rs, runAt, results.isSuccess);
  const qualityReport = quality.status === 'ready' ? quality.report : null;
  const partial = useMemo(() => partialBuckets(qualityReport), [qualityReport]);
  // An item of the quality line opens the same query over its bucket (and location) alone.
  const qualityHref = (item: QualityItem) => {
    const narrowed: QueryState = {
      ...state,
      range: 'custom',
      start: formatUtc(item.bucket.start),
      end: formatUtc(item.bucket.end),
    };
    if (item.group !== null && dataset.subseries_index_column !== null) {
      narrowed.fcol = dataset.subseries_index_column;
      narrowed.fop = '=';
      narrowed.fval = item.group;
    }
    return `?${writeQueryState(narrowed).toString()}`;
  };

  let panel;
  if (waiting) panel = <p role="status">The query runs once the times marked in the form can be read.</p>;
  else if (tab === 'Code') panel = <CodePanel datasetId={dataset.id} params={params} />;
  else if (tab === 'Export')
    panel = (
      <ExportPanel
        dataset={dataset}
        params={params}
        label={summary}
        nowMs={runAt}
        quality={sidecarQualityOf(quality)}
      />
    );
  else if (!paged.store || !paged.state)
    panel = cancelled ? (
      <p role="status">Query cancelled.</p>
    ) : results.isError ? null : (
      <Loading label="Running query…" onCancel={cancel} />
    );
  else if (paged.state.rowCount === 0 && paged.state.nextCursor === null && !running)
    panel = <EmptyResult dataset={dataset} state={state} />;
  else if (tab === 'Chart')
    panel = (
      <ResultsChart
        datasetId={dataset.id}
        params={params}
        columns={outputColumns}
        timeColumn={timeIndex}
        groupColumn={dataset.subseries_index_column}
        vintageColumn={dataset.publish_time_column}
        timeZone={state.tz}
        partial={partial}
        resampledHref={
          state.rs === '' ? `?${writeQueryState({ ...state, rs: '1h', rsfn: 'mean' }).toString()}` : null
        }
      />
    );
  else
    panel = (
      <ResultsTable
        caption={`Results: ${summary}`}
        columns={outputColumns}
        store={paged.store}
        state={paged.state}
        partial={partial}
        view={view}
        onViewChange={onViewChange}
      />
    );

  return (
    <div className={styles.page}>
      <header>
        <p>
          <Link to={`/datasets/${encodeURIComponent(dataset.id)}`}>{dataset.name}</Link>
          {' · '}
          <CompareLink dataset={dataset} state={state} start={params.start_time} end={params.end_time} />
          {!waiting && (
            <>
              {' · '}
              <SqlLink dataset={dataset} params={params} />
            </>
          )}
        </p>
        <h1>Query {dataset.name}</h1>
        <SaveViewBar
          kind="query"
          describe={(path) =>
            queryViewDescriptor({
              dataset,
              path,
              state: link.ready,
              range: link.ready ? presetRange(link.ready, dataset, runAt) : null,
              params,
              rows: firstPage?.rows ?? null,
            })
          }
        />
      </header>
      <LinkSettingsNotice unread={link.unread} />
      <div className={styles.layout}>
        {folded ? (
          <section aria-label="Query" className={styles.folded}>
            <p>{summary}</p>
            <button type="button" aria-expanded={false} onClick={() => setEditing(true)}>
              Edit query
            </button>
          </section>
        ) : (
          <QueryForm
            key={queryOnly}
            dataset={dataset}
            initial={state}
            initialTimeErrors={link.timeErrors}
            errors={errors}
            running={running}
            onRun={run}
            onCancel={cancel}
          />
        )}
        <section aria-label="Results" className={styles.results}>
          <p className={styles.summary} aria-label="Query summary">
            {summary}
          </p>
          {!results.isError && !waiting && (
            <DataQualityLine quality={quality} timeZone={params.timezone ?? 'UTC'} hrefFor={qualityHref} />
          )}
          {results.isError && !placed?.control && (
            <ApiErrorMessage error={results.error} onRetry={() => void results.refetch()} />
          )}
          {results.isError && placed?.control && (
            <p className={styles.hint}>
              The query was refused; see the message beside the {placed.control} control.
            </p>
          )}
          <ResultTabs active={tab} onSelect={setTab} panel={panel} />
        </section>
      </div>
      <HistoryPanel dataset={dataset.id} />
    </div>
  );
}
