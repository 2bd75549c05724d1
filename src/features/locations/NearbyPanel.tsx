import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { isNotFoundError } from '@/api/ApiError';
import type { NearbyPricingLocation, PricingLocation } from '@/contract';
import { ApiErrorMessage } from '@/components/ApiErrorMessage';
import { Loading } from '@/components/Loading';
import { formatNumber } from '@/lib/format';
import type { LatLon } from './locationsUrlState';
import styles from './LocationsPage.module.css';

interface NearbySearch {
  point: LatLon | null;
  anchor: PricingLocation | null;
  anchorId: string;
  limit: number;
  maxDistance: number | null;
}

interface Props {
  search: NearbySearch;
  results: NearbyPricingLocation[] | undefined;
  isPending: boolean;
  error: unknown;
  onRetry: () => void;
  /** Details (zone) of result locations, when known. */
  lookup: ReadonlyMap<string, PricingLocation>;
  onFind: (point: LatLon, limit: number, maxDistance: number | null) => void;
  onOptions: (limit: number, maxDistance: number | null) => void;
  onClear: () => void;
  highlightedId: string | null;
  onHover: (id: string | null) => void;
  onSelect: (id: string) => void;
}

function parseCoordinate(text: string, max: number): number | null {
  const value = Number(text.trim());
  return text.trim() !== '' && Number.isFinite(value) && Math.abs(value) <= max ? value : null;
}

/** The nearest locations to a point (typed, or clicked on the map) or to a chosen location. */
export function NearbyPanel({
  search,
  results,
  isPending,
  error,
  onRetry,
  lookup,
  onFind,
  onOptions,
  onClear,
  highlightedId,
  onHover,
  onSelect,
}: Props) {
  const id = useId();
  const [lat, setLat] = useState(search.point ? String(search.point.lat) : '');
  const [lon, setLon] = useState(search.point ? String(search.point.lon) : '');
  const [limit, setLimit] = useState(String(search.limit));
  const [maxDistance, setMaxDistance] = useState(
    search.maxDistance === null ? '' : String(search.maxDistance),
  );
  const [shownPoint, setShownPoint] = useState(search.point);
  // A point from the map or the URL replaces what was typed.
  if (search.point !== shownPoint) {
    setShownPoint(search.point);
    if (search.point) {
      setLat(String(search.point.lat));
      setLon(String(search.point.lon));
    }
  }
  const [problem, setProblem] = useState('');

  const options = (): { limit: number; maxDistance: number | null } | null => {
    const l = Number(limit);
    if (!Number.isInteger(l) || l < 1 || l > 100) {
      setProblem('Limit must be a whole number from 1 to 100.');
      return null;
    }
    const d = maxDistance.trim() === '' ? null : Number(maxDistance);
    if (d !== null && (!Number.isFinite(d) || d <= 0)) {
      setProblem('Max distance must be a positive number of miles.');
      return null;
    }
    return { limit: l, maxDistance: d };
  };

  const active = search.point !== null || search.anchorId !== '';
  const origin = search.anchorId
    ? `Nearest to ${search.anchor?.location ?? search.anchorId}`
    : search.point
      ? `Nearest to ${search.point.lat}, ${search.point.lon}`
      : '';

  return (
    <section aria-labelledby={`${id}-h`} className={styles.nearby}>
      <h2 id={`${id}-h`}>Nearby</h2>
      <p className={styles.muted}>Click the map, type coordinates, or use “Near this location” on a row.</p>
      <form
        className={styles.nearbyForm}
        onSubmit={(event) => {
          event.preventDefault();
          const la = parseCoordinate(lat, 90);
          const lo = parseCoordinate(lon, 180);
          if (la === null || lo === null) {
            setProblem('Latitude must be from −90 to 90 and longitude from −180 to 180.');
            return;
          }
          const o = options();
          if (!o) return;
          setProblem('');
          onFind({ lat: la, lon: lo }, o.limit, o.maxDistance);
        }}
      >
        <label>
          Latitude
          <input
            inputMode="decimal"
            value={lat}
            onChange={(e) => setLat(e.target.value)}
            placeholder="29.76"
          />
        </label>
        <label>
          Longitude
          <input
            inputMode="decimal"
            value={lon}
            onChange={(e) => setLon(e.target.value)}
            placeholder="-95.37"
          />
        </label>
        <label>
          Limit
          <input
            type="number"
            min={1}
            max={100}
            value={limit}
            onChange={(e) => setLimit(e.target.value)}
            onBlur={() => {
              const o = options();
              if (o && active && (o.limit !== search.limit || o.maxDistance !== search.maxDistance)) {
                setProblem('');
                onOptions(o.limit, o.maxDistance);
              }
            }}
          />
        </label>
        <label>
          Max distance (miles)
          <input
            type="number"
            min={0}
            step="any"
            value={maxDistance}
            onChange={(e) => setMaxDistance(e.target.value)}
            onBlur={() => {
              const o = options();
              if (o && active && (o.limit !== search.limit || o.maxDistance !== search.maxDistance)) {
                setProblem('');
                onOptions(o.limit, o.maxDistance);
              }
            }}
          />
        </label>
        <div className={styles.nearbyButtons}>
          <button type="submit">Find nearby</button>
          {active && (
            <button type="button" onClick={onClear}>
              Clear nearby
            </button>
          )}
        </div>
      </form>
      {problem && (
        <p role="alert" className={styles.problem}>
          {problem}
        </p>
      )}
      {active &&
        (isPending ? (
          <Loading label="Finding nearby locations…" />
        ) : error ? (
          <>
            <ApiErrorMessage error={error} onRetry={onRetry} />
            {/* Asking again cannot find a location that does not exist: its page offers the names nearest to it. */}
            {isNotFoundError(error) && search.anchorId !== '' && (
              <p>
                <Link to={`/locations/${encodeURIComponent(search.anchorId)}`}>
                  Locations named like “{search.anchorId}”
                </Link>{' '}
                or Clear nearby to search around a point.
              </p>
            )}
          </>
        ) : results && results.length === 0 ? (
          <p>No locations within reach.</p>
        ) : results ? (
          <table className={styles.table}>
            <caption>{origin}</caption>
            <thead>
              <tr>
                <th scope="col">Location</th>
                <th scope="col">Zone</th>
                <th scope="col" className={styles.numeric}>
                  Distance (mi)
                </th>
              </tr>
            </thead>
            <tbody>
              {results.map((r) => (
                <tr
                  key={r.gs_entity_id}
                  className={r.gs_entity_id === highlightedId ? styles.highlighted : undefined}
                  onMouseEnter={() => onHover(r.gs_entity_id)}
                  onMouseLeave={() => onHover(null)}
                  onClick={(event) => {
                    if (!(event.target instanceof HTMLAnchorElement)) onSelect(r.gs_entity_id);
                  }}
                >
                  <th scope="row">
                    <Link to={`/locations/${encodeURIComponent(r.gs_entity_id)}`}>{r.location}</Link>
                  </th>
                  <td>{lookup.get(r.gs_entity_id)?.zone ?? '—'}</td>
                  <td className={styles.numeric}>{formatNumber(r.distance_in_miles, { decimals: 2 })}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null)}
    </section>
  );
}
