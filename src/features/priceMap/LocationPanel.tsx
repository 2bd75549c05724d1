import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { addToCompareHref } from '@/compare/compareLinks';
import { locationDayOptions } from '@/api/prices/queries';
import type { PricingLocation } from '@/contract';
import { ApiErrorMessage } from '@/components/ApiErrorMessage';
import { Loading } from '@/components/Loading';
import { formatTimestamp } from '@/lib/format';
import { money } from './colorScale';
import { DayChart } from './DayChart';
import { formatUtc, type MarketDay } from '@/time';
import type { PriceDataset } from './priceDatasets';
import styles from './PriceMapPage.module.css';

interface LocationPanelProps {
  location: PricingLocation;
  dataset: PriceDataset;
  day: MarketDay;
  current: number;
  price: number | null;
  measureLabel: string | null;
  measureValue: number | null;
  onClose: () => void;
}

function queryBuilderHref(dataset: string, location: string, day: MarketDay): string {
  const params = new URLSearchParams({
    v: '1',
    range: 'custom',
    start: formatUtc(day.start),
    end: formatUtc(day.end),
    fcol: 'location',
    fval: location,
  });
  return `/datasets/${encodeURIComponent(dataset)}/query?${params.toString()}`;
}

/** The clicked location: its price now, its day as a small chart (one query), and where to go next. */
export function LocationPanel({
  location,
  dataset,
  day,
  current,
  price,
  measureLabel,
  measureValue,
  onClose,
}: LocationPanelProps) {
  const series = useQuery(
    locationDayOptions({
      dataset: dataset.id,
      column: dataset.priceColumn,
      location: location.location,
      start: formatUtc(day.start),
      end: formatUtc(day.end),
    }),
  );
  return (
    <section aria-labelledby="price-panel-title" className={styles.panel}>
      <div className={styles.panelHead}>
        <h2 id="price-panel-title">{location.location}</h2>
        <button type="button" onClick={onClose}>
          Close
        </button>
      </div>
      <p className={styles.muted}>{[location.location_type, location.zone].filter(Boolean).join(' · ')}</p>
      <dl className={styles.facts}>
        <dt>Price at {formatTimestamp(current)}</dt>
        <dd data-testid="panel-price">
          {money(price)} {price === null ? '' : dataset.unit.replace('$', '')}
        </dd>
        {measureLabel && (
          <>
            <dt>{measureLabel}</dt>
            <dd>{money(measureValue)}</dd>
          </>
        )}
      </dl>
      {series.isPending ? (
        <Loading label="Loading the day…" />
      ) : series.isError ? (
        <ApiErrorMessage error={series.error} onRetry={() => void series.refetch()} />
      ) : (
        <DayChart series={series.data} current={current} name={location.location} />
      )}
      <ul className={styles.links}>
        <li>
          <Link to={`/locations/${encodeURIComponent(location.gs_entity_id)}`}>Location page</Link>
        </li>
        <li>
          <Link to={queryBuilderHref(dataset.id, location.location, day)}>Query this day</Link>
        </li>
        <li>
          <Link
            to={addToCompareHref(
              {
                dataset: dataset.id,
                column: dataset.priceColumn,
                filterColumn: 'location',
                filterValue: location.location,
                fn: 'mean',
                shift: 0,
                lead: null,
              },
              { from: day.date, to: day.date },
            )}
          >
            Add to compare
          </Link>
        </li>
      </ul>
    </section>
  );
}
