import { memo, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { apiErrorText } from '@/api/ApiError';
import { retryCanHelp } from '@/api/retryPolicy';
import { RESAMPLE_FUNCTIONS, type Dataset, type ResampleFunction } from '@/contract';
import { PALETTE } from '@/components/charts/palette';
import { UnknownNames } from '@/components/UnknownNames';
import { formatInteger } from '@/lib/format';
import { unknownNames, type UnknownName } from '@/lib/nearestNames';
import { valueColumnOf } from '@/lib/valueColumn';
import { CommitInput } from './CommitInput';
import { describeEmptied } from './expression';
import { gridOrder, type GridCadence } from './grid';
import { datasetGridCadence, hasVintages } from './seriesRequest';
import { derivedProblem } from './derivedSeries';
import { useKnownLocations, useSeriesLocationNames, type KnownLocations } from './knownLocations';
import type { SeriesResult } from './seriesResult';
import {
  MAX_SHIFT_DAYS,
  SHIFT_CHOICES,
  type DataSeries,
  type SeriesKey,
  type SeriesSpec,
} from '@/compare/compareWorkspace';
import styles from './ComparePage.module.css';

interface Props {
  series: readonly SeriesResult[];
  datasets: ReadonlyMap<string, Dataset>;
  cadence: GridCadence;
  onChange: (spec: SeriesSpec) => void;
  onRemove: (spec: SeriesSpec) => void;
  /** The text typed in a derived series' field, over the expression it replaces once valid. */
  onDraft: (key: SeriesKey, text: string, over: string) => void;
  /** Where "Open in SQL" takes a data series (its request as a table); null while it has none. */
  sqlHrefOf?: (spec: DataSeries) => string | null;
}

const SHIFT_NAMES: Record<(typeof SHIFT_CHOICES)[number], string> = {
  0: 'None',
  [-1]: '−1 day',
  [-7]: '−7 days',
  [-364]: '−364 days (same weekday)',
};

/** A filter column as a field's label: `Location`, `Constraint name`, `Resource type`. */
const filterLabel = (column: string) => {
  const words = column.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

const numericColumns = (dataset: Dataset | undefined) =>
  (dataset?.all_columns ?? []).filter((c) => c.is_numeric && !c.is_datetime);

function Swatch({ index }: { index: number }) {
  return (
    <span
      className={styles.swatch}
      style={{ background: PALETTE[index % PALETTE.length] }}
      aria-hidden="true"
    />
  );
}

/** One series' row: its letter and colour, its fields, Remove, and its status line. */
function SeriesRow({
  result,
  color,
  onRemove,
  onUseLocation,
  missingDataset,
  sqlHref,
  children,
}: {
  result: SeriesResult;
  color: number;
  onRemove: () => void;
  onUseLocation?: (name: string) => void;
  missingDataset?: MissingDataset;
  sqlHref?: string | null;
  children: ReactNode;
}) {
  const key = result.spec.key;
  return (
    <li className={styles.seriesRow} aria-label={`Series ${key}`}>
      <span className={styles.seriesKey}>
        <Swatch index={color} />
        {key}
      </span>
      {children}
      <button type="button" className={styles.remove} onClick={onRemove}>
        Remove {key}
      </button>
      {sqlHref && <Link to={sqlHref}>Open {key} in SQL</Link>}
      <Status
        result={result}
        id={statusIdOf(key)}
        onUseLocation={onUseLocation}
        missingDataset={missingDataset}
      />
    </li>
  );
}

const statusIdOf = (key: string): string => `series-${key}-status`;

/** A series' dataset that the catalog does not have, with the catalog's nearest ids to put in its place. */
interface MissingDataset {
  unknown: UnknownName;
  onUse: (id: string) => void;
}

function Status({
  result,
  id,
  onUseLocation,
  missingDataset,
}: {
  result: SeriesResult;
  id: string;
  onUseLocation?: (name: string) => void;
  missingDataset?: MissingDataset;
}) {
  // Asking again cannot bring a dataset the catalog does not have: the nearest ids are offered instead.
  if (missingDataset)
    return (
      <UnknownNames
        id={id}
        noun="dataset"
        unknown={[missingDataset.unknown]}
        onUse={(_, dataset) => missingDataset.onUse(dataset)}
        error
      >
        <p>
          {result.spec.key} is not fetched. <Link to="/">The catalog</Link> lists every dataset.
        </p>
      </UnknownNames>
    );
  if (result.unknownLocation && onUseLocation)
    return (
      <UnknownNames
        id={id}
        noun="location"
        unknown={[result.unknownLocation]}
        onUse={(_, name) => onUseLocation(name)}
        error
      >
        <p>{result.spec.key} is not fetched.</p>
      </UnknownNames>
    );
  if (result.error)
    return (
      <p id={id} className={styles.fieldError} role="alert">
        {typeof result.error === 'string' ? result.error : apiErrorText(result.error)}{' '}
        {result.retry && retryCanHelp(result.error) && (
          <button type="button" onClick={result.retry}>
            Retry {result.spec.key}
          </button>
        )}
      </p>
    );
  if (result.cancelled)
    return (
      <p id={id} className={styles.muted} role="status">
        Cancelled.{' '}
        <button type="button" onClick={result.retry}>
          Load {result.spec.key} again
        </button>
      </p>
    );
  if (result.loading)
    return (
      <p id={id} className={styles.muted} role="status">
        Loading{result.progress ? ` … ${formatInteger(result.progress.rows)} rows` : '…'}{' '}
        {result.cancel && (
          <button type="button" onClick={result.cancel}>
            Cancel {result.spec.key}
          </button>
        )}
      </p>
    );
  if (result.capped)
    return (
      <p id={id} className={styles.muted}>
        Only the first rows arrived (the series is capped); choose a coarser grid or a shorter range.
      </p>
    );
  const emptied =
    result.spec.kind === 'expr' && result.emptied ? describeEmptied(result.spec.expr, result.emptied) : null;
  if (emptied)
    return (
      <p id={id} className={styles.muted} role="status">
        {emptied}.
      </p>
    );
  return null;
}

function DataSeriesRow({
  spec,
  result,
  color,
  datasets,
  cadence,
  known,
  onChange,
  onRemove,
  sqlHref,
}: {
  spec: DataSeries;
  result: SeriesResult;
  color: number;
  datasets: ReadonlyMap<string, Dataset>;
  cadence: GridCadence;
  known: KnownLocations | undefined;
  onChange: (spec: SeriesSpec) => void;
  onRemove: () => void;
  sqlHref: string | null;
}) {
  const dataset = datasets.get(spec.dataset);
  const columns = numericColumns(dataset);
  // The column that picks one series out of many rows per interval: the filter the link carries,
  // else the dataset's subseries (a location, a constraint or resource name, a text column).
  const filterColumn = spec.filterColumn !== '' ? spec.filterColumn : (dataset?.subseries_index_column ?? '');
  const statusId = statusIdOf(spec.key);
  const checkId = `series-${spec.key}-location-check`;
  const finer = dataset !== undefined && gridOrder(datasetGridCadence(dataset)) < gridOrder(cadence);
  const customShift = !(SHIFT_CHOICES as readonly number[]).includes(spec.shift);
  const set = (patch: Partial<DataSeries>) => onChange({ ...spec, ...patch });
  // The box is drawn afresh on a name taken: the taken name may be the one applied already, with
  // other text typed over it, and then no new value would reach the box to replace that text.
  const [boxEpoch, setBoxEpoch] = useState(0);
  const takeLocation = (name: string) => {
    set({ filterColumn: 'location', filterValue: name });
    setTyped({ text: name, over: name });
    setBoxEpoch((n) => n + 1);
  };
  const takeDataset = (id: string) => {
    const next = datasets.get(id);
    const column = (next && valueColumnOf(next)) ?? '';
    // A hub where the dataset prices the registry's locations; elsewhere (buses) no name is a given.
    const hub = next?.subseries_index_column === 'location' && known?.datasets.has(id) === true;
    set({
      dataset: id,
      column,
      filterColumn: hub ? 'location' : '',
      filterValue: hub ? 'HB_HOUSTON' : '',
      lead: null,
    });
  };
  // Only a loaded catalog can say a dataset does not exist.
  const unknownDataset =
    dataset === undefined && datasets.size > 0
      ? unknownNames([spec.dataset], [...datasets.keys()])[0]
      : undefined;
  // The location as it is typed, checked before it is applied; the applied one is the status's to report.
  const [typed, setTyped] = useState({ text: spec.filterValue, over: spec.filterValue });
  const typing = typed.over === spec.filterValue && typed.text.trim() !== spec.filterValue;
  const locationNames = useSeriesLocationNames(dataset, known);
  // Only locations are checked by name; constraint and resource names are typed freely. (The React compiler memoizes this.)
  const typedUnknown =
    typing && filterColumn === 'location' && locationNames?.complete
      ? unknownNames([typed.text], locationNames.names)
      : [];
  // A dataset's own names (buses) get a list of their own; the registry's are one list for all rows.
  const ownListId = `series-${spec.key}-locations`;
  const described =
    typedUnknown.length > 0 ? checkId : result.error || result.unknownLocation ? statusId : undefined;
  return (
    <SeriesRow
      result={result}
      color={color}
      onRemove={onRemove}
      onUseLocation={takeLocation}
      missingDataset={unknownDataset && { unknown: unknownDataset, onUse: takeDataset }}
      sqlHref={sqlHref}
    >
      <label className={styles.field}>
        Dataset of {spec.key}
        <select
          className={styles.datasetSelect}
          title={dataset?.name ?? spec.dataset}
          value={spec.dataset}
          aria-invalid={unknownDataset ? true : undefined}
          aria-describedby={unknownDataset ? statusId : undefined}
          onChange={(e) => takeDataset(e.target.value)}
        >
          {!dataset && <option value={spec.dataset}>{spec.dataset}</option>}
          {[...datasets.values()].map((d) => (
            <option key={d.id} value={d.id}>
              {d.name}
            </option>
          ))}
        </select>
      </label>
      <label className={styles.field}>
        Column of {spec.key}
        <select value={spec.column} onChange={(e) => set({ column: e.target.value })}>
          {!columns.some((c) => c.name === spec.column) && <option value={spec.column}>{spec.column}</option>}
          {columns.map((c) => (
            <option key={c.name} value={c.name}>
              {c.name}
              {c.unit ? ` (${c.unit})` : ''}
            </option>
          ))}
        </select>
      </label>
      {filterColumn !== '' && (
        <label className={styles.field}>
          {filterLabel(filterColumn)} of {spec.key}
          <CommitInput
            key={boxEpoch}
            list={
              filterColumn !== 'location' ? undefined : locationNames?.own ? ownListId : LOCATIONS_LIST_ID
            }
            value={spec.filterValue}
            placeholder={
              filterColumn !== 'location'
                ? undefined
                : locationNames?.own
                  ? locationNames.names[0]
                  : 'HB_HOUSTON'
            }
            spellCheck={false}
            aria-describedby={described}
            aria-invalid={typedUnknown.length > 0 || result.unknownLocation ? true : undefined}
            onDraft={(text) => setTyped({ text, over: spec.filterValue })}
            onCommit={(value) => set({ filterColumn: value === '' ? '' : filterColumn, filterValue: value })}
          />
        </label>
      )}
      {locationNames?.own && <LocationList id={ownListId} names={locationNames.names} />}
      <UnknownNames
        id={checkId}
        noun="location"
        unknown={typedUnknown}
        onUse={(_, name) => takeLocation(name)}
      />
      {/* What the catalog decides (resampling, a forecast's lead) starts the second line, so its arrival never re-wraps the row. */}
      <span className={styles.rowBreak} aria-hidden="true" />
      {finer && (
        <label className={styles.field}>
          Resampling of {spec.key}
          <select value={spec.fn} onChange={(e) => set({ fn: e.target.value as ResampleFunction })}>
            {RESAMPLE_FUNCTIONS.map((f) => (
              <option key={f} value={f}>
                {f}
              </option>
            ))}
          </select>
        </label>
      )}
      <label className={styles.field}>
        Time shift of {spec.key}
        <select
          value={customShift ? 'custom' : String(spec.shift)}
          onChange={(e) => set({ shift: e.target.value === 'custom' ? -30 : Number(e.target.value) })}
        >
          {SHIFT_CHOICES.map((d) => (
            <option key={d} value={d}>
              {SHIFT_NAMES[d]}
            </option>
          ))}
          <option value="custom">Custom…</option>
        </select>
      </label>
      {customShift && (
        <label className={styles.field}>
          Days to shift {spec.key}
          <CommitInput
            type="number"
            inputMode="numeric"
            min={-MAX_SHIFT_DAYS}
            max={MAX_SHIFT_DAYS}
            value={String(spec.shift)}
            onCommit={(value) => {
              const days = Math.trunc(Number(value));
              if (Number.isFinite(days) && Math.abs(days) <= MAX_SHIFT_DAYS) set({ shift: days });
            }}
          />
        </label>
      )}
      {dataset && hasVintages(dataset) && (
        <label className={styles.field}>
          Forecast of {spec.key}
          <select
            value={spec.lead === null ? 'latest' : String(spec.lead)}
            onChange={(e) => set({ lead: e.target.value === 'latest' ? null : Number(e.target.value) })}
          >
            <option value="latest">Newest for each hour</option>
            {[1, 6, 12, 24, 48, 72, 168].map((h) => (
              <option key={h} value={h}>
                Published ≥ {h} h ahead
              </option>
            ))}
            {spec.lead !== null && ![1, 6, 12, 24, 48, 72, 168].includes(spec.lead) && (
              <option value={spec.lead}>Published ≥ {spec.lead} h ahead</option>
            )}
          </select>
        </label>
      )}
    </SeriesRow>
  );
}

function DerivedRow({
  spec,
  result,
  series,
  color,
  onChange,
  onDraft,
  onRemove,
}: {
  spec: Extract<SeriesSpec, { kind: 'expr' }>;
  result: SeriesResult;
  series: readonly SeriesResult[];
  color: number;
  onChange: (spec: SeriesSpec) => void;
  onDraft: Props['onDraft'];
  onRemove: () => void;
}) {
  const statusId = statusIdOf(spec.key);
  const editingId = `series-${spec.key}-editing`;
  const problem = result.editing?.problem ?? null;
  const described = problem ? editingId : result.error || result.emptied ? statusId : undefined;
  return (
    <SeriesRow result={result} color={color} onRemove={onRemove}>
      <label className={styles.field}>
        Expression for {spec.key}
        <CommitInput
          value={spec.expr}
          live
          spellCheck={false}
          className={styles.expression}
          aria-describedby={described}
          aria-invalid={problem || result.error ? true : undefined}
          onDraft={(text) => onDraft(spec.key, text, spec.expr)}
          // Only a valid expression replaces the one drawn; an invalid one stays in the field, said why.
          onCommit={(expr) => {
            if (derivedProblem(series, spec.key, expr) === null) onChange({ ...spec, expr });
          }}
        />
      </label>
      {result.unit !== null && !result.error && <span className={styles.muted}>Unit: {result.unit}</span>}
      {problem && (
        <div className={styles.fieldError} role="alert">
          <p id={editingId}>{problem}</p>
          <p>
            Not applied: the chart, legend and statistics still show {spec.key} = {spec.expr}.
          </p>
        </div>
      )}
    </SeriesRow>
  );
}

const LOCATIONS_LIST_ID = 'compare-locations';
const NO_NAMES: readonly string[] = [];

/** The location names a location box suggests (the registry's: one list for all boxes, rendered once). */
const LocationList = memo(function LocationList({ id, names }: { id: string; names: readonly string[] }) {
  return (
    <datalist id={id}>
      {names.map((name) => (
        <option key={name} value={name} />
      ))}
    </datalist>
  );
});

/** The workspace's series, one row each: where it comes from and how it is put on the grid. */
export function SeriesPanel({ series, datasets, cadence, onChange, onRemove, onDraft, sqlHrefOf }: Props) {
  const byLocation = series.some(
    (s) => s.spec.kind === 'data' && datasets.get(s.spec.dataset)?.subseries_index_column === 'location',
  );
  const known = useKnownLocations(byLocation);
  return (
    <>
      <LocationList id={LOCATIONS_LIST_ID} names={known?.names ?? NO_NAMES} />
      <ol className={styles.seriesList}>
        {series.map((result, i) =>
          result.spec.kind === 'data' ? (
            <DataSeriesRow
              key={result.spec.key}
              spec={result.spec}
              result={result}
              color={i}
              datasets={datasets}
              cadence={cadence}
              known={known}
              onChange={onChange}
              onRemove={() => onRemove(result.spec)}
              sqlHref={sqlHrefOf?.(result.spec) ?? null}
            />
          ) : (
            <DerivedRow
              key={result.spec.key}
              spec={result.spec}
              result={result}
              series={series}
              color={i}
              onChange={onChange}
              onDraft={onDraft}
              onRemove={() => onRemove(result.spec)}
            />
          ),
        )}
      </ol>
    </>
  );
}
