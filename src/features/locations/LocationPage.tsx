import { useQuery } from '@tanstack/react-query';
import { type ReactNode } from 'react';
import { Link, Navigate, useParams } from 'react-router-dom';
import { isApiError } from '@/api/ApiError';
import { pricingLocationOptions, pricingLocationsOptions } from '@/api/locations/queries';
import type { PricingLocation } from '@/contract';
import { ApiErrorMessage } from '@/components/ApiErrorMessage';
import { QueryLoading } from '@/components/QueryLoading';
import { LazyLocationMap, usePreloadLocationMap } from '@/components/map/LazyLocationMap';
import { formatNumber, formatTimestamp } from '@/lib/format';
import { hasCoordinates, queryBuilderHref, statusText, typeColor } from './locationTypes';
import styles from './LocationsPage.module.css';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import { useMarketToday } from '@/lib/useMarketToday';
import { addDays, zonedMidnightOf } from '@/time';
import { datasetsOptions } from '@/api/datasets/queries';
import { addToCompareHref, hubOfZone, nodeVsHub, nodeVsHubHref } from '@/compare/compareLinks';
import { compareHref } from '@/compare/compareWorkspace';
import { valueColumnOf } from '@/lib/valueColumn';
import { locationViewDescriptor } from './viewDescriptor';
import { lastDataRange, type DayRange } from './linkRange';
import { SaveViewBar } from '@/components/workspace/SaveViewBar';

function Seen({ value }: { value: string }) {
  return (
    <>
      <time dateTime={value}>{formatTimestamp(value, { timeZone: 'UTC' })}</time>
      <span className={styles.muted}> ({formatTimestamp(value)} market time)</span>
    </>
  );
}

function fields(l: PricingLocation): [string, ReactNode][] {
  return [
    ['Location', l.location],
    ['Id (gs_entity_id)', <code key="id">{l.gs_entity_id}</code>],
    ['Type', l.location_type],
    ['Market', l.market_id],
    ['Balancing authority', l.baa],
    ['Zone', l.zone ?? '—'],
    ['Zone type', l.zone_type ?? '—'],
    ['Latitude', hasCoordinates(l) ? formatNumber(l.latitude, { decimals: 4 }) : '— (not on map)'],
    ['Longitude', hasCoordinates(l) ? formatNumber(l.longitude, { decimals: 4 }) : '— (not on map)'],
    ['Status', statusText(l)],
    ['First seen', <Seen key="first" value={l.earliest_seen_utc} />],
    // Day-ahead prices run into tomorrow, so the last row can lie in the future: it is how far the
    // data reaches, not when the location was last observed.
    ['Data through', <Seen key="last" value={l.latest_seen_utc} />],
    ['Status threshold', `${l.status_threshold_days} days`],
    ['Pricing datasets', l.pricing_datasets.join(', ')],
  ];
}

/**
 * The node against its hub: over the last 7 days, or over `days` (its last data) when it has none
 * in the last 7 days.
 */
function hubHref(l: PricingLocation, days: DayRange | null): string {
  if (days === null) return nodeVsHubHref(l.location, l.zone);
  // The workspace "now" would open on, moved to the day after the last one: the same days.
  return compareHref({
    ...nodeVsHub(l.location, hubOfZone(l.zone), zonedMidnightOf(addDays(days.to, 1))),
    ...days,
  });
}

/** The days a link opens on, said beside it when they are not the last 7. */
const lastDataText = (days: DayRange) => `for the last 7 days of its data, to ${days.to}`;

/**
 * This location's prices as series of Compare; a resource node also against its hub. A new
 * workspace opens on `days` when given (a location without data in the last 7 days).
 */
function CompareLinks({ location: l, days }: { location: PricingLocation; days: DayRange | null }) {
  const catalog = useQuery(datasetsOptions());
  const datasets = (catalog.data?.data ?? []).filter((d) => l.pricing_datasets.includes(d.id));
  if (datasets.length === 0) return null;
  return (
    <ul className={styles.links} aria-label="Compare">
      {datasets.map((d) => {
        const column = valueColumnOf(d);
        if (column === null) return null;
        const href = addToCompareHref(
          {
            dataset: d.id,
            column,
            filterColumn: 'location',
            filterValue: l.location,
            fn: 'mean',
            shift: 0,
            lead: null,
          },
          days,
        );
        return (
          <li key={d.id}>
            <Link to={href}>Add {d.id} to compare</Link>
          </li>
        );
      })}
      {l.location_type === 'Resource Node' && (
        <li>
          <Link to={hubHref(l, days)} aria-describedby={days === null ? undefined : 'location-hub-range'}>
            Compare with its hub ({hubOfZone(l.zone)})
          </Link>
          {days !== null && (
            <span id="location-hub-range" className={styles.muted}>
              {' '}
              {lastDataText(days)} ({days.from} to {days.to})
            </span>
          )}
        </li>
      )}
    </ul>
  );
}

function Detail({ location: l }: { location: PricingLocation }) {
  // A location whose data ends before the last 7 days (a retired node) is opened on its last data.
  const days = lastDataRange(l.latest_seen_utc, useMarketToday());
  return (
    <>
      <header className={styles.header}>
        <h1>{l.location}</h1>
        <p className={styles.count}>
          {l.location_type} · {statusText(l)}
        </p>
        <SaveViewBar kind="location" describe={(path) => locationViewDescriptor(path, l)} />
      </header>
      <div className={styles.detailGrid}>
        <dl className={styles.fields}>
          {fields(l).map(([term, value]) => (
            <div key={term}>
              <dt>{term}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        <div className={styles.detailSide}>
          {hasCoordinates(l) ? (
            <>
              <LazyLocationMap
                className={styles.smallMap}
                label={`Map showing ${l.location}`}
                points={[
                  {
                    id: l.gs_entity_id,
                    lat: l.latitude,
                    lon: l.longitude,
                    color: typeColor(l.location_type),
                    label: l.location,
                  },
                ]}
                view={{ lat: l.latitude, lon: l.longitude, zoom: 8 }}
                selectedId={l.gs_entity_id}
                cluster={false}
              />
              <p>
                <Link to={`/locations?near=${encodeURIComponent(l.gs_entity_id)}`}>Near this location</Link>
              </p>
            </>
          ) : (
            <p className={styles.notOnMap}>not on map: an aggregate without coordinates</p>
          )}
          <section aria-labelledby="location-queries">
            <h2 id="location-queries">Prices at this location</h2>
            <p id="location-queries-range" className={styles.muted}>
              {days === null
                ? `Opens the query builder filtered to ${l.location} for the last 7 days.`
                : `Opens the query builder filtered to ${l.location} ${lastDataText(days)} (${days.from} to ${days.to}, market time): it has no data in the last 7 days.`}
            </p>
            <ul className={styles.links}>
              {l.pricing_datasets.map((datasetId) => (
                <li key={datasetId}>
                  <Link
                    to={queryBuilderHref(datasetId, l.location, days)}
                    aria-describedby={days === null ? undefined : 'location-queries-range'}
                  >
                    Query {datasetId}
                  </Link>
                </li>
              ))}
            </ul>
            <CompareLinks location={l} days={days} />
          </section>
        </div>
      </div>
    </>
  );
}

/** The id a settlement-point name most likely means: `HB_NORTH` → `ercot-hb_north`. */
function searchTermOf(idOrName: string): string {
  return idOrName.trim().replace(/^ercot-/i, '');
}

/**
 * What a not-found location link can still lead to: a location whose name (not id) was given opens
 * at once; otherwise the closest matches by name, id or zone, and the way to the full list.
 */
function NotFound({ idOrName, error }: { idOrName: string; error: unknown }) {
  const term = searchTermOf(idOrName);
  // The contract's id is `ercot-` + the lower-cased name, so a name finds its location directly.
  const candidateId = `ercot-${term.toLowerCase()}`;
  const byName = useQuery({
    ...pricingLocationOptions(candidateId),
    enabled: term !== '' && candidateId !== idOrName,
  });
  const matches = useQuery({
    ...pricingLocationsOptions({ search: term, page_size: 10 }),
    enabled: term !== '',
  });
  const items = matches.data?.items ?? [];
  const exact =
    byName.data ??
    items.find(
      (l) =>
        l.location.toLowerCase() === term.toLowerCase() ||
        l.gs_entity_id.toLowerCase() === idOrName.toLowerCase(),
    );
  if (exact && exact.gs_entity_id !== idOrName) {
    return <Navigate to={`/locations/${encodeURIComponent(exact.gs_entity_id)}`} replace />;
  }
  return (
    <>
      <h1>Location not found</h1>
      <ApiErrorMessage error={error} />
      {(matches.isPending || byName.isFetching) && term !== '' ? (
        <p className={styles.muted}>Looking for locations named like “{term}”…</p>
      ) : items.length > 0 ? (
        <section aria-labelledby="location-suggestions">
          <h2 id="location-suggestions">Did you mean</h2>
          <ul className={styles.links}>
            {items.map((l) => (
              <li key={l.gs_entity_id}>
                <Link to={`/locations/${encodeURIComponent(l.gs_entity_id)}`}>{l.location}</Link>
                <span className={styles.muted}>
                  {' '}
                  · {l.location_type}
                  {l.zone ? ` · ${l.zone}` : ''}
                </span>
              </li>
            ))}
          </ul>
          {(matches.data?.total_items ?? 0) > items.length ? (
            <p>
              <Link to={`/locations?q=${encodeURIComponent(term)}`}>
                All {matches.data?.total_items} locations matching “{term}”
              </Link>
            </p>
          ) : null}
        </section>
      ) : (
        <p>
          No location has a name, id or zone containing “{term}”.{' '}
          <Link to="/locations">Browse all pricing locations</Link> or search them by name on the map page.
        </p>
      )}
    </>
  );
}

// Boot's first-screen prefetch (app/firstScreenData) takes it from the page's own chunk.
export { prefetchLocation } from './firstScreen';

/**
 * `/locations/:gsEntityId`: every field of one pricing location, its place and its price data. A
 * settlement-point name in place of the id (`/locations/HB_NORTH`) resolves to its location.
 */
export function LocationPage() {
  const { gsEntityId = '' } = useParams();
  usePreloadLocationMap();
  const options = pricingLocationOptions(gsEntityId);
  const query = useQuery(options);
  const name = query.data?.location;
  useDocumentTitle(`${name ?? gsEntityId} · Pricing locations`);
  return (
    <div className={styles.page}>
      <nav aria-label="Breadcrumb">
        <Link to="/locations">← All pricing locations</Link>
      </nav>
      {query.isPending ? (
        <QueryLoading label="Loading location…" queryKey={options.queryKey} refetch={query.refetch} />
      ) : query.isError ? (
        isApiError(query.error) && query.error.status === 404 ? (
          <NotFound idOrName={gsEntityId} error={query.error} />
        ) : (
          <>
            <h1>This location could not be loaded</h1>
            <ApiErrorMessage error={query.error} onRetry={() => void query.refetch()} />
          </>
        )
      ) : (
        <Detail location={query.data} />
      )}
    </div>
  );
}
