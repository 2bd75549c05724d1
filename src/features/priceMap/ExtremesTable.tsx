import type { PricingLocation } from '@/contract';
import { money, type ColorScale } from './colorScale';
import type { Ranked } from './measures';
import styles from './PriceMapPage.module.css';

interface ExtremesTableProps {
  caption: string;
  rows: readonly Ranked[];
  scale: ColorScale | null;
  lookup: ReadonlyMap<string, PricingLocation>;
  valueLabel: string;
  selectedId: string;
  onSelect: (id: string) => void;
  onHover: (id: string | null) => void;
}

/**
 * The highest or lowest values at the interval, in words and numbers: what the colours say, as text.
 * On a phone the zone column is left out (the location's panel names it), so that the value
 * stays in view; should the rest still not fit, the table scrolls sideways in its own box, never
 * the page.
 */
export function ExtremesTable({
  caption,
  rows,
  scale,
  lookup,
  valueLabel,
  selectedId,
  onSelect,
  onHover,
}: ExtremesTableProps) {
  return (
    <div className="table-scroll">
      <table className={styles.table}>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">Location</th>
            <th scope="col" className={styles.zone}>
              Zone
            </th>
            <th scope="col" className={styles.num}>
              {valueLabel}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => {
            const l = lookup.get(row.name);
            const id = l?.gs_entity_id ?? row.name;
            return (
              <tr key={row.name} aria-selected={id === selectedId}>
                <td>{i + 1}</td>
                <th scope="row">
                  <span
                    className={styles.swatch}
                    style={{ background: scale?.color(row.value) }}
                    aria-hidden="true"
                  />
                  <button
                    type="button"
                    className={styles.linkButton}
                    onClick={() => onSelect(id)}
                    onFocus={() => onHover(id)}
                    onBlur={() => onHover(null)}
                    onMouseEnter={() => onHover(id)}
                    onMouseLeave={() => onHover(null)}
                  >
                    {row.name}
                  </button>
                </th>
                <td className={styles.zone}>{l?.zone ?? '—'}</td>
                <td className={styles.num}>{money(row.value)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
