import { useQuery } from '@tanstack/react-query';
import { useCallback, useId, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import {
  nearbyLocationsOptions,
  pricingLocationOptions,
  pricingLocationsOptions,
} from '@/api/locations/queries';
import type { NearbyParams, PricingLocation, PricingLocationSortColumn } from '@/contract';
import { ApiErrorMessage } from '@/components/ApiErrorMessage';
import { EmptyState } from '@/components/EmptyState';
import { QueryLoading } from '@/components/QueryLoading';
import {
  LazyLocationMap,
  usePreloadLocationMap,
  type MapPoint,
  type MapView,
} from '@/components/map/LazyLocationMap';
import { MapSettings } from '@/components/map/MapSettings';
import { formatInteger } from '@/lib/format';
import { useUrlState } from '@/lib/urlState';
import { unreadUrlSettings } from '@/lib/linkSettings';
import { LinkSettingsNotice } from '@/components/LinkSettingsNotice';
import { FacetGroup } from './FacetGroup';
import { LocationTable } from './LocationTable';
import { hasCoordinates, LOAD_ZONE_TYPE, TYPE_COLORS, typeColor } from './locationTypes';
import {
  DEFAULT_VIEW,
  listParams,
  locationsUrlState,
  LOCATIONS_LINK_NOTES,
  mapHasPoints,
  mapParams,
  MAP_PAGE_SIZE,
  PAGE_SIZE,
  type LatLon,
} from './locationsUrlState';
import styles from './LocationsPage.module.css';
import { NearbyPanel } from './NearbyPanel';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import { locationsViewDescriptor } from './viewDescriptor';
import { SaveViewBar } from '@/components/workspace/SaveViewBar';

function toPoint(l: PricingLocation): MapPoint | null {
  if (!hasCoordinates(l)) return null;
  return {
    id: l.gs_entity_id,
    lat: l.latitude,
    lon: l.longitude,
    color: typeColor(l.location_type),
    label: l.location,
  };
}

export function rangeText(page: number, shown: number, total: number): string {
  if (total === 0) return '0 locations';
  const first = (page - 1) * PAGE_SIZE + 1;
  return `${formatInteger(first)}–${formatInteger(first + shown - 1)} of ${formatInteger(total)}`;
}

export { prefetchLocations } from './firstScreen';

/** `/locations`: ERCOT's pricing locations on a map and in a list that show the same filtered set. */
export function LocationsPage() {
  const [state, setState, invalid] = useUrlState(locationsUrlState);
  const [params] = useSearchParams();
  const id = useId();
  const [hovered, setHovered] = useState<string | null>(null);
  useDocumentTitle('Pricing locations');
  usePreloadLocationMap();

  // The box shows local text so typing never waits for the router; a URL change from elsewhere replaces it.
  const [text, setText] = useState(state.q);
  const [lastWritten, setLastWritten] = useState(state.q);
  if (state.q !== lastWritten) {
    setLastWritten(state.q);
    setText(state.q);
  }

  const listOptions = pricingLocationsOptions(listParams(state));
  const list = useQuery(listOptions);
  const hasPoints = mapHasPoints(state);
  const mapQuery = useQuery({ ...pricingLocationsOptions(mapParams(state)), enabled: hasPoints });

  const nearbyActive = state.np !== null || state.near !== '';
  const nearbyParams: NearbyParams = {
    ...(state.near ? { location_id: state.near } : { latitude: state.np?.lat, longitude: state.np?.lon }),
    limit: state.limit,
    ...(state.maxd === null ? {} : { max_distance_miles: state.maxd }),
  };
  const nearby = useQuery({ ...nearbyLocationsOptions(nearbyParams), enabled: nearbyActive });
  // Coordinates and zones of nearby results, whatever the filters hide.
  const everyGeo = useQuery({
    ...pricingLocationsOptions({ has_geo: true, page_size: MAP_PAGE_SIZE }),
    enabled: nearbyActive,
  });
  const anchor = useQuery({ ...pricingLocationOptions(state.near), enabled: state.near !== '' });

  const lookup = useMemo(() => {
    const map = new Map<string, PricingLocation>();
    for (const l of everyGeo.data?.items ?? []) map.set(l.gs_entity_id, l);
    for (const l of mapQuery.data?.items ?? []) map.set(l.gs_entity_id, l);
    for (const l of list.data?.items ?? []) map.set(l.gs_entity_id, l);
    return map;
  }, [everyGeo.data, mapQuery.data, list.data]);

  // The selected location's own record, when it is not among the loaded ones (a link to a load zone).
  const selectedById = useQuery({
    ...pricingLocationOptions(state.sel),
    enabled: state.sel !== '' && !lookup.has(state.sel),
  });

  const points = useMemo(
    () => (hasPoints ? (mapQuery.data?.items ?? []).map(toPoint).filter((p) => p !== null) : []),
    [mapQuery.data, hasPoints],
  );
  const linked = useMemo(
    () =>
      nearbyActive
        ? (nearby.data ?? [])
            .map((r) => lookup.get(r.gs_entity_id))
            .filter((l) => l !== undefined)
            .map(toPoint)
            .filter((p) => p !== null)
        : [],
    [nearbyActive, nearby.data, lookup],
  );
  const anchorLocation = anchor.data ?? null;
  const origin = state.near
    ? anchorLocation && hasCoordinates(anchorLocation)
      ? { lat: anchorLocation.latitude, lon: anchorLocation.longitude, label: anchorLocation.location }
      : null
    : state.np
      ? { lat: state.np.lat, lon: state.np.lon, label: 'Nearby search point' }
      : null;

  const filter = (patch: Partial<typeof state>): void => setState({ ...patch, page: 1 });
  const changeText = (value: string): void => {
    setText(value);
    setLastWritten(value);
    setState({ q: value, page: 1 }, { replace: true });
  };
  const sortBy = (column: PricingLocationSortColumn): void =>
    setState((s) => ({
      sort: column,
      order: s.sort === column && s.order === 'asc' ? 'desc' : 'asc',
      page: 1,
    }));
  const select = useCallback((gsId: string) => setState({ sel: gsId }, { replace: true }), [setState]);
  const onViewChange = useCallback(
    (view: MapView) => setState({ c: { lat: view.lat, lon: view.lon }, z: view.zoom }, { replace: true }),
    [setState],
  );
  const onMapClick = useCallback(
    (lat: number, lon: number) => setState({ np: { lat, lon }, near: '' }),
    [setState],
  );
  const findNear = (point: LatLon, limit: number, maxd: number | null): void =>
    setState({ np: point, near: '', limit, maxd });

  const data = list.data;
  const total = data?.total_items ?? 0;
  const lastPage = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const facets = data?.facets;
  const filtered =
    state.q.trim() !== '' ||
    state.types.length + state.zones.length + state.statuses.length > 0 ||
    state.geo !== '';

  const selectedLocation = lookup.get(state.sel) ?? selectedById.data;
  // A load zone has no place of its own: selecting it rings its member nodes on the map.
  const zoneName =
    selectedLocation && !hasCoordinates(selectedLocation) && selectedLocation.location_type === LOAD_ZONE_TYPE
      ? selectedLocation.location
      : null;
  const zoneMembers = useQuery({
    ...pricingLocationsOptions({ has_geo: true, zones: zoneName ?? '', page_size: MAP_PAGE_SIZE }),
    enabled: zoneName !== null,
  });
  const members = useMemo(
    () => (zoneName === null ? [] : (zoneMembers.data?.items ?? []).map(toPoint).filter((p) => p !== null)),
    [zoneName, zoneMembers.data],
  );
  // Listed but not on the map: the aggregates (hubs, load zones) and anything else without coordinates.
  const withoutPlace = data && mapQuery.data && state.geo === '' ? total - mapQuery.data.total_items : 0;

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1>Pricing locations</h1>
        <p className={styles.count} aria-live="polite">
          {data ? `${formatInteger(total)} location${total === 1 ? '' : 's'}` : ''}
        </p>
        <SaveViewBar
          kind="locations"
          describe={(path) =>
            locationsViewDescriptor({
              path,
              state,
              nearby: nearbyActive ? nearbyParams : null,
              selected: selectedLocation?.location ?? null,
            })
          }
        />
      </header>
      <LinkSettingsNotice unread={unreadUrlSettings(params, invalid, LOCATIONS_LINK_NOTES)} />

      <div role="search" aria-label="Pricing locations" className={styles.filters}>
        <div className={styles.field}>
          <label htmlFor={`${id}-q`}>Search locations</label>
          <input
            id={`${id}-q`}
            type="search"
            value={text}
            placeholder="Name, id or zone"
            autoComplete="off"
            spellCheck={false}
            onChange={(event) => changeText(event.target.value)}
          />
        </div>
        <FacetGroup
          legend="Location type"
          counts={facets?.location_type}
          selected={state.types}
          onChange={(types) => filter({ types })}
        />
        <FacetGroup
          legend="Zone"
          counts={facets?.zone}
          selected={state.zones}
          onChange={(zones) => filter({ zones })}
        />
        <FacetGroup
          legend="Status"
          counts={facets?.status}
          selected={state.statuses}
          onChange={(statuses) => filter({ statuses })}
        />
        <div className={styles.field}>
          <label htmlFor={`${id}-geo`}>Has coordinates</label>
          <select
            id={`${id}-geo`}
            value={state.geo}
            onChange={(event) => filter({ geo: event.target.value as typeof state.geo })}
          >
            <option value="">Any</option>
            <option value="yes">With coordinates</option>
            <option value="no">Without coordinates (not on map)</option>
          </select>
        </div>
        {filtered && (
          <button
            type="button"
            className={styles.clear}
            onClick={() => {
              setText('');
              setLastWritten('');
              filter({ q: '', types: [], zones: [], statuses: [], geo: '' });
            }}
          >
            Clear filters
          </button>
        )}
      </div>

      <div className={styles.split}>
        <section aria-label="Map" className={styles.mapColumn}>
          <LazyLocationMap
            className={styles.map}
            label="Map of pricing locations. Arrow keys pan, plus and minus zoom."
            points={points}
            view={{
              lat: state.c?.lat ?? DEFAULT_VIEW.lat,
              lon: state.c?.lon ?? DEFAULT_VIEW.lon,
              zoom: state.z,
            }}
            onViewChange={onViewChange}
            selectedId={state.sel || null}
            highlightedId={hovered}
            onSelect={select}
            onHover={setHovered}
            onMapClick={onMapClick}
            origin={origin}
            linked={linked}
            members={members}
            onPopupClose={() => setState({ sel: '' }, { replace: true })}
            renderPopup={(point) => {
              const l = lookup.get(point.id);
              return (
                <div className={styles.popup}>
                  <strong>{point.label}</strong>
                  {l && <span>{[l.location_type, l.zone].filter(Boolean).join(' · ')}</span>}
                  <Link to={`/locations/${encodeURIComponent(point.id)}`}>Details</Link>
                </div>
              );
            }}
          />
          <ul className={styles.legend} aria-label="Legend">
            {Object.entries(TYPE_COLORS).map(([type, color]) => (
              <li key={type}>
                <span className={styles.swatch} style={{ background: color }} aria-hidden="true" />
                {type}
              </li>
            ))}
          </ul>
          <p className={`${styles.muted} ${styles.line}`}>
            {!hasPoints
              ? 'Locations without coordinates are not on the map.'
              : mapQuery.data
                ? [
                    `${formatInteger(points.length)} on the map.`,
                    withoutPlace > 0
                      ? `${formatInteger(withoutPlace)} of the ${formatInteger(total)} listed ${withoutPlace === 1 ? 'has' : 'have'} no coordinates (hubs and load zones are aggregates) and ${withoutPlace === 1 ? 'is' : 'are'} not on it.`
                      : '',
                    selectedLocation ? `Selected: ${selectedLocation.location}.` : '',
                    zoneName !== null && zoneMembers.data
                      ? `Its ${formatInteger(members.length)} member node${members.length === 1 ? '' : 's'} with coordinates are ringed.`
                      : '',
                  ]
                    .filter(Boolean)
                    .join(' ')
                : ''}
          </p>
          <MapSettings />
          <NearbyPanel
            search={{
              point: state.np,
              anchor: anchorLocation,
              anchorId: state.near,
              limit: state.limit,
              maxDistance: state.maxd,
            }}
            results={nearby.data}
            isPending={nearby.isPending}
            error={nearby.error ?? (anchor.isError ? anchor.error : null)}
            onRetry={() => void nearby.refetch()}
            lookup={lookup}
            onFind={findNear}
            onOptions={(limit, maxd) => setState({ limit, maxd })}
            onClear={() => setState({ np: null, near: '', maxd: null, limit: 10 })}
            highlightedId={hovered}
            onHover={setHovered}
            onSelect={select}
          />
        </section>

        <section aria-labelledby={`${id}-list`} className={styles.listColumn}>
          <h2 id={`${id}-list`}>List</h2>
          {list.isPending ? (
            <QueryLoading label="Loading locations…" queryKey={listOptions.queryKey} refetch={list.refetch} />
          ) : list.isError ? (
            <ApiErrorMessage error={list.error} onRetry={() => void list.refetch()} />
          ) : !data || data.items.length === 0 ? (
            <EmptyState title="No locations match the filters." />
          ) : (
            <>
              <LocationTable
                caption="Pricing locations"
                rows={data.items}
                sort={state.sort}
                order={state.order}
                onSort={sortBy}
                selectedId={state.sel}
                highlightedId={hovered}
                onSelect={select}
                onHover={setHovered}
                onNear={(gsId) => setState({ near: gsId, np: null })}
              />
              <nav aria-label="Pages" className={styles.pager}>
                <button
                  type="button"
                  disabled={state.page <= 1}
                  onClick={() => setState({ page: state.page - 1 })}
                >
                  Previous
                </button>
                <span aria-live="polite">{rangeText(state.page, data.items.length, total)}</span>
                <button
                  type="button"
                  disabled={state.page >= lastPage}
                  onClick={() => setState({ page: state.page + 1 })}
                >
                  Next
                </button>
              </nav>
            </>
          )}
        </section>
      </div>
    </div>
  );
}
