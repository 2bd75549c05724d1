import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { PricingLocation, PricingLocationSortColumn } from '@/contract';
import { formatNumber, formatTimestamp } from '@/lib/format';
import { hasCoordinates, typeColor } from './locationTypes';
import styles from './LocationsPage.module.css';

interface Column {
  id: PricingLocationSortColumn;
  header: string;
  numeric?: boolean;
  cell: (l: PricingLocation) => ReactNode;
}

const COLUMNS: readonly Column[] = [
  {
    id: 'location_type',
    header: 'Type',
    cell: (l) => (
      <span className={styles.type}>
        <span
          className={styles.swatch}
          style={{ background: typeColor(l.location_type) }}
          aria-hidden="true"
        />
        {l.location_type}
      </span>
    ),
  },
  { id: 'zone', header: 'Zone', cell: (l) => l.zone ?? '—' },
  { id: 'status', header: 'Status', cell: (l) => l.status },
  {
    id: 'latitude',
    header: 'Latitude',
    numeric: true,
    cell: (l) => formatNumber(l.latitude, { decimals: 4 }),
  },
  {
    id: 'longitude',
    header: 'Longitude',
    numeric: true,
    cell: (l) => formatNumber(l.longitude, { decimals: 4 }),
  },
  {
    id: 'latest_seen_utc',
    header: 'Data through',
    cell: (l) => <time dateTime={l.latest_seen_utc}>{formatTimestamp(l.latest_seen_utc)}</time>,
  },
];

interface Props {
  caption: string;
  rows: readonly PricingLocation[];
  sort: PricingLocationSortColumn;
  order: 'asc' | 'desc';
  onSort: (column: PricingLocationSortColumn) => void;
  selectedId: string;
  highlightedId: string | null;
  onSelect: (id: string) => void;
  onHover: (id: string | null) => void;
  onNear: (id: string) => void;
}

function SortHeader({
  id,
  header,
  sort,
  order,
  onSort,
  numeric,
}: {
  id: PricingLocationSortColumn;
  header: string;
  sort: PricingLocationSortColumn;
  order: 'asc' | 'desc';
  onSort: (column: PricingLocationSortColumn) => void;
  numeric?: boolean | undefined;
}) {
  const active = sort === id;
  return (
    <th
      scope="col"
      aria-sort={active ? (order === 'asc' ? 'ascending' : 'descending') : 'none'}
      className={numeric ? styles.numeric : undefined}
    >
      <button type="button" className={styles.sortButton} onClick={() => onSort(id)}>
        {header}
        <span aria-hidden="true" className={styles.sortMark}>
          {active ? (order === 'asc' ? '▲' : '▼') : '↕'}
        </span>
      </button>
    </th>
  );
}

/**
 * The list beside the map, and its accessible alternative: every location of the page, its row
 * highlighted while its marker is hovered and scrolled into view when its marker is clicked.
 */
export function LocationTable({
  caption,
  rows,
  sort,
  order,
  onSort,
  selectedId,
  highlightedId,
  onSelect,
  onHover,
  onNear,
}: Props) {
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  useEffect(() => {
    if (!selectedId) return;
    const row = bodyRef.current?.querySelector(`tr[data-id="${CSS.escape(selectedId)}"]`);
    row?.scrollIntoView({ block: 'nearest' });
  }, [selectedId, rows]);

  return (
    <div className={styles.tableScroll} role="region" aria-label={caption} tabIndex={0}>
      <table className={styles.table}>
        <caption className={styles.visuallyHidden}>{caption}</caption>
        <thead>
          <tr>
            <SortHeader id="location" header="Location" sort={sort} order={order} onSort={onSort} />
            {COLUMNS.map((c) => (
              <SortHeader
                key={c.id}
                id={c.id}
                header={c.header}
                sort={sort}
                order={order}
                onSort={onSort}
                numeric={c.numeric}
              />
            ))}
            <th scope="col">
              <span className={styles.visuallyHidden}>Actions</span>
            </th>
          </tr>
        </thead>
        <tbody ref={bodyRef}>
          {rows.map((l) => {
            const onMap = hasCoordinates(l);
            const classes = [
              l.gs_entity_id === selectedId ? styles.selected : '',
              l.gs_entity_id === highlightedId ? styles.highlighted : '',
            ].filter(Boolean);
            return (
              <tr
                key={l.gs_entity_id}
                data-id={l.gs_entity_id}
                className={classes.join(' ') || undefined}
                aria-current={l.gs_entity_id === selectedId ? 'true' : undefined}
                onMouseEnter={() => onHover(l.gs_entity_id)}
                onMouseLeave={() => onHover(null)}
              >
                <th scope="row" className={styles.nameCell}>
                  <Link to={`/locations/${encodeURIComponent(l.gs_entity_id)}`}>{l.location}</Link>
                  {!onMap && <span className={styles.notOnMap}>not on map</span>}
                </th>
                {COLUMNS.map((c) => (
                  <td key={c.id} className={c.numeric ? styles.numeric : undefined}>
                    {c.cell(l)}
                  </td>
                ))}
                <td className={styles.actions}>
                  {onMap && (
                    <>
                      <button
                        type="button"
                        aria-pressed={l.gs_entity_id === selectedId}
                        aria-label={`Show on map: ${l.location}`}
                        onClick={() => onSelect(l.gs_entity_id)}
                        onFocus={() => onHover(l.gs_entity_id)}
                        onBlur={() => onHover(null)}
                      >
                        Show on map
                      </button>
                      <button
                        type="button"
                        aria-label={`Near this location: ${l.location}`}
                        onClick={() => onNear(l.gs_entity_id)}
                      >
                        Near this location
                      </button>
                    </>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
