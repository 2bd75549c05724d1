import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { datasetsOptions } from '@/api/datasets/queries';
import { allPricingLocationsOptions, pricedDatasetsOf } from '@/api/locations/queries';
import type { SnapshotKey } from '@/api/prices/keys';
import { priceSnapshotOptions } from '@/api/prices/queries';
import type { PricingLocation } from '@/contract';
import { ApiErrorMessage } from '@/components/ApiErrorMessage';
import { EmptyState } from '@/components/EmptyState';
import { LinkSettingsNotice } from '@/components/LinkSettingsNotice';
import { Loading } from '@/components/Loading';
import {
  LazyLocationMap,
  usePreloadLocationMap,
  type ClusterLook,
  type MapPoint,
  type MapView,
} from '@/components/map/LazyLocationMap';
import { formatTimestamp } from '@/lib/format';
import { useUrlState } from '@/lib/urlState';
import { buildScale, CLIP_CHOICES, money, scaleLabel, textOn, type Clip } from './colorScale';
import { ExtremesTable } from './ExtremesTable';
import { LocationPanel } from './LocationPanel';
import { formatUtc, marketDateOf, marketDay } from '@/time';
import { extremes, MEASURE_LABELS, MEASURES, measureValues, type Measure } from './measures';
import { PriceLegend } from './PriceLegend';
import { dayAheadPartner, pickPriceDatasets } from './priceDatasets';
import styles from './PriceMapPage.module.css';
import { priceMapLinkSettings } from './priceMapLinkSettings';
import { priceMapUrlState, TOP_N_CHOICES } from './priceMapUrlState';
import { TimeControls } from './TimeControls';
import { chosenDataset, chosenDay, snapshotKeyOf, stepWindow } from './shownStep';
import { usePrefetchSteps } from './usePrefetchSteps';
import { priceMapViewDescriptor } from './viewDescriptor';
import { SaveViewBar } from '@/components/workspace/SaveViewBar';

const PREFERRED_HUB = 'HB_NORTH';
const NO_STEPS: readonly SnapshotKey[] = [];

const hasCoordinates = (l: PricingLocation): l is PricingLocation & { latitude: number; longitude: number } =>
  l.latitude !== null && l.longitude !== null;

/** `/price-map`: every located settlement point coloured by its price (or basis, or DART) at one interval. */
export function PriceMapPage() {
  const [state, setState, invalid] = useUrlState(priceMapUrlState);
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const id = useId();
  const [hovered, setHovered] = useState<string | null>(null);
  const [playing, setPlaying] = useState(false);
  useDocumentTitle('Price map');
  usePreloadLocationMap();

  const catalog = useQuery(datasetsOptions());
  const locations = useQuery(allPricingLocationsOptions());
  // Both answers decide which datasets the map can draw: none is offered before both are in.
  const priceSets = useMemo(
    () =>
      locations.data
        ? pickPriceDatasets(catalog.data?.data ?? [], pricedDatasetsOf(locations.data.items))
        : [],
    [catalog.data, locations.data],
  );
  const dataset = useMemo(() => chosenDataset(priceSets, state.ds), [priceSets, state.ds]);
  const partner = dataset ? dayAheadPartner(dataset, priceSets) : undefined;
  const measure: Measure = state.m === 'dart' && !partner ? 'value' : state.m;

  const byName = useMemo(() => {
    const map = new Map<string, PricingLocation>();
    for (const l of locations.data?.items ?? []) map.set(l.location, l);
    return map;
  }, [locations.data]);
  const hubs = useMemo(
    () =>
      (locations.data?.items ?? [])
        .filter((l) => l.location_type === 'Trading Hub')
        .map((l) => l.location)
        .sort(),
    [locations.data],
  );
  const hub = hubs.includes(state.hub)
    ? state.hub
    : hubs.includes(PREFERRED_HUB)
      ? PREFERRED_HUB
      : (hubs[0] ?? '');

  // The day and its steps, counted in market time (23- and 25-hour days included).
  const day = chosenDay(dataset, state.day);
  const md = useMemo(() => (dataset && day ? marketDay(day, dataset.stepMs) : null), [dataset, day]);
  const steps = useMemo(() => md?.steps ?? [], [md]);
  const { first, last, index } = stepWindow(dataset, steps, state.i);
  const hasData = first >= 0 && last >= first;
  const t = index >= 0 ? steps[index] : undefined;

  const snapshotKey = (time: number) => snapshotKeyOf(dataset, time);
  const dayAheadKey = (time: number) =>
    partner
      ? {
          dataset: partner.id,
          column: partner.priceColumn,
          time: formatUtc(Math.floor(time / partner.stepMs) * partner.stepMs),
        }
      : null;
  const snapshot = useQuery({
    ...priceSnapshotOptions(snapshotKey(t ?? 0)),
    enabled: dataset !== undefined && t !== undefined,
    placeholderData: keepPreviousData,
  });
  const daKey = t === undefined ? null : dayAheadKey(t);
  const daSnapshot = useQuery({
    ...priceSnapshotOptions(daKey ?? { dataset: '', column: '', time: '' }),
    enabled: measure === 'dart' && daKey !== null,
    placeholderData: keepPreviousData,
  });

  const upcoming = useMemo(() => {
    if (!dataset || index < 0) return [];
    const keys = [];
    for (let k = index + 1; k <= Math.min(last, index + 8); k++) {
      const time = steps[k];
      if (time === undefined) continue;
      keys.push(snapshotKey(time));
      const da = measure === 'dart' ? dayAheadKey(time) : null;
      if (da) keys.push(da);
    }
    return keys;
    // The keys are a function of these values alone.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dataset, partner, index, last, steps, measure]);
  // The shown step first: prefetches start once it has arrived, so on a cold start they do not
  // compete with it for the engine (they had, and the first paint waited on them).
  const stepShown = snapshot.data !== undefined && !snapshot.isPlaceholderData;
  usePrefetchSteps(stepShown ? upcoming : NO_STEPS);

  // A day without data shows nothing, not the previous day's interval kept as a placeholder.
  const shown = hasData ? snapshot.data : undefined;
  const shownTime = shown ? Date.parse(shown.time) : undefined;
  const hubPrice = shown?.byName.get(hub) ?? null;
  const values = useMemo(
    () =>
      shown
        ? measureValues(measure, { prices: shown.byName, hubPrice, dayAhead: daSnapshot.data?.byName })
        : new Map<string, number | null>(),
    [shown, measure, hubPrice, daSnapshot.data],
  );
  const onMap = useCallback(
    (name: string) => {
      const l = byName.get(name);
      return l !== undefined && hasCoordinates(l);
    },
    [byName],
  );
  const centerOnHub = measure === 'value' && state.ctr === 'hub' && hubPrice !== null;
  const center = centerOnHub ? hubPrice : 0;
  const scale = useMemo(() => {
    if (!shown) return null;
    const drawn: (number | null)[] = [];
    for (const [name, v] of values) if (onMap(name)) drawn.push(v);
    return buildScale(drawn, center, state.clip);
  }, [shown, values, onMap, center, state.clip]);

  // A day without data draws no markers: grey ones would look like prices still on their way.
  const points = useMemo<MapPoint[]>(() => {
    const out: MapPoint[] = [];
    if (!hasData) return out;
    for (const l of locations.data?.items ?? []) {
      if (!hasCoordinates(l)) continue;
      const v = values.get(l.location) ?? null;
      out.push({
        id: l.gs_entity_id,
        lat: l.latitude,
        lon: l.longitude,
        color: scale ? scale.color(v) : '#8a8f96',
        label: l.location,
      });
    }
    return out;
  }, [locations.data, values, scale, hasData]);

  const ranked = useMemo(() => extremes(values, state.n, onMap), [values, state.n, onMap]);
  const byId = useMemo(() => {
    const map = new Map<string, PricingLocation>();
    for (const l of locations.data?.items ?? []) map.set(l.gs_entity_id, l);
    return map;
  }, [locations.data]);

  const clusterStyle = useCallback(
    (members: readonly MapPoint[]): ClusterLook => {
      let sum = 0;
      let n = 0;
      let lo = Infinity;
      let hi = -Infinity;
      for (const p of members) {
        const v = values.get(p.label);
        if (v === null || v === undefined) continue;
        sum += v;
        n++;
        lo = Math.min(lo, v);
        hi = Math.max(hi, v);
      }
      const mean = n > 0 ? sum / n : null;
      const fill = scale ? scale.color(mean) : '#8a8f96';
      return {
        fill,
        textColor: textOn(fill),
        text: mean === null ? String(members.length) : scale ? scaleLabel(mean, scale) : money(mean),
        label:
          mean === null
            ? `Cluster of ${members.length} locations, no prices`
            : `Cluster of ${members.length} locations: mean ${money(mean)}, range ${money(lo)} to ${money(hi)}`,
      };
    },
    [values, scale],
  );

  const measureLabel = measure === 'basis' ? `Basis to ${hub}` : measure === 'dart' ? 'DART (RT − DA)' : null;
  const renderTooltip = useCallback(
    (point: MapPoint) => {
      const l = byId.get(point.id);
      const price = shown?.byName.get(point.label) ?? null;
      const basis = price !== null && hubPrice !== null ? price - hubPrice : null;
      return (
        <span className={styles.tooltip}>
          <strong>{point.label}</strong>
          <span>{[l?.location_type, l?.zone].filter(Boolean).join(' · ')}</span>
          <span>Price {money(price)}</span>
          <span>
            Basis to {hub} {money(basis)}
          </span>
          {measure === 'dart' && <span>DART {money(values.get(point.label) ?? null)}</span>}
        </span>
      );
    },
    [byId, shown, hubPrice, hub, measure, values],
  );

  const setIndex = useCallback(
    (next: number) => setState({ i: Math.max(first, Math.min(last, next)) }, { replace: true, urgent: true }),
    [setState, first, last],
  );
  // Playback moves on only when the next step is already in the cache, so it never shows a stale map.
  const onTick = useCallback(() => {
    if (index >= last) {
      setPlaying(false);
      return;
    }
    const nextTime = steps[index + 1];
    if (nextTime === undefined || !dataset) return;
    if (queryClient.getQueryData(priceSnapshotOptions(snapshotKey(nextTime)).queryKey) === undefined) return;
    const da = measure === 'dart' ? dayAheadKey(nextTime) : null;
    if (da && queryClient.getQueryData(priceSnapshotOptions(da).queryKey) === undefined) return;
    setIndex(index + 1);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [index, last, steps, dataset, partner, measure, queryClient, setIndex]);

  const onViewChange = useCallback(
    (view: MapView) => setState({ c: { lat: view.lat, lon: view.lon }, z: view.zoom }, { replace: true }),
    [setState],
  );
  const select = useCallback((gsId: string) => setState({ sel: gsId }, { replace: true }), [setState]);

  // Benchmarks and journeys read which interval the markers show, after the map has committed them.
  const mapBox = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (mapBox.current && shown) mapBox.current.dataset.shownInterval = shown.time;
  }, [shown, points]);

  const selected = state.sel ? byId.get(state.sel) : undefined;
  const selectedPrice = selected ? (shown?.byName.get(selected.location) ?? null) : null;
  const centerName = centerOnHub ? `${hub}'s price` : 'zero';
  const valueLabel =
    measure === 'value' ? 'Price ($/MWh)' : measure === 'basis' ? `Basis to ${hub} ($/MWh)` : 'DART ($/MWh)';
  const whenText = shownTime === undefined ? '' : formatTimestamp(shownTime);
  const noun = measure === 'value' ? 'price' : 'value';
  const noDataForDay = dataset !== undefined && !hasData;
  const latestDay = dataset ? marketDateOf(dataset.latest) : '';
  const loadingStep = snapshot.isFetching && shown !== undefined && shownTime !== t;
  // Values the data must confirm (a dataset, hub, location, interval) are named once it has answered.
  const notice = (
    <LinkSettingsNotice
      unread={priceMapLinkSettings(params, invalid, state, {
        priceSets: catalog.data && locations.data ? priceSets : null,
        dataset: dataset?.name ?? '',
        measure,
        hubs: locations.data ? hubs : null,
        hub: locations.data ? hub : '',
        hasLocation: locations.data ? (gsId) => byId.has(gsId) : null,
        day,
        window: { first, last, index },
        when: t === undefined ? '' : formatTimestamp(t),
      })}
    />
  );

  if (catalog.isError) {
    return (
      <div className={styles.page}>
        <h1>Price map</h1>
        {notice}
        <ApiErrorMessage error={catalog.error} onRetry={() => void catalog.refetch()} />
      </div>
    );
  }

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1>Price map</h1>
        <p className={styles.muted} aria-live="polite">
          {dataset ? `${dataset.name}${whenText ? ` at ${whenText}` : ''}` : ''}
          {loadingStep ? ' (loading the next interval…)' : ''}
        </p>
        <SaveViewBar
          kind="priceMap"
          describe={(path) =>
            priceMapViewDescriptor({
              path,
              dataset,
              measure,
              hub,
              day,
              when: whenText,
              snapshots: t === undefined ? [] : [snapshotKey(t), measure === 'dart' ? dayAheadKey(t) : null],
            })
          }
        />
      </header>

      {notice}

      <div role="group" aria-label="What to show" className={styles.controls}>
        <div className={styles.field}>
          <label htmlFor={`${id}-ds`}>Dataset</label>
          <select
            id={`${id}-ds`}
            className={styles.datasetSelect}
            value={dataset?.id ?? ''}
            onChange={(event) => {
              const next = priceSets.find((d) => d.id === event.target.value);
              // DART is kept only where it can be shown: the link should not name a measure the page
              // does not show (its notice would then blame the link for the user's own choice).
              const dropsDart =
                state.m === 'dart' && (next === undefined || dayAheadPartner(next, priceSets) === undefined);
              setState({ ds: event.target.value, i: -1, day: '', ...(dropsDart ? { m: 'value' } : {}) });
            }}
          >
            {priceSets.map((d) => (
              <option key={d.id} value={d.id}>
                {d.name}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.field}>
          <label htmlFor={`${id}-m`}>Measure</label>
          <select
            id={`${id}-m`}
            value={measure}
            onChange={(event) => setState({ m: event.target.value as Measure })}
          >
            {MEASURES.map((m) => (
              <option key={m} value={m} disabled={m === 'dart' && !partner}>
                {MEASURE_LABELS[m]}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.field}>
          <label htmlFor={`${id}-hub`}>Hub</label>
          <select
            id={`${id}-hub`}
            className={styles.hubSelect}
            value={hub}
            onChange={(event) => setState({ hub: event.target.value })}
          >
            {hubs.map((h) => (
              <option key={h} value={h}>
                {h}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.field}>
          <label htmlFor={`${id}-day`}>Market day</label>
          <input
            id={`${id}-day`}
            type="date"
            value={day}
            onChange={(event) => {
              if (event.target.value) setState({ day: event.target.value, i: -1 });
            }}
          />
        </div>
        <div className={styles.field}>
          <label htmlFor={`${id}-ctr`}>Centre of the scale</label>
          <select
            id={`${id}-ctr`}
            value={state.ctr}
            disabled={measure !== 'value'}
            onChange={(event) => setState({ ctr: event.target.value as 'zero' | 'hub' })}
          >
            <option value="zero">Zero</option>
            <option value="hub">Hub price</option>
          </select>
        </div>
        <div className={styles.field}>
          <label htmlFor={`${id}-clip`}>Clip</label>
          <select
            id={`${id}-clip`}
            value={state.clip}
            onChange={(event) => setState({ clip: Number(event.target.value) as Clip })}
          >
            {CLIP_CHOICES.map((c) => (
              <option key={c} value={c}>
                {c === 0 ? 'None (full range)' : `p${c} / p${100 - c}`}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.field}>
          <label htmlFor={`${id}-n`}>Rows in tables</label>
          <select
            id={`${id}-n`}
            value={state.n}
            onChange={(event) =>
              setState({ n: Number(event.target.value) as (typeof TOP_N_CHOICES)[number] })
            }
          >
            {TOP_N_CHOICES.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </div>
      </div>

      {catalog.isPending || locations.isPending ? (
        <div className={styles.timePending}>
          <Loading label="Loading datasets…" />
        </div>
      ) : locations.isError ? (
        // Which datasets the map can draw is the registry's to say.
        <ApiErrorMessage error={locations.error} onRetry={() => void locations.refetch()} />
      ) : !dataset ? (
        <p>No dataset in the catalog carries a price per location.</p>
      ) : (
        <TimeControls
          steps={steps}
          index={index}
          first={Math.max(first, 0)}
          last={last}
          playing={playing}
          speed={state.speed}
          onIndex={setIndex}
          onPlaying={setPlaying}
          onSpeed={(speed) => setState({ speed: speed as 1 | 2 | 4 | 8 }, { replace: true })}
          onTick={onTick}
        />
      )}

      <div className={styles.split}>
        <section aria-label="Map" className={styles.mapColumn}>
          <div ref={mapBox} data-testid="price-map-box" className={styles.mapBox}>
            {noDataForDay && <p className={styles.mapNotice}>No prices for this day.</p>}
            <LazyLocationMap
              className={styles.map}
              label="Map of prices by location. Arrow keys pan, plus and minus zoom."
              points={points}
              view={{ lat: state.c.lat, lon: state.c.lon, zoom: state.z }}
              onViewChange={onViewChange}
              selectedId={state.sel || null}
              highlightedId={hovered}
              onSelect={select}
              onHover={setHovered}
              renderTooltip={renderTooltip}
              clusterStyle={clusterStyle}
              strongOutline
            />
          </div>
          <PriceLegend
            scale={scale}
            title={`${measure === 'value' ? 'Price' : (measureLabel ?? '')}${whenText ? ` at ${whenText}` : ''}`}
            centerName={centerName}
            noun={noun}
            emptyText={noDataForDay ? 'No prices for this day.' : undefined}
          />
          {hasData && snapshot.isError && (
            <ApiErrorMessage error={snapshot.error} onRetry={() => void snapshot.refetch()} />
          )}
          {measure === 'dart' && daSnapshot.isError && (
            <ApiErrorMessage error={daSnapshot.error} onRetry={() => void daSnapshot.refetch()} />
          )}
        </section>

        <div className={styles.side}>
          {selected && dataset && md && t !== undefined && (
            <LocationPanel
              location={selected}
              dataset={dataset}
              day={md}
              current={shownTime ?? t}
              price={selectedPrice}
              measureLabel={measureLabel}
              measureValue={values.get(selected.location) ?? null}
              onClose={() => setState({ sel: '' }, { replace: true })}
            />
          )}
          <section aria-label="Highest and lowest" className={styles.tables}>
            {catalog.isPending || locations.isPending ? (
              <Loading label="Loading prices…" />
            ) : locations.isError || !dataset ? null : noDataForDay ? (
              <div role="status">
                <EmptyState title={`No ${dataset.name} data for ${day}.`}>
                  <p>
                    It covers market days {marketDateOf(dataset.earliest)} to {latestDay}.
                  </p>
                  <button type="button" onClick={() => setState({ day: latestDay, i: -1 })}>
                    Show the latest day, {latestDay}
                  </button>
                </EmptyState>
              </div>
            ) : (snapshot.isError && !shown) || (measure === 'dart' && daSnapshot.isError) ? (
              // The error and what to do about it are under the map.
              <p className={styles.muted}>No {noun}s to rank: the interval did not load.</p>
            ) : snapshot.isPending || (measure === 'dart' && daSnapshot.isPending) ? (
              <Loading label="Loading prices…" />
            ) : ranked.count === 0 ? (
              <EmptyState title={`No ${noun}s at ${whenText || 'this interval'}.`}>
                <p>No location on the map has a {noun} at this interval; try another.</p>
              </EmptyState>
            ) : (
              <>
                <ExtremesTable
                  caption={`Highest ${state.n}${whenText ? ` at ${whenText}` : ''}`}
                  rows={ranked.highest}
                  scale={scale}
                  lookup={byName}
                  valueLabel={valueLabel}
                  selectedId={state.sel}
                  onSelect={select}
                  onHover={setHovered}
                />
                <ExtremesTable
                  caption={`Lowest ${state.n}${whenText ? ` at ${whenText}` : ''}`}
                  rows={ranked.lowest}
                  scale={scale}
                  lookup={byName}
                  valueLabel={valueLabel}
                  selectedId={state.sel}
                  onSelect={select}
                  onHover={setHovered}
                />
              </>
            )}
          </section>
        </div>
      </div>
    </div>
  );
}
