import { useEffect, useMemo, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { DATASET_IDS } from '@/contract';
import { scriptBaseUrl, useConnection } from '@/api/connection';
import { saveBlob } from '@/lib/saveBlob';
import type { CsvNumberFormat } from '@/lib/csvWriter';
import { ApiErrorMessage } from '@/components/ApiErrorMessage';
import { ErrorBoundary } from '@/components/ErrorBoundary';
import { LinkSettingsNotice } from '@/components/LinkSettingsNotice';
import { Tabs } from '@/components/Tabs';
import { AnnotationsPanel } from '@/components/workspace/AnnotationsPanel';
import { useActiveAnnotations } from '@/workspace/activeView';
import { formatTimestamp, MARKET_TIME_ZONE } from '@/lib/format';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import { useUrlState } from '@/lib/urlState';
import { alignedCsv } from './alignedCsv';
import { LazyMultiAxisChart, type AxisSeries } from '@/components/charts/LazyCompareCharts';
import { usePreloadChart } from '@/components/charts/lazyChart';
import { compareScript } from './compareScript';
import { CompareHeading } from './CompareHeading';
import { seriesCsvFormats } from './csvPrecision';
import { EventsPanel } from './EventsPanel';
import { ForecastView } from './ForecastView';
import { GRID_CADENCES, GRID_LABELS } from './grid';
import { HeatmapView } from './HeatmapView';
import { PRESETS } from './presets';
import { ProfileView } from './ProfileView';
import { SeriesPanel } from './SeriesPanel';
import { StatsPanel } from './StatsPanel';
import { withoutValues } from './seriesWaiting';
import { netLabel, stackability, stackTotal } from './stacking';
import { memoLast } from '@/lib/memoLast';
import { useHiddenSeries } from '@/components/charts/useHiddenSeries';
import { useCompareData } from './useCompareData';
import { CHART_OF_VIEW } from './viewCharts';
import { shownLabel } from './seriesLabel';
import type { SeriesResult } from './seriesResult';
import { gridCadenceFor, workspaceRange } from './workspaceGrid';
import {
  compareLinkSettings,
  compareUrlState,
  dataSeries,
  nextFreeKey,
  VIEWS,
  seriesOf,
  type CompareState,
  type CompareView,
  type SeriesSpec,
} from '@/compare/compareWorkspace';
import { CommitInput } from './CommitInput';
import { rememberWorkspace } from '@/compare/compareLinks';
import styles from './ComparePage.module.css';
import { compareViewDescriptor } from './viewDescriptor';
import { SaveViewBar } from '@/components/workspace/SaveViewBar';
import { openInSqlHref } from '@/sql/sqlLink';
import type { DataSeries } from '@/compare/compareWorkspace';
import { alignedFrameHref, seriesTable } from './seriesSql';

const VIEW_TITLES: Record<CompareView, string> = {
  chart: 'Chart',
  heatmap: 'Heatmap',
  profile: 'Daily profile',
  forecast: 'Forecast error',
  code: 'Code',
};

/** Left axis for the first unit, right for the second; a third unit is not drawn (and said so). */
export function planAxes(series: readonly SeriesResult[]): { drawn: AxisSeries[]; left: SeriesResult[] } {
  const units: (string | null)[] = [];
  const drawn: AxisSeries[] = [];
  const left: SeriesResult[] = [];
  series.forEach((s, i) => {
    if (!s.values) return;
    if (!units.includes(s.unit)) units.push(s.unit);
    const slot = units.indexOf(s.unit);
    if (slot > 1) left.push(s);
    else
      drawn.push({
        key: s.spec.key,
        label: shownLabel(s),
        unit: s.unit,
        values: s.values,
        color: i,
        axis: slot === 0 ? 'left' : 'right',
      });
  });
  return { drawn, left };
}

function zoomWindow(zoom: string, times: Float64Array): [number, number] | null {
  const m = /^(\d+)_(\d+)$/.exec(zoom);
  if (!m) return null;
  const a = Number(m[1]);
  const b = Number(m[2]);
  let from = times.findIndex((t) => t >= a);
  let to = -1;
  for (let i = times.length - 1; i >= 0; i--)
    if ((times[i] ?? 0) <= b) {
      to = i;
      break;
    }
  if (from < 0 || to < from) return null;
  if (from === 0 && to === times.length - 1) return null;
  from = Math.max(0, from);
  return [from, to];
}

/** A sum has the decimals of its most precise column; unknown when any column's are. */
function sumFormat(columns: readonly { format?: CsvNumberFormat }[]): CsvNumberFormat | undefined {
  let decimals = 0;
  for (const { format } of columns) {
    if (!format || !('decimals' in format)) return undefined;
    decimals = Math.max(decimals, format.decimals);
  }
  return { decimals };
}

function SeriesSelect({
  series,
  value,
  onChange,
}: {
  series: readonly SeriesResult[];
  value: string;
  onChange: (key: string) => void;
}) {
  return (
    <label className={styles.field}>
      Series shown
      <select value={value} onChange={(e) => onChange(e.target.value)}>
        {series.map((s) => (
          <option key={s.spec.key} value={s.spec.key}>
            {s.label}
          </option>
        ))}
      </select>
    </label>
  );
}

// Boot's first-screen prefetch (app/firstScreenData) takes it from the page's own chunk.
export { prefetchCompare } from './firstScreen';

export function ComparePage() {
  useDocumentTitle('Compare');
  const [state, setState, invalid] = useUrlState(compareUrlState);
  const { search } = useLocation();
  // "Add to compare" on other pages adds to this workspace.
  useEffect(() => rememberWorkspace(search), [search]);
  const [now] = useState(() => Date.now());
  const data = useCompareData(state, now);
  const connection = useConnection();
  const { grid, series, datasets } = data;
  // The view's chart code comes while the series are on their way, not after them.
  usePreloadChart(CHART_OF_VIEW[state.view], series.length > 0);
  const cadence = gridCadenceFor(state, datasets);
  const { from, to } = workspaceRange(state, now);
  // Series of datasets the catalog lacks are named once the catalog is known.
  const unread = compareLinkSettings(
    new URLSearchParams(search),
    invalid,
    { from, to },
    state,
    datasets.size > 0 ? datasets : null,
  );
  const formatTime = (ms: number) => formatTimestamp(ms, { timeZone: state.tz });
  const specs = seriesOf(state);
  const window = grid ? zoomWindow(state.zoom, grid.times) : null;
  const axes = useMemo(() => planAxes(series), [series]);
  const canStack = stackability(series);
  const stackUnit = canStack.ok ? canStack.unit : null;
  const stacked = state.stack === 'on' && stackUnit !== null;
  // The chart's legend takes series out of the stack; the statistics' net follows it (0028).
  const [hidden, toggleHidden] = useHiddenSeries();
  // This page's own memory of its last net: the same array while the shown columns are, so the
  // statistics' cache holds across renders, and another page's net is never this one's.
  const [netOf] = useState(() =>
    memoLast((length: number, ...columns: (Float64Array | null)[]) => stackTotal(columns, length)),
  );
  const inStack = series.filter((s) => !hidden.has(s.spec.key));
  // A net of the series that have come so far would read as the stack's: none until all have.
  const netWaiting = stacked && inStack.some((s) => s.values === null);
  const total =
    stacked && grid && inStack.length > 0 && !netWaiting
      ? {
          label: netLabel(
            inStack.map((s) => s.spec.key),
            series.flatMap((s) => (hidden.has(s.spec.key) ? [s.spec.key] : [])),
          ),
          unit: stackUnit,
          values: netOf(grid.times.length, ...inStack.map((s) => s.values)),
        }
      : null;
  const annotations = useActiveAnnotations('compare');

  const change = (spec: SeriesSpec) => setState({ [spec.key]: spec }, { replace: true });
  const remove = (spec: SeriesSpec) => setState({ [spec.key]: null });
  const add = (kind: 'data' | 'expr') => {
    const key = nextFreeKey(state);
    if (!key) return;
    const spec: SeriesSpec =
      kind === 'data'
        ? dataSeries(key, DATASET_IDS.dayAheadSpp, 'spp', {
            filterColumn: 'location',
            filterValue: 'HB_HOUSTON',
          })
        : {
            kind: 'expr',
            key,
            expr: specs.length >= 2 ? `${specs[0]?.key ?? 'A'} - ${specs[1]?.key ?? 'B'}` : 'A * 1',
          };
    setState({ [key]: spec });
  };
  const applyPreset = (id: string) => {
    const preset = PRESETS.find((p) => p.id === id);
    if (preset) setState(preset.state(now));
  };
  const exportFrame = () => {
    if (!grid) return;
    const formats = seriesCsvFormats(series);
    const columns = series.map((s) => ({
      header: `${s.label}${s.unit ? ` (${s.unit})` : ''}`,
      values: s.values,
      format: formats.get(s.spec.key),
    }));
    // Stacked, the columns stay in stack order (letter order, A on zero) and the stack's net
    // follows: of every series, as the file is the whole frame whatever the chart hides.
    if (stacked)
      columns.push({
        header: `${netLabel(series.map((s) => s.spec.key))} (${stackUnit})`,
        values: stackTotal(
          series.map((s) => s.values),
          grid.times.length,
        ),
        format: sumFormat(columns),
      });
    const text = alignedCsv(grid, columns);
    saveBlob(new Blob([text], { type: 'text/csv' }), `compare_${from}_${to}_${cadence}.csv`);
  };
  // A series, or the whole aligned frame, as tables of the SQL page: each data series' request, as
  // sent. Built once per series, grid and catalog, not again on each render (a cold link renders the
  // page four times: at mount, then as the registry and each series arrive).
  const sqlHrefOf = useMemo(() => {
    const hrefs = new WeakMap<DataSeries, string | null>();
    return (spec: DataSeries): string | null => {
      let href = hrefs.get(spec);
      if (href === undefined) {
        const dataset = datasets.get(spec.dataset);
        href = grid && dataset ? openInSqlHref(seriesTable(spec, dataset, grid)) : null;
        hrefs.set(spec, href);
      }
      return href;
    };
  }, [datasets, grid]);
  const frameHref = useMemo(() => {
    const frame = seriesOf(state);
    return grid && frame.some((s) => s.kind === 'data' && datasets.has(s.dataset))
      ? alignedFrameHref(frame, datasets, grid)
      : null;
  }, [state, datasets, grid]);
  const shown = series.find((s) => s.spec.key === state.of) ?? series[0];
  const loading = series.some((s) => s.loading);
  // A chart of the series so far reads as the whole, a stack's top above all: it names the rest.
  const undrawn = series.filter((s) => s.values === null);

  const viewPanel = (() => {
    if (!grid) return null;
    if (series.length === 0)
      return <p className={styles.muted}>Add a series, or start from a preset above.</p>;
    switch (state.view) {
      case 'chart':
        return (
          <>
            <div className={styles.controls}>
              <label>
                <input
                  type="checkbox"
                  checked={stacked}
                  disabled={!canStack.ok}
                  aria-describedby={canStack.ok ? undefined : 'compare-stack-reason'}
                  onChange={(e) => setState({ stack: e.target.checked ? 'on' : 'off' })}
                />{' '}
                Stack series as areas
              </label>
              {!canStack.ok && (
                <span id="compare-stack-reason" className={styles.muted}>
                  {canStack.reason}
                </span>
              )}
            </div>
            {axes.left.length > 0 && (
              <p className={styles.muted}>
                Not drawn: {axes.left.map((s) => s.label).join('; ')}: a chart has two y axes, and these have
                a third unit.
              </p>
            )}
            {axes.drawn.length > 0 && undrawn.length > 0 && (
              <p className={styles.muted} data-testid="chart-waiting">
                Not drawn yet: {withoutValues(undrawn)}.
                {netWaiting ? ' The stack’s top sums only the series drawn.' : ''}
              </p>
            )}
            {axes.drawn.length > 0 ? (
              <LazyMultiAxisChart
                times={grid.times}
                timeZone={grid.zone}
                series={axes.drawn}
                window={window}
                onWindow={(w) =>
                  setState(
                    { zoom: w ? `${grid.times[w[0]] ?? 0}_${grid.times[w[1]] ?? 0}` : '' },
                    { replace: true },
                  )
                }
                formatTime={formatTime}
                annotations={annotations}
                stacked={stacked}
                hidden={hidden}
                onToggle={toggleHidden}
              />
            ) : (
              <p className={styles.muted}>
                {loading ? 'Loading the series…' : 'No series has data to draw.'}
              </p>
            )}
            {window && (
              <button type="button" onClick={() => setState({ zoom: '' })}>
                Show the whole range
              </button>
            )}
            <AnnotationsPanel
              kind="compare"
              timeZone={state.tz}
              range={{
                from: grid.times[window?.[0] ?? 0] ?? grid.end,
                to: window ? (grid.times[window[1]] ?? grid.end) : grid.end,
              }}
            />
          </>
        );
      case 'heatmap':
      case 'profile':
        return shown ? (
          <>
            <SeriesSelect
              series={series}
              value={shown.spec.key}
              onChange={(of) => setState({ of: of as CompareState['of'] })}
            />
            {state.view === 'heatmap' ? (
              <HeatmapView grid={grid} series={shown} now={now} />
            ) : (
              <ProfileView grid={grid} series={shown} color={series.indexOf(shown)} />
            )}
          </>
        ) : null;
      case 'forecast':
        return (
          <ForecastView
            grid={grid}
            series={series}
            datasets={datasets}
            forecastKey={state.fc}
            actualKey={state.act}
            lead={state.lead}
            onChange={(patch) => setState(patch)}
          />
        );
      case 'code':
        return (
          <section aria-label="Python">
            <p className={styles.muted}>
              The same aligned frame in Python, with gridstatusio and pandas. The key is read from the
              GRIDSTATUS_API_KEY environment variable.
            </p>
            <pre tabIndex={0} className={styles.code}>
              <code>
                {compareScript({
                  baseUrl: scriptBaseUrl(connection),
                  from,
                  to,
                  zone: state.tz,
                  cadence,
                  series: specs,
                  datasets,
                })}
              </code>
            </pre>
          </section>
        );
    }
  })();

  return (
    <div className={styles.page}>
      <CompareHeading>
        <SaveViewBar
          kind="compare"
          describe={(path) => compareViewDescriptor({ path, state, now, datasets, grid, series })}
        />
      </CompareHeading>
      <nav aria-label="Presets" className={styles.presets}>
        {PRESETS.map((p) => (
          <button key={p.id} type="button" title={p.description} onClick={() => applyPreset(p.id)}>
            {p.title}
          </button>
        ))}
      </nav>
      <LinkSettingsNotice unread={unread} />
      {data.catalogError ? <ApiErrorMessage error={data.catalogError} /> : null}
      <section className={styles.controls} aria-label="Range">
        <label className={styles.field}>
          From
          <input
            type="date"
            value={from}
            max={to}
            onChange={(e) => e.target.value && setState({ from: e.target.value, zoom: '' })}
          />
        </label>
        <label className={styles.field}>
          To (inclusive)
          <input
            type="date"
            value={to}
            min={from}
            onChange={(e) => e.target.value && setState({ to: e.target.value, zoom: '' })}
          />
        </label>
        <label className={styles.field}>
          Time zone
          <CommitInput
            value={state.tz}
            list="compare-zones"
            aria-describedby={data.gridError ? 'compare-grid-error' : undefined}
            onCommit={(tz) => setState({ tz: tz === '' ? MARKET_TIME_ZONE : tz, zoom: '' })}
          />
          <datalist id="compare-zones">
            <option value={MARKET_TIME_ZONE}>Market time</option>
            <option value="UTC" />
          </datalist>
        </label>
        <label className={styles.field}>
          Grid
          <select
            value={state.grid}
            onChange={(e) => setState({ grid: e.target.value as CompareState['grid'], zoom: '' })}
          >
            <option value="auto">Coarsest of the series ({GRID_LABELS[cadence]})</option>
            {GRID_CADENCES.map((c) => (
              <option key={c} value={c}>
                {GRID_LABELS[c]}
              </option>
            ))}
          </select>
        </label>
      </section>
      {data.gridError && (
        <p id="compare-grid-error" className={styles.fieldError} role="alert">
          {data.gridError}
        </p>
      )}
      <section aria-labelledby="compare-series">
        <h2 id="compare-series">Series</h2>
        <SeriesPanel
          series={series}
          datasets={datasets}
          cadence={cadence}
          onChange={change}
          onRemove={remove}
          onDraft={data.setDraft}
          sqlHrefOf={sqlHrefOf}
        />
        <div className={styles.controls}>
          <button type="button" onClick={() => add('data')} disabled={nextFreeKey(state) === null}>
            Add series
          </button>
          <button type="button" onClick={() => add('expr')} disabled={nextFreeKey(state) === null}>
            Add derived series
          </button>
          <button type="button" onClick={exportFrame} disabled={!grid || series.length === 0 || loading}>
            Export aligned CSV
          </button>
          {frameHref !== null && <Link to={frameHref}>Open aligned frame in SQL</Link>}
        </div>
      </section>
      <ErrorBoundary>
        <Tabs
          tabs={VIEWS}
          active={state.view}
          onSelect={(view) => setState({ view })}
          label="Views"
          idPrefix="compare"
          title={(v) => VIEW_TITLES[v]}
          panel={viewPanel}
          classNames={{ tablist: styles.tablist, panel: styles.tabPanel }}
        />
      </ErrorBoundary>
      {grid && series.length > 0 && (
        <ErrorBoundary>
          <StatsPanel
            grid={grid}
            series={series}
            pair={state.corr}
            total={total}
            hidden={stacked ? hidden : undefined}
            now={now}
            netWaiting={netWaiting}
            onPair={(corr) => setState({ corr }, { replace: true })}
          />
          <EventsPanel
            grid={grid}
            series={series}
            condition={state.when}
            // Applied as it is typed (after a pause): each pause replaces the history entry, not adds one.
            onCondition={(when) => setState({ when }, { replace: true })}
            onShow={(e) => {
              // Zoom to the event with as much again on each side, at least six intervals.
              const pad = Math.max(e.durationMs, 6 * ((grid.times[1] ?? 0) - (grid.times[0] ?? 0)));
              setState({ view: 'chart', zoom: `${Math.max(0, e.start - pad)}_${e.end + pad}` });
            }}
            formatTime={formatTime}
          />
        </ErrorBoundary>
      )}
    </div>
  );
}
