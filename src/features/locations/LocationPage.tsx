import { useQuery } from '@tanstack/react-query';
import { type ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { isApiError } from '@/api/ApiError';
import { pricingLocationOptions } from '@/api/locations/queries';
import type { PricingLocation } from '@/api/types';
import { ApiErrorMessage } from '@/components/ApiErrorMessage';
import { QueryLoading } from '@/components/QueryLoading';
import { LazyLocationMap } from '@/components/map/LazyLocationMap';
import { formatNumber, formatTimestamp } from '@/lib/format';
import { hasCoordinates, queryBuilderHref, statusText, typeColor } from './locationTypes';
import styles from './LocationsPage.module.css';
import { useDocumentTitle } from '@/lib/useDocumentTitle';

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
    ['Last seen', <Seen key="last" value={l.latest_seen_utc} />],
    ['Status threshold', `${l.status_threshold_days} days`],
    ['Pricing datasets', l.pricing_datasets.join(', ')],
  ];
}

function Detail({ location: l }: { location: PricingLocation }) {
  return (
    <>
      <header className={styles.header}>
        <h1>{l.location}</h1>
        <p className={styles.count}>
          {l.location_type} · {statusText(l)}
        </p>
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
            <p className={styles.muted}>
              Opens the query builder filtered to {l.location} for the last 7 days.
            </p>
            <ul className={styles.links}>
              {l.pricing_datasets.map((datasetId) => (
                <li key={datasetId}>
                  <Link to={queryBuilderHref(datasetId, l.location)}>Query {datasetId}</Link>
                </li>
              ))}
            </ul>
          </section>
        </div>
      </div>
    </>
  );
}

/** `/locations/:gsEntityId`: every field of one pricing location, its place and its price data. */
export function LocationPage() {
  const { gsEntityId = '' } = useParams();
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
        <>
          <h1>
            {isApiError(query.error) && query.error.status === 404
              ? 'Location not found'
              : 'This location could not be loaded'}
          </h1>
          <ApiErrorMessage error={query.error} onRetry={() => void query.refetch()} />
        </>
      ) : (
        <Detail location={query.data} />
      )}
    </div>
  );
}
