import { useQuery } from '@tanstack/react-query';
import { memo, useMemo, type ReactNode } from 'react';
import { apiErrorText } from '@/api/ApiError';
import { pricingLocationsOptions } from '@/api/locations/queries';
import { RESAMPLE_FUNCTIONS, type Dataset, type ResampleFunction } from '@/api/types';
import { PALETTE } from '@/components/charts/TimeSeriesChart';
import { formatInteger } from '@/lib/format';
import { CommitInput } from './CommitInput';
import { gridOrder, type GridCadence } from './grid';
import { datasetGridCadence, hasVintages } from './seriesRequest';
import type { SeriesResult } from './useCompareData';
import { MAX_SHIFT_DAYS, SHIFT_CHOICES, type DataSeries, type SeriesSpec } from '@/lib/compareWorkspace';
import styles from './ComparePage.module.css';

interface Props {
  series: readonly SeriesResult[];
  datasets: ReadonlyMap<string, Dataset>;
  cadence: GridCadence;
  onChange: (spec: SeriesSpec) => void;
  onRemove: (spec: SeriesSpec) => void;
}

const SHIFT_NAMES: Record<(typeof SHIFT_CHOICES)[number], string> = {
  0: 'None',
  [-1]: '−1 day',
  [-7]: '−7 days',
  [-364]: '−364 days (same weekday)',
};

const REGISTRY = pricingLocationsOptions({ page_size: 5000 });

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
  children,
}: {
  result: SeriesResult;
  color: number;
  onRemove: () => void;
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
      <Status result={result} id={statusIdOf(key)} />
    </li>
  );
}

const statusIdOf = (key: string): string => `series-${key}-status`;

function Status({ result, id }: { result: SeriesResult; id: string }) {
  if (result.error)
    return (
      <p id={id} className={styles.fieldError} role="alert">
        {typeof result.error === 'string' ? result.error : apiErrorText(result.error)}{' '}
        {result.retry && (
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
  return null;
}

function DataSeriesRow({
  spec,
  result,
  color,
  datasets,
  cadence,
  onChange,
  onRemove,
}: {
  spec: DataSeries;
  result: SeriesResult;
  color: number;
  datasets: ReadonlyMap<string, Dataset>;
  cadence: GridCadence;
  onChange: (spec: SeriesSpec) => void;
  onRemove: () => void;
}) {
  const dataset = datasets.get(spec.dataset);
  const columns = numericColumns(dataset);
  const hasLocation = dataset?.subseries_index_column === 'location';
  const statusId = statusIdOf(spec.key);
  const finer = dataset !== undefined && gridOrder(datasetGridCadence(dataset)) < gridOrder(cadence);
  const customShift = !(SHIFT_CHOICES as readonly number[]).includes(spec.shift);
  const set = (patch: Partial<DataSeries>) => onChange({ ...spec, ...patch });
  return (
    <SeriesRow result={result} color={color} onRemove={onRemove}>
      <label className={styles.field}>
        Dataset of {spec.key}
        <select
          value={spec.dataset}
          onChange={(e) => {
            const next = datasets.get(e.target.value);
            const column = numericColumns(next)[0]?.name ?? '';
            set({
              dataset: e.target.value,
              column,
              filterColumn: next?.subseries_index_column === 'location' ? 'location' : '',
              filterValue: next?.subseries_index_column === 'location' ? 'HB_HOUSTON' : '',
              lead: null,
            });
          }}
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
      {(hasLocation || spec.filterColumn !== '') && (
        <label className={styles.field}>
          Location of {spec.key}
          <CommitInput
            list={LOCATIONS_LIST_ID}
            value={spec.filterValue}
            placeholder="HB_HOUSTON"
            aria-describedby={result.error ? statusId : undefined}
            onCommit={(value) => set({ filterColumn: value === '' ? '' : 'location', filterValue: value })}
          />
        </label>
      )}
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
  color,
  onChange,
  onRemove,
}: {
  spec: Extract<SeriesSpec, { kind: 'expr' }>;
  result: SeriesResult;
  color: number;
  onChange: (spec: SeriesSpec) => void;
  onRemove: () => void;
}) {
  const statusId = statusIdOf(spec.key);
  return (
    <SeriesRow result={result} color={color} onRemove={onRemove}>
      <label className={styles.field}>
        Expression for {spec.key}
        <CommitInput
          value={spec.expr}
          spellCheck={false}
          className={styles.expression}
          aria-describedby={result.error ? statusId : undefined}
          aria-invalid={result.error ? true : undefined}
          onCommit={(expr) => onChange({ ...spec, expr })}
        />
      </label>
      {result.unit !== null && !result.error && <span className={styles.muted}>Unit: {result.unit}</span>}
    </SeriesRow>
  );
}

const LOCATIONS_LIST_ID = 'compare-locations';

/** The location names every location box suggests: one list for all of them, rendered once. */
const LocationList = memo(function LocationList({ names }: { names: readonly string[] }) {
  return (
    <datalist id={LOCATIONS_LIST_ID}>
      {names.map((name) => (
        <option key={name} value={name} />
      ))}
    </datalist>
  );
});

/** The workspace's series, one row each: where it comes from and how it is put on the grid. */
export function SeriesPanel({ series, datasets, cadence, onChange, onRemove }: Props) {
  const byLocation = series.some(
    (s) => s.spec.kind === 'data' && datasets.get(s.spec.dataset)?.subseries_index_column === 'location',
  );
  const registry = useQuery({ ...REGISTRY, enabled: byLocation });
  const names = useMemo(() => (registry.data?.items ?? []).map((l) => l.location), [registry.data]);
  return (
    <>
      <LocationList names={names} />
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
              onChange={onChange}
              onRemove={() => onRemove(result.spec)}
            />
          ) : (
            <DerivedRow
              key={result.spec.key}
              spec={result.spec}
              result={result}
              color={i}
              onChange={onChange}
              onRemove={() => onRemove(result.spec)}
            />
          ),
        )}
      </ol>
    </>
  );
}
